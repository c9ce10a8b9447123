// The job contracts between the web process (producer) and the worker (consumer).
// Payloads carry ids only: the worker reads everything else from the database.

export const QUEUE_NAMES = {
  image: "media-image",
  video: "media-video",
  maintenance: "maintenance",
  contact: "contact",
} as const;

export const JOB_NAMES = {
  processImage: "process-image",
  processImageAvif: "process-image-avif",
  processVideo: "process-video",
  reconcile: "reconcile",
  forwardContact: "forward-contact",
} as const;

export interface MediaJobData {
  mediaId: number;
}

export interface ContactJobData {
  messageId: number;
}

export type ReconcileJobData = Record<string, never>;

/** BullMQ refuses integer-like custom ids; ours are stable per record, so enqueueing twice is a no-op. */
export function mediaJobId(name: string, mediaId: number): string {
  return `${name}-${mediaId}`;
}

/** Priorities (lower runs first): uploads before follow-up AVIF work. */
export const PRIORITY = { upload: 1, followUp: 10 } as const;

export const RETRY = { attempts: 5, backoff: { type: "exponential" as const, delay: 2_000 } };
