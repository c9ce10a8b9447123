import { logger } from "#app/lib/logger.server.ts";
import { addJob } from "#app/modules/jobs/queue.server.ts";
import { getDb } from "#db/index.ts";
import { jobId } from "#app/modules/jobs/jobs.ts";
import type { Lang } from "#app/modules/i18n/languages.ts";
import type { ContactInput } from "./schema.ts";

/** Queues the forward of one stored message; retried with backoff by BullMQ (JOBS["forward-contact"]). */
export async function enqueueContactForward(messageId: number): Promise<void> {
  await addJob("forward-contact", { messageId }, jobId("forward-contact", messageId));
}

/**
 * Stores the message first (so it is never lost), then queues its forward. If Redis is
 * down the message is still saved; `requeueUnforwardedMessages` picks it up later.
 */
export async function submitContactMessage(input: ContactInput, ip: string, lang: Lang = "en"): Promise<{ id: number }> {
  const inserted = await getDb()
    .insertInto("contact_messages")
    .values({ name: input.name, email: input.email, phone: input.phone ?? null, subject: input.subject, message: input.message, ip, lang })
    .executeTakeFirstOrThrow();
  const id = Number(inserted.insertId);
  await enqueueContactForward(id).catch((error: unknown) =>
    logger.error({ err: error, messageId: id }, "contact forward not queued; it will be requeued later"),
  );
  return { id };
}

/** For a periodic reconcile: queues every message not yet forwarded (idempotent by job id). */
export async function requeueUnforwardedMessages(olderThanMs = 10 * 60_000): Promise<number> {
  const rows = await getDb()
    .selectFrom("contact_messages")
    .select("id")
    .where("forwarded_at", "is", null)
    .where("created_at", "<", new Date(Date.now() - olderThanMs))
    .execute();
  // A failed forward keeps its job (a month): that message is not retried again every sweep.
  for (const row of rows) {
    await addJob("forward-contact", { messageId: row.id }, jobId("forward-contact", row.id), { replaceFinished: false });
  }
  return rows.length;
}
