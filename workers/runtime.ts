import { Worker, type Job, type WorkerOptions } from "bullmq";
import type { Redis } from "ioredis";
import { logger } from "#app/lib/logger.server.ts";
import { getEnv } from "#app/env.server.ts";
import { forwardContactMessage } from "#app/modules/contact/forward.server.ts";
import { requeueUnforwardedMessages } from "#app/modules/contact/messages.server.ts";
import { JOB_NAMES, QUEUE_NAMES, RETRY, type ContactJobData, type MediaJobData } from "#app/modules/media/jobs.ts";
import { getQueues } from "#app/modules/media/queue.server.ts";
import { markMediaFailed } from "#app/modules/media/records.server.ts";
import { bumpPublicVersion } from "#app/modules/site/public-version.server.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import type { DB } from "#db/index.ts";
import { killAllFfmpeg } from "./ffmpeg.ts";
import { processImage, processImageAvif } from "./processors/image.ts";
import { processVideo } from "./processors/video.ts";
import { reconcile, RECONCILE_DEFAULTS, type ReconcileOptions } from "./reconcile.ts";
import { VIDEO_LIMITS, type VideoLimits } from "./videos.ts";

const log = logger.child({ component: "worker" });

const RECONCILE_SCHEDULER = "reconcile-media";
/** How often the worker checks that the reconcile's schedule is still in Redis. */
const SCHEDULE_CHECK_MS = 15_000;

export interface WorkerSettings {
  imageConcurrency: number;
  /** A job whose lock is not renewed for this long (its worker died) is stalled... */
  lockDurationMs: number;
  /** ...and is moved back to waiting by the next check, run this often. */
  stalledIntervalMs: number;
  reconcileEveryMs: number;
  reconcile: ReconcileOptions;
  videoLimits: VideoLimits;
}

/** Reads the tunables from the environment (tests shorten them); defaults suit production. */
export function settingsFromEnv(env: Record<string, string | undefined> = process.env): WorkerSettings {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    imageConcurrency: num("IMAGE_CONCURRENCY", 2),
    lockDurationMs: num("WORKER_LOCK_MS", 30_000),
    stalledIntervalMs: num("WORKER_STALLED_INTERVAL_MS", 15_000),
    reconcileEveryMs: num("RECONCILE_EVERY_MS", 60_000),
    reconcile: {
      requeueAfterMs: num("RECONCILE_REQUEUE_AFTER_MS", RECONCILE_DEFAULTS.requeueAfterMs),
      fileGraceMs: num("RECONCILE_FILE_GRACE_MS", RECONCILE_DEFAULTS.fileGraceMs),
    },
    videoLimits: { ...VIDEO_LIMITS, maxDurationMs: num("VIDEO_MAX_DURATION_MS", VIDEO_LIMITS.maxDurationMs) },
  };
}

export interface RunningWorkers {
  workers: Worker[];
  /** Waits for the jobs in progress to finish, then stops. */
  close(): Promise<void>;
}

/**
 * Starts the workers on one Redis connection:
 * - QUEUE_NAMES.image: process-image (priority 1) and process-image-avif (priority 10), at imageConcurrency;
 * - QUEUE_NAMES.video: process-video at concurrency 1, so images never wait behind a long video;
 * - QUEUE_NAMES.maintenance: the repeatable reconcile, at concurrency 1;
 * - QUEUE_NAMES.contact: forwarding stored contact messages to the form service (retried).
 */
