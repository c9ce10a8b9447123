import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// Every save of a product moves its version on, so an edit based on an older one can be
// refused instead of silently putting back what another save changed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN version INT UNSIGNED NOT NULL DEFAULT 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products DROP COLUMN version`.execute(db);
}
