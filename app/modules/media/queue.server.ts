import { Queue, type JobsOptions } from "bullmq";
import { getEnv } from "#app/env.server.ts";
import { createRedis } from "#app/lib/redis.server.ts";
import type { MediaKind } from "#db/schema.ts";
import {
  JOB_NAMES,
  PRIORITY,
  QUEUE_NAMES,
  RETRY,
  mediaJobId,
  type ContactJobData,
  type MediaJobData,
} from "./jobs.ts";

type Queues = {
  image: Queue<MediaJobData>;
  video: Queue<MediaJobData>;
  maintenance: Queue;
  contact: Queue<ContactJobData>;
};

const globalForQueues = globalThis as unknown as { __dokraQueues?: Queues };

export function getQueues(): Queues {
  if (!globalForQueues.__dokraQueues) {
    const connection = createRedis("queue");
    const prefix = getEnv().QUEUE_PREFIX;
    globalForQueues.__dokraQueues = {
      image: new Queue(QUEUE_NAMES.image, { connection, prefix }),
      video: new Queue(QUEUE_NAMES.video, { connection, prefix }),
      maintenance: new Queue(QUEUE_NAMES.maintenance, { connection, prefix }),
      contact: new Queue(QUEUE_NAMES.contact, { connection, prefix }),
    };
  }
  return globalForQueues.__dokraQueues;
}

export async function closeQueues(): Promise<void> {
  const queues = globalForQueues.__dokraQueues;
  globalForQueues.__dokraQueues = undefined;
  if (!queues) return;
  const connection = queues.image.opts.connection;
  await Promise.all(Object.values(queues).map((q) => q.close()));
  if (connection && "quit" in connection) await connection.quit().catch(() => undefined);
}

const COMMON: JobsOptions = {
  ...RETRY,
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Queue the processing of one media row; the job id makes this idempotent. */
export async function enqueueMedia(mediaId: number, kind: MediaKind): Promise<void> {
  const queues = getQueues();
  if (kind === "video") {
    const name = JOB_NAMES.processVideo;
    await queues.video.add(name, { mediaId }, { ...COMMON, jobId: mediaJobId(name, mediaId) });
  } else {
    const name = JOB_NAMES.processImage;
    await queues.image.add(
      name,
      { mediaId },
      { ...COMMON, jobId: mediaJobId(name, mediaId), priority: PRIORITY.upload },
    );
  }
}

const LIVE_STATES = new Set(["active", "waiting", "delayed", "prioritized", "waiting-children"]);

/**
 * Queue a media row again (retry, reconcile). A finished job with the same id would make
 * `add` a no-op, so a completed or failed leftover is removed first. Returns false when a
 * live job already exists (an active one is given up to 2 s to finish first).
 */
export async function requeueMedia(mediaId: number, kind: MediaKind): Promise<boolean> {
  const queues = getQueues();
  const queue = kind === "video" ? queues.video : queues.image;
  const jobId = mediaJobId(kind === "video" ? JOB_NAMES.processVideo : JOB_NAMES.processImage, mediaId);
  const job = await queue.getJob(jobId);
  if (job) {
    let state = await job.getState();
    // A job that just marked its row failed is recorded as failed a moment later.
    for (let i = 0; state === "active" && i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await job.getState();
    }
    if (LIVE_STATES.has(state)) return false;
    await job.remove().catch(() => undefined);
  }
  await enqueueMedia(mediaId, kind);
  return true;
}

/** Queue the slower AVIF sizes for a ready image, after every upload job. */
export async function enqueueAvif(mediaId: number): Promise<void> {
  const name = JOB_NAMES.processImageAvif;
  const jobId = mediaJobId(name, mediaId);
  const queue = getQueues().image;
  const old = await queue.getJob(jobId);
  if (old && !LIVE_STATES.has(await old.getState())) await old.remove().catch(() => undefined);
  await queue.add(name, { mediaId }, { ...COMMON, jobId, priority: PRIORITY.followUp });
}

/** Drops any queued (not running) job of a deleted media row; a running one finds the row gone. */
export async function forgetMediaJobs(mediaId: number, kind: MediaKind): Promise<void> {
  const queues = getQueues();
  const pairs =
    kind === "video"
      ? [[queues.video, JOB_NAMES.processVideo] as const]
      : [[queues.image, JOB_NAMES.processImage] as const, [queues.image, JOB_NAMES.processImageAvif] as const];
  for (const [queue, name] of pairs) {
    const job = await queue.getJob(mediaJobId(name, mediaId));
    if (job && (await job.getState()) !== "active") await job.remove().catch(() => undefined);
  }
}
