// The job contract between the web process (producer) and the worker (consumer), in one table:
// every job's name (its key), its queue, what it carries and how it is retried. The names, the
// payload types and the worker's handler map (workers/runtime.ts) are derived from it, so a job
// added here without a handler does not type-check. Payloads carry ids only: the worker reads
// everything else from the database.
import type { JobsOptions } from "bullmq";

/** Queue keys and their names in Redis. */
export const QUEUE_NAMES = {
  image: "media-image",
  video: "media-video",
  maintenance: "maintenance",
  contact: "contact",
} as const;

export type QueueKey = keyof typeof QUEUE_NAMES;

export interface MediaJobData {
  mediaId: number;
}

export interface ContactJobData {
  messageId: number;
}

export type NoJobData = Record<string, never>;

export interface BackupJobData {
  trigger: "schedule" | "dashboard";
}

/** Priorities (lower runs first): uploads before follow-up AVIF work. */
export const PRIORITY = { upload: 1, followUp: 10 } as const;

export const RETRY = { attempts: 5, backoff: { type: "exponential" as const, delay: 2_000 } };

const MEDIA_JOB: JobsOptions = {
  ...RETRY,
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** A form service may be down for hours: fewer, slower retries, failures kept a month. */
const CONTACT_JOB: JobsOptions = {
  attempts: 8,
  backoff: { type: "exponential", delay: 30_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** Not retried: a failed backup is recorded with its reason, and the next one tries afresh. */
const BACKUP_JOB: JobsOptions = { attempts: 1, removeOnComplete: 20, removeOnFail: 20 };

interface JobContract<Data> {
  queue: QueueKey;
  options: JobsOptions;
  /** Type only: what the job carries (never read at run time). */
  data: Data;
}

const carrying = <Data>(queue: QueueKey, options: JobsOptions): JobContract<Data> => ({ queue, options, data: undefined as Data });

/** Every job. A name not in here is refused by the worker. */
export const JOBS = {
  "process-image": carrying<MediaJobData>("image", { ...MEDIA_JOB, priority: PRIORITY.upload }),
  "process-image-avif": carrying<MediaJobData>("image", { ...MEDIA_JOB, priority: PRIORITY.followUp }),
  "process-video": carrying<MediaJobData>("video", MEDIA_JOB),
  reconcile: carrying<NoJobData>("maintenance", { removeOnComplete: 50, removeOnFail: 50 }),
  "forward-contact": carrying<ContactJobData>("contact", CONTACT_JOB),
  backup: carrying<BackupJobData>("maintenance", BACKUP_JOB),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayloads = { [N in JobName]: (typeof JOBS)[N]["data"] };

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

/**
 * A job's id: `<name>-<row id>`, so queueing the same row twice while its job is live is a
 * no-op (a finished leftover is replaced: queue.server.ts). BullMQ refuses integer-like ids.
 */
export function jobId(name: JobName, rowId: number): string {
  return `${name}-${rowId}`;
}
