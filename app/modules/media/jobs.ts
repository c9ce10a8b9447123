// The job contract between the web process (producer) and the worker (consumer): every job
// name, the queue it runs on, what it carries and how it is retried, in one table (JOBS).
// Payloads carry ids only: the worker reads everything else from the database.
import type { JobsOptions } from "bullmq";
import { BACKUP_JOB, BACKUP_OPTIONS, type BackupJobData } from "#app/modules/backup/jobs.ts";
import {
  CONTACT_QUEUE,
  FORWARD_CONTACT_JOB,
  FORWARD_CONTACT_OPTIONS,
  type ContactJobData,
} from "#app/modules/contact/jobs.ts";

export const QUEUE_NAMES = {
  image: "media-image",
  video: "media-video",
  maintenance: "maintenance",
  contact: CONTACT_QUEUE,
} as const;

export type QueueKey = keyof typeof QUEUE_NAMES;

export const JOB_NAMES = {
  processImage: "process-image",
  processImageAvif: "process-image-avif",
  processVideo: "process-video",
  reconcile: "reconcile",
  forwardContact: FORWARD_CONTACT_JOB,
  backup: BACKUP_JOB,
} as const;

export interface MediaJobData {
  mediaId: number;
}

export type ReconcileJobData = Record<string, never>;

/** What each job carries. */
export interface JobPayloads {
  "process-image": MediaJobData;
  "process-image-avif": MediaJobData;
  "process-video": MediaJobData;
  reconcile: ReconcileJobData;
  "forward-contact": ContactJobData;
  backup: BackupJobData;
}

export type JobName = keyof JobPayloads;

/** Priorities (lower runs first): uploads before follow-up AVIF work. */
export const PRIORITY = { upload: 1, followUp: 10 } as const;

export const RETRY = { attempts: 5, backoff: { type: "exponential" as const, delay: 2_000 } };

const MEDIA_JOB: JobsOptions = {
  ...RETRY,
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Every job: its queue and its options. A name not in here is refused by the worker. */
export const JOBS: { readonly [N in JobName]: { queue: QueueKey; options: JobsOptions } } = {
  "process-image": { queue: "image", options: { ...MEDIA_JOB, priority: PRIORITY.upload } },
  "process-image-avif": { queue: "image", options: { ...MEDIA_JOB, priority: PRIORITY.followUp } },
  "process-video": { queue: "video", options: MEDIA_JOB },
  reconcile: { queue: "maintenance", options: { removeOnComplete: 50, removeOnFail: 50 } },
  "forward-contact": { queue: "contact", options: FORWARD_CONTACT_OPTIONS },
  backup: { queue: "maintenance", options: BACKUP_OPTIONS },
};

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

/**
 * BullMQ refuses integer-like custom ids; ours are `<name>-<row id>`, so queueing the same
 * row twice while its job is live is a no-op (a finished leftover is replaced: queue.server.ts).
 */
export function mediaJobId(name: string, mediaId: number): string {
  return `${name}-${mediaId}`;
}
