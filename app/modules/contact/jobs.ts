// The contact queue's contract: its job, what it carries and how it is retried. The one job
// table (app/modules/media/jobs.ts) lists it with the media jobs; the worker runs it with
// forwardContactMessage (forward.server.ts).
import type { JobsOptions } from "bullmq";

export const CONTACT_QUEUE = "contact";
export const FORWARD_CONTACT_JOB = "forward-contact";

export interface ContactJobData {
  messageId: number;
}

/** A form service may be down for hours: fewer, slower retries, failures kept a month. */
export const FORWARD_CONTACT_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: "exponential", delay: 30_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** One job per message: queueing a message twice while its job is live is a no-op. */
export function forwardJobId(messageId: number): string {
  return `${FORWARD_CONTACT_JOB}-${messageId}`;
}
