import { sql } from "kysely";
import { getDb } from "#db/index.ts";
import { emailReplyHref, whatsappReplyHref } from "./replies.ts";

/** A contact message as the Messages screen shows it. */
export interface AdminMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  read: boolean;
  createdAt: string;
  /** mailto with "Re: <subject>"; a WhatsApp chat when a number was given. */
  reply: { email: string; whatsapp: string | null };
}

/** Every stored contact message, unread first, then newest first. */
export async function listMessagesForAdmin(limit = 200): Promise<AdminMessage[]> {
  const rows = await getDb()
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "phone", "subject", "message", "read_at", "created_at"])
    .orderBy(sql`read_at IS NULL`, "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    read: r.read_at !== null,
    createdAt: r.created_at.toISOString(),
    reply: { email: emailReplyHref(r.email, r.subject), whatsapp: r.phone ? whatsappReplyHref(r.phone, r.name, r.subject) : null },
  }));
}

export async function countUnreadMessages(): Promise<number> {
  const { count } = await getDb()
    .selectFrom("contact_messages")
    .select(sql<number>`COUNT(*)`.as("count"))
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Marks a message read (or unread again); false when it does not exist. */
export async function markMessageRead(id: number, read = true): Promise<boolean> {
  const result = await getDb()
    .updateTable("contact_messages")
    .set({ read_at: read ? new Date() : null })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 || (await exists(id));
}

async function exists(id: number): Promise<boolean> {
  return Boolean(await getDb().selectFrom("contact_messages").select("id").where("id", "=", id).executeTakeFirst());
}

/** Deletes a message; false when it does not exist. */
export async function deleteMessage(id: number): Promise<boolean> {
  const result = await getDb().deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
