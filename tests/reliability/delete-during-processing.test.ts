// Deleting a product while the real worker is still making its images' sizes: the work in
// flight is discarded, nothing of the deleted record stays in storage (so /media/* cannot
// serve it), and the worker says so without error-level logs. It used to keep going for
// minutes, log lock errors and leave the derived files it wrote behind.
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { deleteProduct } from "#app/modules/catalog/manage.server.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { createMediaEntry, deleteMediaEntry } from "#app/modules/media/library.server.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { ffmpegProcessesUnder, makeClip, makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { filesUnder, startWorkerProcess, stopAllServices, until } from "./support-services.ts";

afterEach(stopAllServices);

const ERROR_LEVEL = /"level":(50|60)/;

describe("a product deleted while its images are processing", () => {
  it("leaves no derived file, no original, no job and no error log behind", async () => {
    const storage = getDiskStorage();
    await storage.ensureDirs();
    const input = productCreateSchema.parse({
      category: "wall-hanging", name: "Deleted mid-way", price: "100", height: "1", width: "1", length: "1", weight: "1",
    });
    const uploads = await Promise.all([1, 2, 3, 4, 5].map(async (seed) => saveTestUpload(await makeJpeg(2400, 1800, seed), `big${seed}.jpg`)));
    const { id } = await createProduct(input, uploads);
    const mediaIds = (await getDb().selectFrom("product_images").select("media_id").where("product_id", "=", id).execute()).map((r) => r.media_id);

    const worker = startWorkerProcess();
    // Mid-way: the worker has written some sizes and not finished every image.
    await until(async () => (await filesUnder(storage.mediaDir)).length > 0, 60_000, "the first derived file");
    const ready = await getDb().selectFrom("media").select("id").where("id", "in", mediaIds).where("status", "=", "ready").execute();
    expect(ready.length).toBeLessThan(mediaIds.length);
    await deleteProduct(id);

    const queue = getQueues().image;
    await until(async () => {
      const counts = await queue.getJobCounts("active", "waiting", "prioritized", "delayed");
      return Object.values(counts).every((n) => n === 0);
    }, 60_000, "the image queue to be idle");
    await until(async () => (await filesUnder(storage.mediaDir)).length === 0, 10_000, "the derived files of the deleted product to be gone");
    expect(await filesUnder(storage.originalsDir)).toEqual([]);
    expect(await getDb().selectFrom("media").select("id").where("id", "in", mediaIds).execute()).toEqual([]);
    const errors = worker.output().split("\n").filter((line) => ERROR_LEVEL.test(line));
    expect(errors).toEqual([]);
  });
});

describe("a video deleted while ffmpeg is making its copies", () => {
  it("stops ffmpeg within seconds and leaves no file of it behind", async () => {
    const storage = getDiskStorage();
    await storage.ensureDirs();
    // Long and large enough that its web copy takes far longer than the checks below.
    const clip = path.join(storage.scratchDir, "long.mp4");
    await makeClip(clip, { seconds: 40, size: "1280x720", rate: 30, args: ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "38", "-pix_fmt", "yuv444p", "-c:a", "aac"] });
    const { id, mediaId } = await createMediaEntry("videos", await saveTestUpload(await fs.readFile(clip), "long.mp4", "video/mp4", "video"));
    await fs.rm(clip);

    const worker = startWorkerProcess();
    // Past the poster (its sizes stored), with an ffmpeg encoding.
    await until(async () => {
      const row = await getDb().selectFrom("media").select("progress").where("id", "=", mediaId).executeTakeFirst();
      return (row?.progress ?? 0) >= 20 && (await ffmpegProcessesUnder()).length > 0;
    }, 90_000, "ffmpeg to be encoding the video");
    expect(await filesUnder(storage.mediaDir)).not.toEqual([]);
    const deletedAt = Date.now();
    expect(await deleteMediaEntry("videos", id)).toBe(true);

    await until(async () => (await ffmpegProcessesUnder()).length === 0, 10_000, "ffmpeg to be stopped");
    expect(Date.now() - deletedAt).toBeLessThan(5_000);
    const job = await until(async () => {
      const found = (await getQueues().video.getJobs(["completed", "failed"])).find((j) => j.data.mediaId === mediaId);
      return found?.finishedOn ? found : null;
    }, 10_000, "the job to end");
    expect(job.returnvalue).toBe("gone");
    await until(async () => (await filesUnder(storage.mediaDir)).length === 0, 10_000, "the poster sizes of the deleted video to be gone");
    expect(await filesUnder(storage.originalsDir)).toEqual([]);
    expect(worker.output()).toContain("its work is stopped");
    expect(worker.output().split("\n").filter((line) => ERROR_LEVEL.test(line))).toEqual([]);
  }, 180_000);
});
