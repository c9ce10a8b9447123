import { Queue } from "bullmq";
import { keyPrefix } from "#app/lib/key-prefix.server.ts";
import { createRedis } from "#app/lib/redis.server.ts";
import type { MediaKind } from "#db/schema.ts";
import { JOB_NAMES, JOBS, QUEUE_NAMES, mediaJobId, type JobName, type JobPayloads, type QueueKey } from "./jobs.ts";
import { singleton } from "#app/lib/singleton.server.ts";

type Queues = { [K in QueueKey]: Queue };

const queuesSlot = singleton<Queues>("__dokraQueues", () => {
  const connection = createRedis("queue");
  const prefix = keyPrefix();
  return {
    image: new Queue(QUEUE_NAMES.image, { connection, prefix }),
    video: new Queue(QUEUE_NAMES.video, { connection, prefix }),
    maintenance: new Queue(QUEUE_NAMES.maintenance, { connection, prefix }),
    contact: new Queue(QUEUE_NAMES.contact, { connection, prefix }),
  };
});

export function getQueues(): Queues {
  return queuesSlot.get();
}

export async function closeQueues(): Promise<void> {
  const queues = queuesSlot.take();
  if (!queues) return;
  const connection = queues.image.opts.connection;
  await Promise.all(Object.values(queues).map((q) => q.close()));
  if (connection && "quit" in connection) await connection.quit().catch(() => undefined);
}

const LIVE_STATES = new Set(["active", "waiting", "delayed", "prioritized", "waiting-children"]);

/**
 * Clears the way for a new job with this id. Ids are `<name>-<row id>`, and BullMQ keeps a
 * finished job for a while: left there, it would make `add` a silent no-op for a later row
 * with the same id (a database reset, a re-seed). So a completed or failed leftover is
 * removed; a live one stays (false) and `add` joins it: it reads the row when it runs.
 * `waitForActiveMs`: a job that just marked its row failed is recorded as failed a moment later.
 */
async function clearFinishedJob(queue: Queue, jobId: string, waitForActiveMs = 0): Promise<boolean> {
  const job = await queue.getJob(jobId);
  if (!job) return true;
  let state = await job.getState();
  for (let waited = 0; state === "active" && waited < waitForActiveMs; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await job.getState();
  }
  if (LIVE_STATES.has(state)) return false;
  await job.remove().catch(() => undefined);
  return true;
}

/**
 * Adds one job as its contract in JOBS says (queue, options), under a stable id: while a
 * job with that id is live this is a no-op; a finished one is replaced, unless the caller
 * means "once per row" (`replaceFinished: false`, a periodic sweep that must not retry for ever).
 */
export async function addJob<N extends JobName>(
  name: N,
  data: JobPayloads[N],
  jobId: string,
  { replaceFinished = true } = {},
): Promise<void> {
  const { queue: key, options } = JOBS[name];
  const queue = getQueues()[key];
  if (replaceFinished) await clearFinishedJob(queue, jobId);
  await queue.add(name, data, { ...options, jobId });
}

const mediaJobName = (kind: MediaKind) => (kind === "video" ? JOB_NAMES.processVideo : JOB_NAMES.processImage);

/** Queue the processing of one media row. */
export async function enqueueMedia(mediaId: number, kind: MediaKind): Promise<void> {
  const name = mediaJobName(kind);
  await addJob(name, { mediaId }, mediaJobId(name, mediaId));
}

/**
 * Queue a media row again (retry, reconcile). Returns false when a live job already exists
 * (an active one is given up to 2 s to finish first).
 */
export async function requeueMedia(mediaId: number, kind: MediaKind): Promise<boolean> {
  const name = mediaJobName(kind);
  const jobId = mediaJobId(name, mediaId);
  if (!(await clearFinishedJob(getQueues()[JOBS[name].queue], jobId, 2_000))) return false;
  await addJob(name, { mediaId }, jobId);
  return true;
}

/** Queue the slower AVIF sizes for a ready image, after every upload job. */
export async function enqueueAvif(mediaId: number): Promise<void> {
  await addJob(JOB_NAMES.processImageAvif, { mediaId }, mediaJobId(JOB_NAMES.processImageAvif, mediaId));
}

/** Drops any queued (not running) job of a deleted media row; a running one finds the row gone. */
export async function forgetMediaJobs(mediaId: number, kind: MediaKind): Promise<void> {
  const names = kind === "video" ? [JOB_NAMES.processVideo] : [JOB_NAMES.processImage, JOB_NAMES.processImageAvif];
  for (const name of names) {
    const job = await getQueues()[JOBS[name].queue].getJob(mediaJobId(name, mediaId));
    if (job && (await job.getState()) !== "active") await job.remove().catch(() => undefined);
  }
}
