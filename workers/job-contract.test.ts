// The job contract as the worker applies it: names it does not know are refused, and a job
// id used before (a database reset hands out the same row ids again) never swallows a new job.
import type { Job } from "bullmq";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { jobId } from "#app/modules/jobs/jobs.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { until } from "#tests/reliability/support-services.ts";
import { makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "./runtime.ts";

let running: RunningWorkers;
const connection = createRedis("worker");

beforeAll(async () => {
  await getStorage().ensureDirs();
  running = await startWorkers(
    { db: getDb(), storage: getStorage(), connection, prefix: process.env.QUEUE_PREFIX! },
    settingsFromEnv({ RECONCILE_EVERY_MS: "3600000" }),
  );
});

afterAll(async () => {
  await running.close();
  await connection.quit();
});

async function finishedState(job: Job): Promise<string> {
  return until(async () => {
    const state = await job.getState();
    return state === "completed" || state === "failed" ? state : null;
  }, 30_000, `job ${job.id} to finish`);
}

/** Uploads one image to the gallery and waits until it and its AVIF follow-up are done. */
async function uploadAndFinish(seed: number, name = "photo.jpg") {
  const { mediaId } = await createMediaEntry("gallery_images", await saveTestUpload(await makeJpeg(320, 240, seed), name));
  const row = await waitForMedia(mediaId);
  if (row.status === "ready") {
    const avif = await until(() => getQueues().image.getJob(jobId("process-image-avif", mediaId)), 30_000, "the AVIF job");
    await finishedState(avif);
  }
  return row;
}

/** What a database reset does to the media table: the rows go and their ids are handed out again. */
async function resetMediaTo(nextId: number): Promise<void> {
  const db = getDb();
  await db.deleteFrom("gallery_images").execute();
  await db.deleteFrom("media").execute();
  await sql`ALTER TABLE media AUTO_INCREMENT = ${sql.lit(nextId)}`.execute(db);
}

describe("the job contract", () => {
  it("refuses a job name it does not know, or one on the wrong queue, without running the image processor", async () => {
    const { insertId } = await getDb()
      .insertInto("media")
      .values({ kind: "gallery_image", original_path: "missing.jpg", original_name: "x.jpg", original_bytes: 1, mime_type: "image/jpeg" })
      .executeTakeFirstOrThrow();
    const mediaId = Number(insertId);
    const image = getQueues().image;
    for (const name of ["resize-everything", "process-video"]) {
      const job = await image.add(name, { mediaId }, { attempts: 5 });
      expect(await finishedState(job)).toBe("failed");
      const failed = (await image.getJob(job.id!))!;
      expect(failed.failedReason).toBe(`Unknown job "${name}" on queue media-image`);
      expect(failed.attemptsMade).toBe(1);
    }
    // processImage would have counted an attempt and then failed the row (its file is missing).
    const row = await getDb().selectFrom("media").select(["status", "attempts"]).where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "processing", attempts: 0 });
  });

  it("processes a new row whose id a finished job already used (completed, then failed) before a reset", async () => {
    const first = await uploadAndFinish(1);
    expect(first.status).toBe("ready");
    expect(await (await getQueues().image.getJob(jobId("process-image", first.id)))!.getState()).toBe("completed");

    await resetMediaTo(first.id);
    const broken = await createMediaEntry("gallery_images", await saveTestUpload(Buffer.from("not an image"), "broken.jpg"));
    expect(broken.mediaId).toBe(first.id);
    const failed = await waitForMedia(broken.mediaId);
    expect(failed.status).toBe("failed");
    const failedJob = (await getQueues().image.getJob(jobId("process-image", first.id)))!;
    expect(await finishedState(failedJob)).toBe("failed");

    await resetMediaTo(first.id);
    const again = await uploadAndFinish(2, "again.jpg");
    expect(again.id).toBe(first.id);
    expect(again.status).toBe("ready");
    // The AVIF sizes come from a follow-up job under the same kind of id: it must run too.
    // (Not compared with `first`, whose AVIF job may or may not have finished when it was read.)
    await until(async () => {
      const row = await getDb().selectFrom("media").select("variants").where("id", "=", again.id).executeTakeFirstOrThrow();
      return row.variants?.some((v) => v.format === "avif") ? row : null;
    }, 30_000, "the AVIF sizes of the new row");
  });
});
