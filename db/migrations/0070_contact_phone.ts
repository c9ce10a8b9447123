import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// An optional phone/WhatsApp number on a contact message, stored normalised
// ("+919830012345", or the bare digits when no country can be told), so the Messages
// screen can offer a WhatsApp reply.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE contact_messages ADD COLUMN phone VARCHAR(20) NULL AFTER email`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE contact_messages DROP COLUMN phone`.execute(db);
}
