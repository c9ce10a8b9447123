// The worker process (node + tsx, as `npm run worker` runs it) killed with -9 or stopped
// with SIGTERM in the middle of an image job. (The same for a video job, and an ffmpeg
// left behind by a dead worker, are in workers/worker-process.test.ts.)
import { promises as fs } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { jobId } from "#app/modules/jobs/jobs.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { expectEveryFileAccountedFor, filesUnder, killNow, startWorkerProcess, stopAllServices, until } from "./support-services.ts";

afterAll(stopAllServices);

const storage = getDiskStorage();
// Locks long enough that a busy machine never takes a live job for a stalled one (which
// would run it twice: harmless, but not what this test is about); a dead worker's job is
// still picked up again within about ten seconds.
const WORKER = { IMAGE_CONCURRENCY: "1", WORKER_LOCK_MS: "10000" };
const row = (id: number) => getDb().selectFrom("media").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A 36-megapixel photo: the worker takes a few seconds over its sizes, long enough to be caught mid-job. */
async function bigImage(seed: number): Promise<number> {
  await storage.ensureDirs();
  const upload = await saveTestUpload(await makeJpeg(6000, 6000, seed), `big-${seed}.jpg`);
  return (await createMediaEntry("gallery_images", upload)).mediaId;
}

/** Mid-job: the record's start is counted and the first derived files are on disk, the rest not yet. */
async function midJob(mediaId: number): Promise<void> {
  await until(async () => (await row(mediaId)).attempts === 1 && (await filesUnder(storage.mediaDir)).length > 0, 60_000, "the first derived files");
}

describe("the worker process during an image job", { timeout: 180_000 }, () => {
  it("killed with -9: the job is picked up after the restart, completes exactly once, no duplicate or orphan file", async () => {
    const mediaId = await bigImage(1);
    const first = startWorkerProcess(WORKER);
    await midJob(mediaId);
    await killNow(first);
    expect((await row(mediaId)).status).toBe("processing");

    const second = startWorkerProcess(WORKER);
    const done = await until(
      async () => {
        const r = await row(mediaId);
        return r.status !== "processing" && r.variants?.some((v) => v.format === "avif") && r;
      },
      120_000,
      "the image to be ready with its AVIF sizes",
    );
    expect([done.status, done.error, done.attempts]).toEqual(["ready", null, 2]);
    // No variant recorded twice: each size and format once, and each path once.
    const variants = done.variants!;
    expect(new Set(variants.map((v) => `${v.role}/${v.format}`)).size).toBe(variants.length);
    expect(new Set(variants.map((v) => v.path)).size).toBe(variants.length);
    // The job completed once, in the second worker.
    const job = await getQueues().image.getJob(jobId("process-image", mediaId));
    expect(job?.returnvalue).toBe("ready");
    const completions = (output: string) => output.split("\n").filter((l) => l.includes("job completed") && l.includes(`"process-image-${mediaId}"`)).length;
    expect([completions(first.output()), completions(second.output())]).toEqual([0, 1]);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    await expectEveryFileAccountedFor();
  });

  it("stopped with SIGTERM: finishes the job in progress, then exits cleanly", async () => {
    const mediaId = await bigImage(2);
    const worker = startWorkerProcess(WORKER);
    await midJob(mediaId);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    const r = await row(mediaId);
    expect([r.status, r.error, r.attempts]).toEqual(["ready", null, 1]);
    for (const v of r.variants!) expect((await fs.stat(`${storage.mediaDir}/${v.path}`)).size).toBe(v.bytes);
    expect(worker.output()).toContain("worker stopping");
    expect(worker.output()).toContain("worker stopped");
    // Nothing was lost: the AVIF follow-up it queued is waiting for the next worker.
    const avif = await getQueues().image.getJob(jobId("process-image-avif", mediaId));
    expect(await avif?.getState()).toMatch(/waiting|prioritized/);
  });
});
