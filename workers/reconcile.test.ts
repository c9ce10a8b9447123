import { promises as fs } from "node:fs";
import path from "node:path";
import { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { jobId, type MediaJobData } from "#app/modules/jobs/jobs.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeClip, makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { processImage } from "./processors/image.ts";
import { checkStored, MAX_STARTS } from "./processors/media-row.ts";
import { processVideo } from "./processors/video.ts";
import { reconcile } from "./reconcile.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "./runtime.ts";

const storage = getDiskStorage();
const db = getDb();
const connection = createRedis("worker");
let running: RunningWorkers | undefined;

async function startInProcessWorker() {
  running = await startWorkers(
    { db, storage, connection, prefix: process.env.QUEUE_PREFIX! },
    settingsFromEnv({ RECONCILE_EVERY_MS: "3600000" }),
  );
}

beforeAll(async () => {
  await storage.ensureDirs();
});

afterAll(async () => {
  await running?.close();
  await connection.quit();
});

/** A media row committed without a job, as after a crash between commit and enqueue. */
async function rowWithoutJob(data: Buffer, kind: "gallery_image" | "video" = "gallery_image"): Promise<number> {
  const upload = await saveTestUpload(data);
  const inserted = await db
    .insertInto("media")
    .values({ kind, original_path: upload.key, original_name: "x", original_bytes: upload.bytes, mime_type: "image/jpeg" })
    .executeTakeFirstOrThrow();
  return Number(inserted.insertId);
}

async function derivedFiles(): Promise<string[]> {
  const files: string[] = [];
  for await (const key of storage.listOlderThan("media", new Date(Date.now() + 60_000))) files.push(key);
  return files.sort();
}

/** Polls a job on the image queue until it has completed (it fails the test after 30 s). */
async function jobFinished(id: string) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const job = await Job.fromId(getQueues().image, id);
    if ((await job?.getState()) === "completed") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} not completed after 30 s`);
}

async function age(file: string, hours: number) {
  const then = new Date(Date.now() - hours * 3600_000);
  await fs.utimes(file, then, then);
}

describe("a job run twice produces the same result, not two", () => {
  it("image: the second run is a no-op, and a forced re-run rewrites the same files", async () => {
    const mediaId = await rowWithoutJob(await makeJpeg(700, 500, 9));
    const queue = getQueues().image;
    await queue.add("process-image", { mediaId }, { jobId: jobId("process-image", mediaId) });
    const job = (await Job.fromId<MediaJobData>(queue, jobId("process-image", mediaId)))!;
    await queue.remove(job.id!); // run it here, not by a worker

    expect(await processImage(job, { db, storage })).toBe("ready");
    const first = await db.selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    const files = await derivedFiles();
    expect(await processImage(job, { db, storage })).toBe("already ready");

    await db.updateTable("media").set({ status: "processing" }).where("id", "=", mediaId).execute();
    expect(await processImage(job, { db, storage })).toBe("ready");
    const second = await db.selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect(second.variants).toEqual(first.variants);
    expect(await derivedFiles()).toEqual(files);
  });

  it("video: a forced re-run stores the same derived files", async () => {
    const clip = storage.scratchPath("mp4");
    await makeClip(clip, { seconds: 2, size: "320x240" });
    const mediaId = await rowWithoutJob(await fs.readFile(clip), "video");
    await fs.unlink(clip);
    const queue = getQueues().video;
    await queue.add("process-video", { mediaId }, { jobId: jobId("process-video", mediaId) });
    const job = (await Job.fromId<MediaJobData>(queue, jobId("process-video", mediaId)))!;
    await queue.remove(job.id!);

    const before = new Set(await derivedFiles());
    expect(await processVideo(job, { db, storage })).toBe("ready");
    const first = await db.selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    const afterFirst = await derivedFiles();
    await db.updateTable("media").set({ status: "processing" }).where("id", "=", mediaId).execute();
    expect(await processVideo(job, { db, storage })).toBe("ready");
    const second = await db.selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect(second.variants).toEqual(first.variants);
    expect(await derivedFiles()).toEqual(afterFirst);
    expect(afterFirst.filter((f) => !before.has(f)).length).toBe(new Set(first.variants!.map((v) => v.path)).size);
    expect(await fs.readdir(storage.scratchDir)).toEqual([]);
  });
});

describe("a file that keeps killing the worker", () => {
  it("ends failed with a reason after MAX_STARTS starts instead of looping through the reconcile", async () => {
    const mediaId = await rowWithoutJob(await makeJpeg(300, 200, 6));
    await db.updateTable("media").set({ attempts: MAX_STARTS }).where("id", "=", mediaId).execute();
    const queue = getQueues().image;
    await queue.add("process-image", { mediaId }, { jobId: jobId("process-image", mediaId) });
    const job = (await Job.fromId<MediaJobData>(queue, jobId("process-image", mediaId)))!;
    await queue.remove(job.id!);
    await expect(processImage(job, { db, storage })).rejects.toThrow(/interrupted 8 times/);
    const row = await db.selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect([row.status, row.attempts]).toEqual(["failed", MAX_STARTS]);
    await db.deleteFrom("media").where("id", "=", mediaId).execute();
  });
});

describe("a shared file deleted between a job's write and its commit", () => {
  it("sends the row back to processing and fails the attempt, so the retry rewrites it", async () => {
    const mediaId = await rowWithoutJob(await makeJpeg(300, 200, 4));
    const stored = await storage.putDerived(Buffer.from("a derived file"), "webp");
    await db.updateTable("media").set({ status: "ready" }).where("id", "=", mediaId).execute();
    await expect(checkStored(db, storage, mediaId, [stored.key])).resolves.toBeUndefined();
    await storage.removeDerived([stored.key]);
    await expect(checkStored(db, storage, mediaId, [stored.key])).rejects.toThrow(/vanished/);
    expect((await db.selectFrom("media").select("status").where("id", "=", mediaId).executeTakeFirstOrThrow()).status).toBe("processing");
    await db.deleteFrom("media").where("id", "=", mediaId).execute();
  });
});

describe("reconcile", () => {
  it("re-queues rows left processing without a live job, replacing a finished leftover job", async () => {
    await startInProcessWorker();
    const queue = getQueues().image;
    // A row whose job completed, then was found processing again (e.g. a restored database).
    const leftover = await rowWithoutJob(await makeJpeg(400, 300, 2));
    const leftoverJobId = jobId("process-image", leftover);
    await queue.add("process-image", { mediaId: leftover }, { jobId: leftoverJobId });
    expect((await waitForMedia(leftover)).status).toBe("ready");
    // The row turns ready a moment before the worker records the job as completed.
    for (let i = 0; i < 100 && (await (await Job.fromId(queue, leftoverJobId))!.getState()) !== "completed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await (await Job.fromId(queue, leftoverJobId))!.getState()).toBe("completed");
    await db.updateTable("media").set({ status: "processing" }).where("id", "=", leftover).execute();
    // A row that never got a job (crash between commit and enqueue).
    const lost = await rowWithoutJob(await makeJpeg(400, 300, 1));
    // A row whose job is still live (delayed): it must not be queued twice.
    const live = await rowWithoutJob(await makeJpeg(400, 300, 3));
    await queue.add("process-image", { mediaId: live }, { jobId: jobId("process-image", live), delay: 60_000 });

    const report = await reconcile(db, storage, { requeueAfterMs: 0, fileGraceMs: 3600_000 });
    expect(report.requeued.sort()).toEqual([lost, leftover].sort());
    for (const id of [lost, leftover]) expect((await waitForMedia(id)).status).toBe("ready");
    expect(await (await Job.fromId(queue, jobId("process-image", live)))!.getState()).toBe("delayed");

    const again = await reconcile(db, storage, { requeueAfterMs: 0, fileGraceMs: 3600_000 });
    expect(again.requeued).toEqual([]);
    await queue.remove(jobId("process-image", live));
    await db.deleteFrom("media").where("id", "=", live).execute();
  });

  it("removes old scratch files and files no row references, keeping referenced and recent ones", async () => {
    const referenced = await db.selectFrom("media").select(["original_path", "variants"]).where("status", "=", "ready").executeTakeFirstOrThrow();
    const keptDerived = path.join(storage.mediaDir, referenced.variants![0]!.path);
    const keptOriginal = storage.originalPath(referenced.original_path);
    await age(keptDerived, 3);
    await age(keptOriginal, 3);

    const orphanDerived = (await storage.putDerived(Buffer.from("nobody points here"), "webp")).key;
    const recentOrphan = (await storage.putDerived(Buffer.from("written a moment ago"), "webp")).key;
    const orphanOriginal = (await saveTestUpload(Buffer.from("an upload whose request failed"))).key;
    // A commission's reference photo is an original no media row references: a message does.
    const commissionPhoto = (await saveTestUpload(await makeJpeg(80, 60, 21))).key;
    await db
      .insertInto("contact_messages")
      .values({ kind: "commission", name: "Ritu", email: "", subject: "Commission request: owls", message: "owls", photo_key: commissionPhoto, photo_type: "image/jpeg" })
      .execute();
    await age(storage.originalPath(commissionPhoto), 2);
    const scratch = storage.scratchPath("mp4");
    await fs.writeFile(scratch, "half an encode");
    await age(path.join(storage.mediaDir, orphanDerived), 2);
    await age(storage.originalPath(orphanOriginal), 2);
    await age(scratch, 2);

    const report = await reconcile(db, storage, { requeueAfterMs: 3600_000, fileGraceMs: 3600_000 });
    expect(report).toMatchObject({ removedScratch: 1, removedDerived: 1, removedOriginals: 1 });
    const exists = (file: string) => fs.access(file).then(() => true, () => false);
    expect(await exists(path.join(storage.mediaDir, orphanDerived))).toBe(false);
    expect(await exists(storage.originalPath(orphanOriginal))).toBe(false);
    expect(await exists(scratch)).toBe(false);
    expect(await exists(path.join(storage.mediaDir, recentOrphan))).toBe(true);
    expect(await exists(keptDerived)).toBe(true);
    expect(await exists(keptOriginal)).toBe(true);
    expect(await exists(storage.originalPath(commissionPhoto))).toBe(true);
  });

  it("re-makes a ready row whose derived file went missing", async () => {
    const mediaId = await rowWithoutJob(await makeJpeg(360, 240, 13));
    await getQueues().image.add("process-image", { mediaId }, { jobId: jobId("process-image", mediaId) });
    await waitForMedia(mediaId);
    // The row turns ready before its job ends and the AVIF follow-up writes the row again:
    // a job still running (a busy machine) would make the repair wait for it.
    for (const name of ["process-image", "process-image-avif"] as const) await jobFinished(jobId(name, mediaId));
    const ready = await waitForMedia(mediaId);
    const lost = ready.variants!.find((v) => v.format === "webp")!;
    await storage.removeDerived([lost.path]);
    const report = await reconcile(db, storage, { requeueAfterMs: 3600_000, fileGraceMs: 3600_000 });
    expect(report.repaired).toEqual([mediaId]);
    const again = await waitForMedia(mediaId);
    expect(again.status).toBe("ready");
    await fs.access(path.join(storage.mediaDir, lost.path));
  });

  it("is registered as a repeatable job on the maintenance queue (beside the daily backup)", async () => {
    const schedulers = await getQueues().maintenance.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.name, Number(s.every) || s.pattern]).sort()).toEqual([
      ["daily-backup", "backup", "0 3 * * *"],
      ["reconcile-media", "reconcile", 3600000],
    ]);
  });
});
