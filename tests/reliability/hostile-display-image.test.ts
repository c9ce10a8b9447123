// Only a ready image can be the home banner. An image still processing or one that failed
// is refused with a clear message, through the page and the API alike, and the current
// choice stays (the home page used to lose its hero: "No display image selected").
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction } from "#app/modules/api/endpoint.server.ts";
import { fixImageEndpoints } from "#app/modules/api/media.server.ts";
import { createMediaEntry, DISPLAY_REFUSALS, listDisplayImages } from "#app/modules/media/library.server.ts";
import { action as imageUploadAction } from "#app/routes/dashboard.image-upload.tsx";
import { getDb } from "#db/index.ts";
import type { MediaStatus } from "#db/schema.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { adminCookie, args, ORIGIN } from "./support-input.ts";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

/** A display image whose processing ended (or not) as `status` says, as the worker records it. */
async function displayImage(status: MediaStatus, seed: number): Promise<number> {
  const { id, mediaId } = await createMediaEntry("display_images", await saveTestUpload(await makeJpeg(320, 180, seed), `d${seed}.jpg`, "image/jpeg", "image"));
  const error = status === "failed" ? "The image file is damaged or incomplete and cannot be read." : null;
  await getDb().updateTable("media").set({ status, error }).where("id", "=", mediaId).execute();
  return id;
}

const currentId = async () => (await listDisplayImages()).find((i) => i.isCurrent)?.id;

async function viaApi(id: number) {
  const request = new Request(new URL(`/api/v1/fiximage/setDisplay/${id}`, ORIGIN), { method: "PUT", headers: { Cookie: cookie } });
  const response = await apiAction(fixImageEndpoints.setDisplay)(args(request, { id: String(id) }));
  return { status: response.status, body: (await response.json()) as { success: boolean; message: string } };
}

async function viaPage(id: number) {
  const request = new Request(new URL("/dashboard/image-upload", ORIGIN), {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "set-current", id: String(id) }),
  });
  const response = (await imageUploadAction(args(request))) as Response | { init: { status: number } | null; data: { error: string } };
  if (response instanceof Response) return { status: response.status, error: null };
  return { status: response.init?.status ?? 200, error: response.data.error };
}

describe("setDisplay accepts only a ready image", () => {
  it("refuses a processing or failed image (API and page) and keeps the current one", async () => {
    const ready = await displayImage("ready", 1);
    const processing = await displayImage("processing", 2);
    const failed = await displayImage("failed", 3);

    expect((await viaApi(ready)).status).toBe(200);
    expect(await currentId()).toBe(ready);

    for (const [id, why] of [[processing, DISPLAY_REFUSALS.processing], [failed, DISPLAY_REFUSALS.failed]] as const) {
      const api = await viaApi(id);
      expect(api.status).toBe(409);
      expect(api.body).toMatchObject({ success: false, message: why });
      expect(await currentId()).toBe(ready);

      const page = await viaPage(id);
      expect(page.status).toBe(409);
      expect(page.error).toBe(`Failed to set display image: ${why}`);
      expect(await currentId()).toBe(ready);
    }

    expect((await viaApi(999_999)).status).toBe(404);
    expect((await viaPage(999_999)).status).toBe(404);
    expect(await currentId()).toBe(ready);
  });
});
