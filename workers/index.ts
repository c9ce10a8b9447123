import { Worker, type Job } from "bullmq";
import { loadEnvOrExit } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { createRedis } from "#app/lib/redis.server.ts";
import { QUEUE_NAMES, RETRY, type MediaJobData } from "#app/modules/media/jobs.ts";
import { markMediaFailed } from "#app/modules/media/records.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { closeDb, getDb } from "#db/index.ts";
import { processImage } from "./processors/image.ts";

const env = loadEnvOrExit();
logger.setBindings({ process: "worker" });
const log = logger.child({ component: "worker" });
const db = getDb();
const storage = getStorage();
await storage.ensureDirs();

const connection = createRedis("worker");
const deps = { db, storage };

async function warnIfEvictingRedis(): Promise<void> {
  try {
    const [, policy] = (await connection.config("GET", "maxmemory-policy")) as [string, string];
    if (policy !== "noeviction") {
      log.warn({ policy }, "Redis maxmemory-policy is not noeviction: queued jobs may be evicted under memory pressure");
    }
  } catch (error) {
    log.warn({ err: error }, "could not read Redis maxmemory-policy");
  }
}

/** After the last retry of a transient failure, the record is marked failed with a reason. */
async function onFinalFailure(job: Job<MediaJobData> | undefined, error: Error): Promise<void> {
  if (!job) return;
  const outOfAttempts = job.attemptsMade >= (job.opts.attempts ?? RETRY.attempts);
  if (error.name === "UnrecoverableError" || !outOfAttempts) return;
  await markMediaFailed(db, job.data.mediaId, `Processing failed after ${job.attemptsMade} tries: ${error.message}`);
}

const imageWorker = new Worker<MediaJobData>(QUEUE_NAMES.image, (job) => processImage(job, deps), {
  connection,
  prefix: env.QUEUE_PREFIX,
  concurrency: Number(process.env.IMAGE_CONCURRENCY ?? 2),
});

const workers = [imageWorker];
for (const worker of workers) {
  worker.on("completed", (job, result) => log.info({ queue: worker.name, jobId: job.id, result }, "job completed"));
  worker.on("failed", (job, error) => {
    log.warn({ queue: worker.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, "job failed");
    onFinalFailure(job, error).catch((e) => log.error({ err: e }, "could not record the failure"));
  });
  worker.on("error", (error) => log.error({ queue: worker.name, err: error }, "worker error"));
}

await warnIfEvictingRedis();
log.info({ queues: workers.map((w) => w.name) }, "worker started");

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "worker stopping: finishing current jobs");
  // close() waits for the jobs in progress to finish before it resolves.
  await Promise.all(workers.map((w) => w.close()));
  await connection.quit().catch(() => undefined);
  await closeDb();
  log.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
