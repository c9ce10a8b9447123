// The foundation's proof: an uploaded product image goes through the real queue and a
// real BullMQ worker running the real sharp processor, and the product becomes ready.
import { Worker } from "bullmq";
import { describe, expect, it } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { createRedis } from "#app/lib/redis.server.ts";
import { addToList, ListError } from "#app/modules/catalog/lists.server.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct, getPublicProduct } from "#app/modules/catalog/products.server.ts";
import { QUEUE_NAMES, type MediaJobData } from "#app/modules/jobs/jobs.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { processImage } from "#workers/processors/image.ts";

const input = productCreateSchema.parse({
  category: "wall-hanging",
  name: "Test Sun Face",
  price: "2150",
  fixedPrice: "",
  height: "9",
  width: "9",
  length: "1",
  weight: "430",
});

describe("upload → queue → worker → ready", () => {
  it("turns a product's images into variants and marks the product ready", async () => {
    const uploads = [await saveTestUpload(await makeJpeg(900, 700, 1)), await saveTestUpload(await makeJpeg(700, 900, 2))];
    const { id } = await createProduct(input, uploads);

    const product = await getDb().selectFrom("products").select(["status", "price_fixed", "price_discount"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(product).toEqual({ status: "processing", price_fixed: "2150.00", price_discount: "2150.00" });
    expect(await getPublicProduct(id)).toBeNull();
    const waiting = await getQueues().image.getJobs(["waiting", "prioritized"]);
    expect(waiting.map((j) => j.data.mediaId).sort()).toHaveLength(2);

    const connection = createRedis("worker");
    const deps = { db: getDb(), storage: getStorage() };
    const worker = new Worker<MediaJobData>(QUEUE_NAMES.image, (job) => processImage(job, deps), {
      connection,
      prefix: getEnv().QUEUE_PREFIX,
    });
    try {
      await expect.poll(async () => (await getPublicProduct(id))?.images.length ?? 0, { timeout: 30_000 }).toBe(2);
    } finally {
      await worker.close();
      await connection.quit();
    }
    const ready = (await getPublicProduct(id))!;
    expect(ready.status).toBe("ready");
    expect(ready.images[0]!.width).toBe(900);
    expect(ready.images[0]!.webpSrcset).toContain("640w");
    expect(ready.size).toBe("H-9 * W-9 * L-1 inch");
  });

  it("keeps each product once in the Gift list", async () => {
    const { id } = await createProduct(input, [await saveTestUpload(await makeJpeg(400, 400))]);
    await addToList("gift_entries", id);
    await expect(addToList("gift_entries", id)).rejects.toMatchObject({ status: 409 });
    await expect(addToList("gift_entries", 999_999)).rejects.toBeInstanceOf(ListError);
  });

  it("allows only one current display image", async () => {
    const db = getDb();
    const media = async () =>
      Number(
        (
          await db
            .insertInto("media")
            .values({ kind: "display_image", original_path: "x", original_name: "x.jpg", original_bytes: 1, mime_type: "image/jpeg" })
            .executeTakeFirstOrThrow()
        ).insertId,
      );
    await db.insertInto("display_images").values({ media_id: await media(), is_current: 1 }).execute();
    await expect(db.insertInto("display_images").values({ media_id: await media(), is_current: 1 }).execute()).rejects.toThrow(
      /Duplicate entry/,
    );
  });
});
