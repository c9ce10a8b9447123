import { promises as fs } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { keepPending, pendingOfForm, pendingThumbnail, readPending, verifyPendingRef, PENDING_TTL_MS } from "#app/modules/media/pending.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { reconcile } from "./reconcile.ts";

// Photos kept for a refused product form, against the real MySQL and disk: bound to their form by
// a signed reference, dropped when the owner ticks "remove", left alone by the orphan sweep while
// they wait, and removed by the reconcile once expired.

const storage = getDiskStorage();
const db = getDb();
const exists = (key: string) => fs.access(storage.originalPath(key)).then(() => true, () => false);

beforeAll(async () => {
  await storage.ensureDirs();
});

describe("kept photos", () => {
  it("come back only for their form, with a reference that is signed and expires", async () => {
    const files = [await saveTestUpload(await makeJpeg(1200, 900, 1), "front.jpg"), await saveTestUpload(await makeJpeg(900, 1200, 2), "back.jpg")];
    const kept = await keepPending("add:formA", files, null);
    expect(kept.photos.map((p) => p.name)).toEqual(["front.jpg", "back.jpg"]);

    const batch = await readPending(kept.ref, "add:formA");
    expect(batch?.files.map((f) => f.key)).toEqual(files.map((f) => f.key));
    expect(batch?.files[0]).toMatchObject({ field: "images", originalName: "front.jpg", mimeType: "image/jpeg", bytes: files[0]!.bytes });
    // Another form, a changed reference or a later time: nothing.
    expect(await readPending(kept.ref, "add:formB")).toBeNull();
    const [name, expires, sig] = kept.ref.split(".") as [string, string, string];
    expect(await readPending(`${name}.${Number(expires) + 1}.${sig}`, "add:formA")).toBeNull();
    expect(await readPending(`${name}.${expires}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`, "add:formA")).toBeNull();
    expect(verifyPendingRef(kept.ref, "add:formA", Date.now() + PENDING_TTL_MS + 1000)).toBeNull();

    // The thumbnail is a real small JPEG of the photo, only for its form.
    const thumb = await pendingThumbnail(kept.ref, "add:formA", kept.photos[0]!.id);
    expect(thumb?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await pendingThumbnail(kept.ref, "add:formB", kept.photos[0]!.id)).toBeNull();
  });

  it("drop the ones ticked to remove, and gather new ones under the same batch", async () => {
    const files = [await saveTestUpload(await makeJpeg(640, 480, 3), "a.jpg"), await saveTestUpload(await makeJpeg(640, 480, 4), "b.jpg")];
    const kept = await keepPending("add:formC", files, null);
    const form = new FormData();
    form.set("pendingRef", kept.ref);
    form.append("removePending", String(kept.photos[0]!.id));
    const left = await pendingOfForm(form, "add:formC");
    expect(left?.files.map((f) => f.originalName)).toEqual(["b.jpg"]);
    expect(await exists(files[0]!.key)).toBe(false);
    expect(await exists(files[1]!.key)).toBe(true);

    const more = await keepPending("add:formC", [await saveTestUpload(await makeJpeg(640, 480, 5), "c.jpg")], left);
    expect(more.photos.map((p) => p.name)).toEqual(["b.jpg", "c.jpg"]);
    expect((await readPending(more.ref, "add:formC"))?.batch).toBe(left?.batch);
  });

  it("outlive the orphan sweep while they wait, and go with the reconcile once expired", async () => {
    const waiting = await saveTestUpload(await makeJpeg(640, 480, 6), "waiting.jpg");
    const expired = await saveTestUpload(await makeJpeg(640, 480, 7), "expired.jpg");
    await keepPending("add:formD", [waiting], null);
    const old = await keepPending("add:formE", [expired], null);
    await db.updateTable("pending_uploads").set({ expires_at: new Date(Date.now() - 1000) }).where("original_path", "=", expired.key).execute();

    const report = await reconcile(db, storage, { requeueAfterMs: 60_000, fileGraceMs: 0 });
    expect(report.removedPending).toBe(1);
    expect(await exists(waiting.key)).toBe(true);
    expect(await exists(expired.key)).toBe(false);
    expect(await readPending(old.ref, "add:formE")).toEqual({ batch: expect.any(String), files: [] });
    expect(await db.selectFrom("pending_uploads").select("original_path").where("original_path", "=", expired.key).execute()).toEqual([]);
  });
});
