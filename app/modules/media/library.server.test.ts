import { promises as fs } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newRenderFacts, productGoneTag, productTag, runRender } from "#app/lib/render-context.server.ts";
import { createRedis } from "#app/lib/redis.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "#workers/runtime.ts";
import {
  createMediaEntry,
  deleteMediaEntry,
  deleteProductMedia,
  getCurrentDisplayImage,
  getGalleryImage,
  listDisplayImages,
  listGalleryImages,
  retryMedia,
  setEntryTitle,
} from "./library.server.ts";
import { markMediaFailed, markMediaReady, refreshProductStatus } from "./records.server.ts";
import { getDiskStorage } from "./storage.server.ts";

const storage = getDiskStorage();
const connection = createRedis("worker");
let running: RunningWorkers;

beforeAll(async () => {
  await storage.ensureDirs();
  running = await startWorkers(
    { db: getDb(), storage, connection, prefix: process.env.QUEUE_PREFIX! },
    settingsFromEnv({ RECONCILE_EVERY_MS: "3600000" }),
  );
});

afterAll(async () => {
  await running.close();
  await connection.quit();
});

/** A product row as the catalog writes it, for the media module's tests; its id. */
async function insertProduct(name: string, category: "wall-hanging" | "home-decor-and-tabletop"): Promise<number> {
  const product = await getDb()
    .insertInto("products")
    .values({ name, description: "", category, price_fixed: 100, price_discount: null, height_in: 1, width_in: 1, length_in: 1, weight_g: 100 })
    .executeTakeFirstOrThrow();
  return Number(product.insertId);
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);
const derived = (key: string) => path.join(storage.mediaDir, key);

