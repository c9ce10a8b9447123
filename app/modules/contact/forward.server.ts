import { UnrecoverableError, type Job } from "bullmq";
import { getEnv } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getDb } from "#db/index.ts";
import type { ContactJobData } from "#app/modules/jobs/jobs.ts";

export const FORWARD_TIMEOUT_MS = 10_000;

export type ForwardResult = "forwarded" | "already-forwarded" | "not-configured";

async function recordError(messageId: number, reason: string): Promise<void> {
  await getDb()
    .updateTable("contact_messages")
    .set({ forward_error: reason.slice(0, 500) })
    .where("id", "=", messageId)
    .execute();
}

/**
 * The contact queue's processor: posts one stored message to CONTACT_FORWARD_URL (a
 * form service) as JSON. Idempotent (a forwarded message is not sent twice). Network
 * errors, timeouts, 5xx, 408 and 429 throw so BullMQ retries with backoff; any other
 * 4xx means the service refuses this message, so it fails for good (kept in the DB).
 */
export async function forwardContactMessage(job: Pick<Job<ContactJobData>, "data">): Promise<ForwardResult> {
  const { messageId } = job.data;
  const target = getEnv().CONTACT_FORWARD_URL;
  const message = await getDb()
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "subject", "message", "forwarded_at"])
    .where("id", "=", messageId)
    .executeTakeFirst();
  if (!message) throw new UnrecoverableError(`contact message ${messageId} does not exist`);
  if (message.forwarded_at) return "already-forwarded";
  if (!target) return "not-configured";

  let response: Response;
  try {
    response = await fetch(target, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ name: message.name, email: message.email, subject: message.subject, message: message.message }),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = `forward failed: ${error instanceof Error ? error.message : String(error)}`;
    await recordError(messageId, reason);
    throw new Error(reason);
  }
  if (!response.ok) {
    const reason = `form service answered ${response.status}`;
    await recordError(messageId, reason);
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    if (!retryable) throw new UnrecoverableError(reason);
    throw new Error(reason);
  }
  await getDb()
    .updateTable("contact_messages")
    .set({ forwarded_at: new Date(), forward_error: null })
    .where("id", "=", messageId)
    .execute();
  logger.info({ messageId }, "contact message forwarded");
  return "forwarded";
}
