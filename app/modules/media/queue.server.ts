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
