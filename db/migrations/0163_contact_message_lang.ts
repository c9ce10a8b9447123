import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// The language a message or commission request was sent in (the page's), so the owner's
// WhatsApp reply greets the buyer in it. Messages from before were English.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE contact_messages
    ADD COLUMN lang CHAR(2) NOT NULL DEFAULT 'en',
    ADD CONSTRAINT contact_messages_lang CHECK (lang IN ('en', 'bn', 'hi'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE contact_messages DROP CONSTRAINT contact_messages_lang, DROP COLUMN lang`.execute(db);
}
