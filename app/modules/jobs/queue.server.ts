import { Queue } from "bullmq";
import { keyPrefix } from "#app/lib/key-prefix.server.ts";
import { createRedis } from "#app/lib/redis.server.ts";
import { singleton } from "#app/lib/singleton.server.ts";
import { JOBS, QUEUE_NAMES, type JobName, type JobPayloads, type QueueKey } from "./jobs.ts";

type Queues = { [K in QueueKey]: Queue };

const queuesSlot = singleton<Queues>("__dokraQueues", () => {
  const connection = createRedis("queue");
  const prefix = keyPrefix();
  const entries = (Object.keys(QUEUE_NAMES) as QueueKey[]).map((key) => [key, new Queue(QUEUE_NAMES[key], { connection, prefix })]);
  return Object.fromEntries(entries) as Queues;
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
export async function clearFinishedJob(queue: Queue, jobId: string, waitForActiveMs = 0): Promise<boolean> {
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
