import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// The three home slides (docs/product-rules.md, What is stored static data) get their own pictures: one media row
// per slide number, processed like any upload. Before, the slider borrowed the three
// newest gallery images, so every gallery upload changed the home page.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE home_slides (
      id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
      media_id BIGINT UNSIGNED NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      UNIQUE KEY home_slides_media (media_id),
      CONSTRAINT home_slides_media_fk FOREIGN KEY (media_id) REFERENCES media (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("home_slides").ifExists().execute();
}
