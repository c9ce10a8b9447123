import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// The language a waiting buyer signed up in, so the owner's WhatsApp message to them is in
// that language and links the piece's page in it. Buyers from before were English.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE waiting_buyers
    ADD COLUMN lang CHAR(2) NOT NULL DEFAULT 'en',
    ADD CONSTRAINT waiting_buyers_lang CHECK (lang IN ('en', 'bn', 'hi'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE waiting_buyers DROP CONSTRAINT waiting_buyers_lang, DROP COLUMN lang`.execute(db);
}
