import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// The one-time token of an Add product form, written in the same transaction as the product
// it made: the same form sent twice (double tap, back and resubmit) finds the piece it already made.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE product_form_tokens (
    token VARCHAR(64) NOT NULL PRIMARY KEY,
    product_id BIGINT UNSIGNED NOT NULL,
    created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    CONSTRAINT fk_product_form_tokens_product FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE product_form_tokens`.execute(db);
}
