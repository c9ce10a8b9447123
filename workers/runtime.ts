import { UnrecoverableError, Worker, type Job, type WorkerOptions } from "bullmq";
import type { Redis } from "ioredis";
import { logger } from "#app/lib/logger.server.ts";
import { getEnv, parseEnv } from "#app/env.server.ts";
import { forwardContactMessage } from "#app/modules/contact/forward.server.ts";
import { requeueUnforwardedMessages } from "#app/modules/contact/messages.server.ts";
import { isJobName, JOBS, QUEUE_NAMES, RETRY, type JobName, type JobPayloads, type MediaJobData, type QueueKey } from "#app/modules/jobs/jobs.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { rollUpInterest } from "#app/modules/interest/rollup.server.ts";
import { markMediaFailed } from "#app/modules/media/records.server.ts";
import { MEDIA_JOB_CHANGE, newRenderFacts, runRender } from "#app/lib/render-context.server.ts";
import { bumpPublicVersion } from "#app/modules/site/public-version.server.ts";
import { STORAGE_FAULT_MESSAGES, StoreUnavailableError, type MediaStorage } from "#app/modules/media/storage.server.ts";
import type { DB } from "#db/index.ts";
import { killAllFfmpeg } from "./ffmpeg.ts";
import { processImage, processImageAvif } from "./processors/image.ts";
import { processVideo } from "./processors/video.ts";
import { reconcile, RECONCILE_DEFAULTS, type ReconcileOptions } from "./reconcile.ts";
import { VIDEO_LIMITS, type VideoLimits } from "./videos.ts";
import { runBackupJob, scheduleDailyBackup } from "#app/modules/backup/job.server.ts";
import { purgeExpiredWaiting } from "#app/modules/waiting/waiting.server.ts";

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

/**
 * The tunables from the validated configuration (app/env.server.ts: a bad value stops the
 * process); tests pass their own values. Unset ones keep the production defaults here.
 */
export function settingsFromEnv(source?: Record<string, string | undefined>): WorkerSettings {
  const env = source ? parseEnv(source) : getEnv();
  return {
    imageConcurrency: env.IMAGE_CONCURRENCY ?? 2,
    lockDurationMs: env.WORKER_LOCK_MS ?? 30_000,
    stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS ?? 15_000,
    reconcileEveryMs: env.RECONCILE_EVERY_MS ?? 60_000,
    reconcile: {
      requeueAfterMs: env.RECONCILE_REQUEUE_AFTER_MS ?? RECONCILE_DEFAULTS.requeueAfterMs,
      fileGraceMs: env.RECONCILE_FILE_GRACE_MS ?? RECONCILE_DEFAULTS.fileGraceMs,
    },
    videoLimits: { ...VIDEO_LIMITS, maxDurationMs: env.VIDEO_MAX_DURATION_MS ?? VIDEO_LIMITS.maxDurationMs },
  };
}

/** Jobs whose last failed try marks their media row failed. */
const RECORD_FAILING_JOBS = new Set<string>(["process-image", "process-video"] satisfies JobName[]);

type JobHandler<N extends JobName> = (job: Job<JobPayloads[N], unknown, N>) => Promise<unknown>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * The processor of one queue: runs a job by its name from the handlers. A name the contract
 * (JOBS) does not put on this queue fails at once, unretried, and runs nothing.
 */
