import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// An optional title for a gallery image or a video (shown as its caption and
// alternative text on the shop). Null means none: the page falls back to "Gallery picture n".
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["gallery_images", "videos"]) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN title VARCHAR(120) NULL AFTER media_id`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["gallery_images", "videos"]) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN title`.execute(db);
  }
}
