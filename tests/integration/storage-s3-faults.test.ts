// The object store going away: during an upload (a clear 503, nothing half-written) and
// during a job (retried, failed with the reason, finished by the reconcile once it is back).
// This file runs the whole app on the S3 driver against s3rver started here.
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { jobId } from "#app/modules/jobs/jobs.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { UPLOAD_RULES } from "#app/modules/media/limits.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getStorage, STORAGE_FAULT_MESSAGES, type MediaStorage, type StorageArea } from "#app/modules/media/storage.server.ts";
import { MESSAGES, parseUpload, UploadError } from "#app/modules/media/upload.server.ts";
import { getDb } from "#db/index.ts";
import { filesUnder, until } from "#tests/reliability/support-services.ts";
import { makeClip, makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { reconcile } from "#workers/reconcile.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "#workers/runtime.ts";
import { localS3Env, startLocalS3 } from "../../scripts/local-s3.ts";

const s3 = await startLocalS3({ directory: `${process.env.STORAGE_DIR}-s3rver`, bucket: "faults" });
Object.assign(process.env, localS3Env(s3));

let storage: MediaStorage;
let running: RunningWorkers;
const connection = createRedis("worker");

beforeAll(async () => {
  storage = getStorage();
  expect(storage.driver).toBe("s3");
  await storage.ensureDirs();
});

afterAll(async () => {
  await running?.close();
  await connection.quit();
  await s3.stop();
  await fs.rm(`${process.env.STORAGE_DIR}-s3rver`, { recursive: true, force: true });
});

async function stored(area: StorageArea): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.listOlderThan(area, new Date(Date.now() + 60_000))) keys.push(key);
  return keys;
}

/** A multipart upload of one video field whose body calls `midway` after `stopAfter` bytes. */
function videoUpload(totalBytes: number, stopAfter: number, midway: () => Promise<void>): Request {
  const boundary = "----dokra-fault-test";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 7);
  let sent = 0;
  let stopped = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      if (sent >= stopAfter && !stopped) {
        stopped = true;
        await midway();
      }
      if (sent >= totalBytes) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
  return new Request("http://shop.test/api/v1/video/add", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("the S3 driver end to end, and the store going down", { timeout: 120_000 }, () => {
  it("during an upload: a 503 that says so, and no object left in the originals", async () => {
    const before = await stored("originals");
    await s3.stop();
    try {
      const refusal = await parseUpload(videoUpload(1024 * 1024, Infinity, async () => undefined), { video: UPLOAD_RULES.video() }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(UploadError);
      expect([(refusal as UploadError).status, (refusal as UploadError).message]).toEqual([503, MESSAGES.storeUnavailable]);
    } finally {
      await s3.start();
    }
    // Going away in the middle of a multipart upload (the first 5 MB part may be in).
    const midway = await parseUpload(videoUpload(16 * 1024 * 1024, 8 * 1024 * 1024, () => s3.stop()), { video: UPLOAD_RULES.video() }).catch(
      (e: unknown) => e,
    );
    await s3.start();
    expect([(midway as UploadError).status, (midway as UploadError).message]).toEqual([503, MESSAGES.storeUnavailable]);
    expect(await stored("originals")).toEqual(before);
    expect(await filesUnder(process.env.STORAGE_DIR!)).toEqual([]);
  });

  it("during a job: retried, failed with the reason, finished by the reconcile once the store is back; no picture touches the local folder", async () => {
    const upload = await saveTestUpload(await makeJpeg(900, 700), "owl.jpg");
    const { mediaId } = await createMediaEntry("gallery_images", upload);
    // The queued job is swapped for one with short retries (the production backoff takes half a
    // minute) before any worker runs.
    const queuedId = jobId("process-image", mediaId);
    const image = getQueues().image;
    expect(await image.remove(queuedId)).toBe(1);
    const retried = await image.add("process-image", { mediaId }, { jobId: queuedId, attempts: 3, backoff: { type: "fixed", delay: 200 } });
    await s3.stop();
    running = await startWorkers(
      { db: getDb(), storage, connection, prefix: process.env.QUEUE_PREFIX! },
      settingsFromEnv({ RECONCILE_EVERY_MS: "3600000" }),
    );

    const failed = await waitForMedia(mediaId, 60_000);
    expect([failed.status, failed.error]).toEqual(["failed", STORAGE_FAULT_MESSAGES.unreachable]);
    expect((await image.getJob(retried.id!))?.attemptsMade).toBe(3);

    await s3.start();
    const report = await until(
      async () => {
        const r = await reconcile(getDb(), storage, { requeueAfterMs: 0, fileGraceMs: 3_600_000 });
        return r.storageRetried.includes(mediaId) ? r : undefined;
      },
      10_000,
      "the reconcile retrying the record",
    );
    expect(report.storageRetried).toEqual([mediaId]);
    const ready = await waitForMedia(mediaId, 60_000);
    expect([ready.status, ready.error]).toEqual(["ready", null]);
    for (const variant of ready.variants!) expect(await storage.hasDerived(variant.path)).toBe(true);
    expect(await stored("media")).toEqual(expect.arrayContaining(ready.variants!.map((v) => v.path)));
    expect(await filesUnder(path.resolve(process.env.STORAGE_DIR!))).toEqual([]);
  });

  it("a video goes through the store too: downloaded for ffmpeg, its outputs uploaded, nothing left in the scratch folder", async () => {
    const clip = path.join(path.dirname(process.env.STORAGE_DIR!), `clip-${process.pid}.mp4`);
    await makeClip(clip);
    const upload = await saveTestUpload(await fs.readFile(clip), "clip.mp4", "video/mp4", "video");
    await fs.rm(clip);
    const { mediaId } = await createMediaEntry("videos", upload);
    const ready = await waitForMedia(mediaId, 90_000);
    expect([ready.status, ready.error]).toEqual(["ready", null]);
    expect(ready.variants!.map((v) => v.role)).toEqual(expect.arrayContaining(["web", "preview"]));
    for (const variant of ready.variants!) expect(await storage.hasDerived(variant.path)).toBe(true);
    expect(await filesUnder(path.resolve(process.env.STORAGE_DIR!))).toEqual([]);
  });
});