export async function startWorkers(
  deps: { db: DB; storage: MediaStorage; connection: Redis; prefix: string },
  settings: WorkerSettings,
): Promise<RunningWorkers> {
  const { db, storage, connection, prefix } = deps;
  const common: WorkerOptions = {
    connection,
    prefix,
    lockDuration: settings.lockDurationMs,
    stalledInterval: settings.stalledIntervalMs,
    // A job whose worker was killed twice still gets another go before it counts as failed.
    maxStalledCount: 2,
  };

  const imageWorker = new Worker<MediaJobData>(
    QUEUE_NAMES.image,
    (job) => (job.name === JOB_NAMES.processImageAvif ? processImageAvif(job, deps) : processImage(job, deps)),
    { ...common, concurrency: settings.imageConcurrency },
  );
  const videoWorker = new Worker<MediaJobData>(
    QUEUE_NAMES.video,
    (job) => processVideo(job, deps, settings.videoLimits),
    { ...common, concurrency: 1 },
  );
  const maintenanceWorker = new Worker(
    QUEUE_NAMES.maintenance,
    async () => {
      const media = await reconcile(db, storage, settings.reconcile);
      // Messages whose forward was never queued (Redis down at the time); the job id keeps it once.
      const contact = getEnv().CONTACT_FORWARD_URL ? await requeueUnforwardedMessages() : 0;
      return { ...media, contactRequeued: contact };
    },
    { ...common, concurrency: 1 },
  );

  const contactWorker = new Worker<ContactJobData>(QUEUE_NAMES.contact, (job) => forwardContactMessage(job), {
    ...common,
    concurrency: 1,
  });

  const schedule = () =>
    getQueues().maintenance.upsertJobScheduler(
      RECONCILE_SCHEDULER,
      { every: settings.reconcileEveryMs },
      { name: JOB_NAMES.reconcile, data: {}, opts: { removeOnComplete: 50, removeOnFail: 50 } },
    );
  await schedule();
  // A Redis restarted without persistence (or flushed) forgets the schedule with everything
  // else, while this process reconnects and carries on: without the reconcile nothing would
  // re-queue the uploads whose jobs were lost. Put the schedule back when it is missing.
  const watchSchedule = setInterval(() => {
    getQueues()
      .maintenance.getJobScheduler(RECONCILE_SCHEDULER)
      .then(async (existing) => {
        if (existing) return;
        await schedule();
        log.warn("the reconcile schedule was missing from Redis (restarted or flushed); restored");
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not check the reconcile schedule; Redis may be down"));
  }, Math.min(settings.reconcileEveryMs, SCHEDULE_CHECK_MS));
  watchSchedule.unref();

  /** After the last retry of a transient failure, the record is marked failed with a reason. */
  async function onFinalFailure(job: Job | undefined, error: Error): Promise<void> {
    if (!job || (job.name !== JOB_NAMES.processImage && job.name !== JOB_NAMES.processVideo)) return;
    const outOfAttempts = job.attemptsMade >= (job.opts.attempts ?? RETRY.attempts);
    if (error.name === "UnrecoverableError" || !outOfAttempts) return;
    await markMediaFailed(db, (job.data as MediaJobData).mediaId, `Processing failed after ${job.attemptsMade} tries: ${error.message}`);
  }

  const workers: Worker[] = [imageWorker, videoWorker, maintenanceWorker, contactWorker];
  for (const worker of workers) {
    // A media job's end (ready, new variants, failed) changes what the public sees: after its
    // database writes, move the public version on so every web process's page cache renews.
    const media = worker === imageWorker || worker === videoWorker;
    worker.on("completed", (job, result) => {
      log.info({ queue: worker.name, jobId: job.id, result }, "job completed");
      if (media) void bumpPublicVersion();
    });
    worker.on("failed", (job, error) => {
      log.warn({ queue: worker.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, "job failed");
      onFinalFailure(job, error)
        .catch((e: unknown) => log.error({ err: e }, "could not record the failure"))
        .finally(() => {
          if (media) void bumpPublicVersion();
        });
    });
    worker.on("error", (error) => log.error({ queue: worker.name, err: error }, "worker error"));
  }

  return {
    workers,
    async close() {
      clearInterval(watchSchedule);
      // close() waits for the jobs in progress to finish before it resolves.
      await Promise.all(workers.map((w) => w.close()));
      killAllFfmpeg();
    },
  };
}
