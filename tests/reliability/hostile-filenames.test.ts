// A file name is only a label: names with `=` or `;` (browsers send them as they are, in a
// quoted Content-Disposition) are accepted through the API and a page upload alike. They
// used to get 400 "The upload was malformed or cut off." from the multipart parser.
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction } from "#app/modules/api/endpoint.server.ts";
import { galleryEndpoints } from "#app/modules/api/media.server.ts";
import { action as galleryPageAction } from "#app/routes/dashboard.upload-gallery.tsx";
import { getDb } from "#db/index.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { adminCookie, args, multipart } from "./support-input.ts";

const NAMES = ["a=b.jpg", "a;b.jpg", "x=1; y=2.jpg", "Photo (1) = best; final.jpg", "ফটো=১;২.jpg"];

let cookie: string;
let jpeg: Blob;
beforeAll(async () => {
  cookie = await adminCookie();
  jpeg = new Blob([new Uint8Array(await makeJpeg(64, 48, 5))], { type: "image/jpeg" });
});

const storedNames = async () => (await getDb().selectFrom("media").select("original_name").execute()).map((r) => r.original_name);

describe("file names with = and ;", () => {
  it("are accepted by the API's upload and kept as the label", async () => {
    for (const name of NAMES) {
      const form = new FormData();
      form.append("image", jpeg, name);
      const response = await apiAction(galleryEndpoints.add)(args(multipart("/api/v1/gallery/add", form, { cookie })));
      expect(`${name} ${response.status}`).toBe(`${name} 201`);
    }
    expect(await storedNames()).toEqual(expect.arrayContaining(NAMES));
  });

  it("are accepted by a page upload (the gallery form)", async () => {
    const form = new FormData();
    for (const name of NAMES) form.append("image", jpeg, `page ${name}`);
    const response = (await galleryPageAction(args(multipart("/dashboard/upload-gallery", form, { cookie })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/upload-gallery?status=added");
    expect(await storedNames()).toEqual(expect.arrayContaining(NAMES.map((name) => `page ${name}`)));
  });
});
