// Redis restarted (without persistence) while uploads wait in the queue: the queued jobs
// are gone, the records are not. The worker, which keeps running through the restart,
// must notice and its reconcile must queue them again, with nobody restarting anything.
// A disposable Redis is used: the shared one on 6379 is never touched.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { closeQueues, getQueues } from "#app/modules/jobs/queue.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { startRedis, startWorkerProcess, stopAllServices, until } from "./support-services.ts";

let redis: Awaited<ReturnType<typeof startRedis>>;

beforeAll(async () => {
  redis = await startRedis();
  // Before anything in this process reads the environment: the queues go to the disposable Redis.
  process.env.REDIS_URL = redis.url;
  expect(getEnv().REDIS_URL).toBe(redis.url);
  await getStorage().ensureDirs();
});

afterAll(async () => {
  await closeQueues();
  await stopAllServices();
  // The shared test teardown clears this file's keys through the general connection: the
  // disposable Redis is gone, so hand it one to the shared Redis (where there are none).
  (globalThis as { __dokraRedis?: Redis }).__dokraRedis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
});

async function jobCount(): Promise<number> {
  const counts = await getQueues().image.getJobCounts("waiting", "prioritized", "active", "delayed");
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

describe("Redis restarted while uploads are queued", { timeout: 180_000 }, () => {
  it("loses the queued jobs but not the uploads: the running worker's reconcile queues them again and they complete once", async () => {
    for (const queue of Object.values(getQueues())) queue.on("error", () => undefined);
    const worker = startWorkerProcess({ REDIS_URL: redis.url, RECONCILE_EVERY_MS: "1000", RECONCILE_REQUEUE_AFTER_MS: "1000" });
    await until(() => worker.output().includes("worker started"), 60_000, "the worker to start");

    // The uploads wait in the queue (as behind a busy worker): the queue is paused.
    await getQueues().image.pause();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const upload = await saveTestUpload(await makeJpeg(640, 480, i), `queued-${i}.jpg`);
      ids.push((await createMediaEntry("gallery_images", upload)).mediaId);
    }
    expect(await jobCount()).toBe(3);

    // kill -9 and start again on the same port, empty: the jobs (and the pause) are gone.
    await redis.kill();
    await redis.start();
    expect(await until(async () => (await jobCount().catch(() => -1)) === 0 && "empty", 10_000, "the empty queue")).toBe("empty");
    const rows = await getDb().selectFrom("media").select(["status"]).where("id", "in", ids).execute();
    expect(rows.map((r) => r.status)).toEqual(["processing", "processing", "processing"]);

    for (const id of ids) {
      const row = await waitForMedia(id, 90_000);
      expect([row.status, row.error, row.attempts]).toEqual(["ready", null, 1]);
    }
    expect(worker.output()).toContain("the reconcile schedule was missing from Redis");
    // The same worker process did it: it was never restarted.
    expect(worker.output().match(/worker started/g)).toHaveLength(1);
    expect(worker.child.exitCode).toBeNull();

    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  });
});
