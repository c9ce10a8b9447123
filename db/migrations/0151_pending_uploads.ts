import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// Photos a product form sent that were kept when the form came back refused for another field:
// originals in the private area, bound to the form (`form_key`) and grouped by the batch its
// signed reference names, removed once used or past `expires_at`.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE pending_uploads (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    batch CHAR(22) NOT NULL,
    form_key VARCHAR(64) NOT NULL,
    original_path VARCHAR(255) NOT NULL,
    original_name VARCHAR(255) NOT NULL,
    original_bytes BIGINT UNSIGNED NOT NULL,
    mime_type VARCHAR(100) NOT NULL,
    expires_at DATETIME(3) NOT NULL,
    created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    INDEX pending_uploads_batch (batch),
    INDEX pending_uploads_expires (expires_at)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE pending_uploads`.execute(db);
}