export function jobRunner(queue: QueueKey, handlers: JobHandlers) {
  return async (job: Job): Promise<unknown> => {
    const name = job.name;
    if (!isJobName(name) || JOBS[name].queue !== queue) {
      throw new UnrecoverableError(`Unknown job "${name}" on queue ${QUEUE_NAMES[queue]}`);
    }
    const run = () => (handlers[name] as JobHandler<JobName>)(job as Job<JobPayloads[JobName], unknown, JobName>);
    if (queue !== "image" && queue !== "video") return run();
    // A media job's end changes what the public sees: after its database writes, move the
    // public version on with what the media module noted (a product now public: anything; a
    // product still processing: its own pages), else as a finished job (pages may lag briefly).
    const facts = newRenderFacts();
    const result = await runRender(facts, run);
    void bumpPublicVersion(facts.changed.size > 0 ? [...facts.changed] : [MEDIA_JOB_CHANGE]);
    return result;
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
 * - QUEUE_NAMES.maintenance: the repeatable reconcile (with the interest roll-up) and the daily
 *   backup (app/modules/backup/), at concurrency 1;
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

  const handlers: JobHandlers = {
    "process-image": (job) => processImage(job, deps),
    "process-image-avif": (job) => processImageAvif(job, deps),
    "process-video": (job) => processVideo(job, deps, settings.videoLimits),
    reconcile: async () => {
      // Each duty runs whatever another's outcome (a failing disk must not keep a waiting buyer's
      // number past the days the privacy policy gives); the job fails with the first error, and retries.
      const failures: unknown[] = [];
      const duty = <T>(run: () => Promise<T>): Promise<T | null> =>
        run().catch((error: unknown) => {
          failures.push(error);
          return null;
        });
      const media = await duty(() => reconcile(db, storage, settings.reconcile));
      // Messages whose forward was never queued (Redis down at the time); the job id keeps it once.
      const contact = getEnv().CONTACT_FORWARD_URL ? await duty(requeueUnforwardedMessages) : 0;
      // Waiting buyers' numbers are kept at most 180 days (the privacy policy says so).
      const waitingDeleted = await duty(purgeExpiredWaiting);
      // The interest counts of Redis into the daily tables (idempotent: app/modules/interest/rollup.server.ts).
      const interest = await rollUpInterest(db).catch((error: unknown) => {
        log.warn({ err: error }, "interest roll-up failed; the next run retries it");
        return null;
      });
      if (failures.length > 0) throw failures[0];
      return { ...media, contactRequeued: contact, waitingDeleted, interest };
    },
    "forward-contact": (job) => forwardContactMessage(job),
    backup: (job) => runBackupJob(job, deps),
  };
  const concurrency: Record<QueueKey, number> = { image: settings.imageConcurrency, video: 1, maintenance: 1, contact: 1 };
  const workers = (Object.keys(QUEUE_NAMES) as QueueKey[]).map(
    (key) => new Worker(QUEUE_NAMES[key], jobRunner(key, handlers), { ...common, concurrency: concurrency[key] }),
  );
  const mediaQueues = new Set<string>([QUEUE_NAMES.image, QUEUE_NAMES.video]);

  const schedule = async () => {
    await getQueues().maintenance.upsertJobScheduler(
      RECONCILE_SCHEDULER,
      { every: settings.reconcileEveryMs },
      { name: "reconcile", data: {}, opts: JOBS.reconcile.options },
    );
    await scheduleDailyBackup(getQueues().maintenance);
  };
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
    if (!job || !RECORD_FAILING_JOBS.has(job.name)) return;
    const outOfAttempts = job.attemptsMade >= (job.opts.attempts ?? RETRY.attempts);
    if (error.name === "UnrecoverableError" || !outOfAttempts) return;
    // A store that stayed down through every retry: failed with the reason the reconcile retries.
    const reason =
      error instanceof StoreUnavailableError
        ? STORAGE_FAULT_MESSAGES.unreachable
        : `Processing failed after ${job.attemptsMade} tries: ${error.message}`;
    await markMediaFailed(db, (job.data as MediaJobData).mediaId, reason);
  }

  for (const worker of workers) {
    // A finished media job bumps in jobRunner; a failure may take a product off the shop and
    // bumps naming nothing, so no page is served from before it.
    const media = mediaQueues.has(worker.name);
    worker.on("completed", (job, result) => {
      log.info({ queue: worker.name, jobId: job.id, result }, "job completed");
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