/** Waits for the AVIF follow-up too, so no job writes files while a test deletes them. */
async function settled(mediaId: number) {
  await waitForMedia(mediaId);
  for (let i = 0; i < 200; i++) {
    const row = await getDb().selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    if (row.status !== "ready" || row.variants?.some((v) => v.format === "avif")) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("AVIF never came");
}

describe("media library", () => {
  it("lists gallery images for the admin (every state) and the public (ready only)", async () => {
    const good = await createMediaEntry("gallery_images", await saveTestUpload(await makeJpeg(500, 400)));
    const bad = await createMediaEntry("gallery_images", await saveTestUpload(Buffer.from("not a picture"), "x.jpg"));
    await settled(good.mediaId);
    await waitForMedia(bad.mediaId);

    const admin = await listGalleryImages();
    expect(admin.map((i) => [i.id, i.status])).toEqual([
      [bad.id, "failed"],
      [good.id, "ready"],
    ]);
    expect(admin[0]!.error).toMatch(/not a supported image/);
    expect(admin[0]!.image).toBeNull();
    expect(admin[1]!.image?.webpSrcset).toContain("320w");
    expect(admin[1]!.progress).toBe(100);

    const pub = await listGalleryImages({ publicOnly: true });
    expect(pub.map((i) => i.id)).toEqual([good.id]);
    expect(await getGalleryImage(bad.id, { publicOnly: true })).toBeNull();
    expect((await getGalleryImage(bad.id))?.status).toBe("failed");

    await deleteMediaEntry("gallery_images", good.id);
    await deleteMediaEntry("gallery_images", bad.id);
  });

  it("says a file waits its turn until a worker starts on it", async () => {
    await Promise.all(running.workers.map((w) => w.pause()));
    let entry: Awaited<ReturnType<typeof createMediaEntry>>;
    try {
      entry = await createMediaEntry("gallery_images", await saveTestUpload(await makeJpeg(400, 300)));
      const waiting = (await listGalleryImages()).find((i) => i.id === entry.id)!;
      expect([waiting.status, waiting.waiting, waiting.progress]).toEqual(["processing", true, 0]);
    } finally {
      for (const w of running.workers) w.resume();
    }
    await settled(entry.mediaId);
    expect((await listGalleryImages()).find((i) => i.id === entry.id)?.waiting).toBe(false);
    await deleteMediaEntry("gallery_images", entry.id);
  });

  it("retries a failed row: back to processing, queued again despite the failed job left in Redis", async () => {
    const { mediaId } = await createMediaEntry("gallery_images", await saveTestUpload(Buffer.from("still not a picture"), "y.jpg"));
    const failed = await waitForMedia(mediaId);
    expect(failed.status).toBe("failed");
    // The admin replaces nothing here; we fix the original on disk to show the retry really runs the job.
    await fs.writeFile(storage.originalPath(failed.original_path), await makeJpeg(300, 200));
    expect(await retryMedia(mediaId)).toBe(true);
    const retried = await settled(mediaId);
    expect([retried.status, retried.error, retried.attempts]).toEqual(["ready", null, 1]);
    expect(await retryMedia(mediaId)).toBe(false); // only failed rows
  });

  it("deletes an entry and its files, keeping files another upload of the same bytes still uses", async () => {
    const bytes = await makeJpeg(640, 480, 5);
    const a = await createMediaEntry("gallery_images", await saveTestUpload(bytes));
    const b = await createMediaEntry("gallery_images", await saveTestUpload(bytes));
    const rowA = await settled(a.mediaId);
    const rowB = await settled(b.mediaId);
    const shared = rowA.variants!.map((v) => v.path);
    expect(rowB.variants!.map((v) => v.path).sort()).toEqual([...shared].sort());

    expect(await deleteMediaEntry("gallery_images", a.id)).toBe(true);
    expect(await getDb().selectFrom("media").select("id").where("id", "=", a.mediaId).executeTakeFirst()).toBeUndefined();
    expect(await exists(storage.originalPath(rowA.original_path))).toBe(false);
    for (const key of shared) expect(await exists(derived(key))).toBe(true);

    expect(await deleteMediaEntry("gallery_images", b.id)).toBe(true);
    expect(await exists(storage.originalPath(rowB.original_path))).toBe(false);
    for (const key of shared) expect(await exists(derived(key))).toBe(false);
    expect(await deleteMediaEntry("gallery_images", b.id)).toBe(false);
  });

  it("sets and clears the optional title of a gallery image; display images have none", async () => {
    const entry = await createMediaEntry("gallery_images", await saveTestUpload(Buffer.from("titled, not a picture"), "t.jpg"));
    expect((await getGalleryImage(entry.id))!.title).toBeNull();
    expect(await setEntryTitle("gallery_images", entry.id, "Wax models drying")).toBe(true);
    expect(await setEntryTitle("gallery_images", entry.id, "Wax models drying")).toBe(true); // unchanged is still found
    expect((await getGalleryImage(entry.id))!.title).toBe("Wax models drying");
    expect(await setEntryTitle("gallery_images", entry.id, null)).toBe(true);
    expect((await getGalleryImage(entry.id))!.title).toBeNull();
    expect(await setEntryTitle("videos", 999_999, "Nobody")).toBe(false);
    expect((await listDisplayImages()).every((item) => item.title === null)).toBe(true);
  });

  it("shows an image's sizes made again at once (the views kept per image follow updated_at)", async () => {
    const entry = await createMediaEntry("gallery_images", await saveTestUpload(await makeJpeg(640, 480, 9)));
    const row = await settled(entry.mediaId);
    const webp = row.variants!.find((v) => v.format === "webp")!.path;
    const srcset = async () => (await getGalleryImage(entry.id, { publicOnly: true }))!.image!.webpSrcset;
    expect(await srcset()).toContain(`/media/${webp}`);
    // As if the worker had made every size again under new names: the row's updated_at moves.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await getDb()
      .updateTable("media")
      .set({ variants: sql`REPLACE(variants, '.webp', '-again.webp')` })
      .where("id", "=", entry.mediaId)
      .execute();
    expect(await srcset()).toContain(`/media/${webp.replace(/\.webp$/, "-again.webp")}`);
    expect((await listGalleryImages({ publicOnly: true })).find((item) => item.id === entry.id)!.image!.webpSrcset).toContain("-again.webp");
    await deleteMediaEntry("gallery_images", entry.id);
  });

  it("keeps one current display image and returns it only when ready", async () => {
    const first = await createMediaEntry("display_images", await saveTestUpload(await makeJpeg(800, 450, 7)), { current: true });
    const second = await createMediaEntry("display_images", await saveTestUpload(await makeJpeg(800, 450, 8)));
    await settled(first.mediaId);
    await settled(second.mediaId);
    expect((await getCurrentDisplayImage())?.id).toBe(first.id);
    expect((await listDisplayImages()).map((d) => [d.id, d.isCurrent])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
    await deleteMediaEntry("display_images", first.id);
    expect(await getCurrentDisplayImage()).toBeNull();
    await deleteMediaEntry("display_images", second.id);
  });

  it("deleting a product's media rows deletes their files and updates the product's status", async () => {
    const db = getDb();
    const productId = await insertProduct("Owl", "wall-hanging");
    const mediaIds: number[] = [];
    for (const seed of [11, 12]) {
      const upload = await saveTestUpload(await makeJpeg(400, 400, seed));
      const media = await db
        .insertInto("media")
        .values({ kind: "product_image", original_path: upload.key, original_name: "p.jpg", original_bytes: upload.bytes, mime_type: "image/jpeg" })
        .executeTakeFirstOrThrow();
      mediaIds.push(Number(media.insertId));
      await db.insertInto("product_images").values({ product_id: productId, media_id: Number(media.insertId), position: mediaIds.length - 1 }).execute();
    }
    const { requeueMedia } = await import("./media-jobs.server.ts");
    for (const id of mediaIds) await requeueMedia(id, "product_image");
    const rows = await Promise.all(mediaIds.map(settled));
    expect((await db.selectFrom("products").select("status").where("id", "=", productId).executeTakeFirstOrThrow()).status).toBe("ready");
    expect(rows[0]!.variants!.some((v) => v.role === "og")).toBe(true);

    await deleteProductMedia([mediaIds[0]!]);
    for (const v of rows[0]!.variants!) expect(await exists(derived(v.path))).toBe(false);
    for (const v of rows[1]!.variants!) expect(await exists(derived(v.path))).toBe(true);
    expect((await db.selectFrom("product_images").select("media_id").where("product_id", "=", productId).execute()).map((r) => r.media_id)).toEqual([mediaIds[1]]);
  });

  it("marks a product ready when its images finish at the same moment (no write skew)", async () => {
    const db = getDb();
    for (let round = 0; round < 5; round++) {
      const productId = await insertProduct(`Lamp ${round}`, "home-decor-and-tabletop");
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const media = await db
          .insertInto("media")
          .values({ kind: "product_image", original_path: `x/${round}-${i}`, original_name: "p.jpg", original_bytes: 1, mime_type: "image/jpeg" })
          .executeTakeFirstOrThrow();
        ids.push(Number(media.insertId));
        await db.insertInto("product_images").values({ product_id: productId, media_id: Number(media.insertId), position: i }).execute();
      }
      await Promise.all(ids.map((id) => markMediaReady(db, id, { width: 1, height: 1, variants: [] })));
      const { status } = await db.selectFrom("products").select("status").where("id", "=", productId).executeTakeFirstOrThrow();
      expect(status).toBe("ready");
    }
  });

  it("keeps a public piece public while a photo added to it is made; a new piece waits for all its photos", async () => {
    const db = getDb();
    const productId = await insertProduct("Owl pair", "home-decor-and-tabletop");
    const status = async () => (await db.selectFrom("products").select("status").where("id", "=", productId).executeTakeFirstOrThrow()).status;
    const addImage = async (position: number) => {
      const media = await db
        .insertInto("media")
        .values({ kind: "product_image", original_path: `owl/${position}`, original_name: "p.jpg", original_bytes: 1, mime_type: "image/jpeg" })
        .executeTakeFirstOrThrow();
      await db.insertInto("product_images").values({ product_id: productId, media_id: Number(media.insertId), position }).execute();
      return Number(media.insertId);
    };
    /** What the write noted for the page cache. */
    const noted = async (write: () => Promise<unknown>) => {
      const facts = newRenderFacts();
      await runRender(facts, write);
      return [...facts.changed];
    };
    const ready = (mediaId: number) => () => markMediaReady(db, mediaId, { width: 1, height: 1, variants: [] });

    const [first, second] = [await addImage(0), await addImage(1)];
    await ready(first)();
    expect(await status(), "not public before every photo is ready").toBe("processing");
    expect(await noted(ready(second))).toEqual(["*"]);
    expect(await status()).toBe("ready");

    // The owner adds a photo on Edit: the piece stays public, and its pages show the new photo once made.
    const third = await addImage(2);
    expect(await noted(() => refreshProductStatus(db, productId))).toEqual([productTag(productId)]);
    expect(await status()).toBe("ready");
    expect(await noted(ready(third))).toEqual([productTag(productId)]);
    expect(await status()).toBe("ready");

    // A photo that failed hides it: the owner sees why on her dashboard.
    const fourth = await addImage(3);
    expect(await noted(() => markMediaFailed(db, fourth, "not a picture"))).toEqual([productGoneTag(productId)]);
    expect(await status()).toBe("failed");
  });
});
