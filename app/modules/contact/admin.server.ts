import { sql } from "kysely";
import type { Lang } from "#app/modules/i18n/languages.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { whatsappTextHref } from "#app/modules/whatsapp/links.ts";
import { whatsappMessagesIn } from "#app/modules/whatsapp/messages.server.ts";
import { emailReplyHref } from "./replies.ts";

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
  /** mailto with "Re: <subject>" (none for a commission: it has no e-mail); a WhatsApp chat when a number was given. */
  reply: { email: string | null; whatsapp: string | null };
  /** Set on a commission request: its details and whether it has a reference photo. */
  commission: { size: string | null; quantity: number | null; budget: number | null; neededBy: string | null; photo: boolean } | null;
}

/** Every stored contact message, unread first, then newest first. */
export async function listMessagesForAdmin(limit = 200): Promise<AdminMessage[]> {
  const rows = await getDb()
    .selectFrom("contact_messages")
    .select(["id", "kind", "name", "email", "phone", "subject", "message", "size", "quantity", "budget_rupees", "needed_by", "photo_key", "read_at", "created_at", "lang"])
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
    reply: { email: r.email ? emailReplyHref(r.email, r.subject) : null, whatsapp: r.phone ? whatsappReply(r) : null },
    commission:
      r.kind === "commission"
        ? { size: r.size, quantity: r.quantity, budget: r.budget_rupees, neededBy: r.needed_by, photo: r.photo_key !== null }
        : null,
  }));
}

/**
 * A WhatsApp chat with the sender, greeted in the language the page was in when they wrote; a
 * commission is named by its design's first line (its stored subject starts with an English label).
 */
function whatsappReply(r: { phone: string | null; name: string; subject: string; message: string; kind: string; lang: Lang }): string {
  const about = r.kind === "commission" ? r.message.split("\n")[0]!.slice(0, 120) : r.subject;
  return whatsappTextHref(r.phone!, whatsappMessagesIn(r.lang).replyToMessage(r.name, about));
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

/** Deletes a message and its reference photo; false when it does not exist. */
export async function deleteMessage(id: number): Promise<boolean> {
  const row = await getDb().selectFrom("contact_messages").select("photo_key").where("id", "=", id).executeTakeFirst();
  const result = await getDb().deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
  if (row?.photo_key) await getStorage().removeOriginal(row.photo_key);
  return Number(result.numDeletedRows) > 0;
}
