import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// A commission request is a message in the same inbox, marked by `kind`, with its own
// details and an optional reference photo kept in the private originals area (photo_key).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE contact_messages
      ADD COLUMN kind ENUM('message', 'commission') NOT NULL DEFAULT 'message' AFTER id,
      ADD COLUMN size VARCHAR(100) NULL AFTER message,
      ADD COLUMN quantity SMALLINT UNSIGNED NULL AFTER size,
      ADD COLUMN budget_rupees INT UNSIGNED NULL AFTER quantity,
      ADD COLUMN needed_by CHAR(10) NULL AFTER budget_rupees,
      ADD COLUMN photo_key VARCHAR(200) NULL AFTER needed_by,
      ADD COLUMN photo_type VARCHAR(40) NULL AFTER photo_key`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE contact_messages
      DROP COLUMN kind, DROP COLUMN size, DROP COLUMN quantity, DROP COLUMN budget_rupees,
      DROP COLUMN needed_by, DROP COLUMN photo_key, DROP COLUMN photo_type`.execute(db);
}
