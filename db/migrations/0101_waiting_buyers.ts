import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// "Tell me when a similar piece is made": a buyer's WhatsApp number per sold or reserved
// piece, one entry per piece and number, kept at most 180 days.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE waiting_buyers (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      product_id BIGINT UNSIGNED NOT NULL,
      phone VARCHAR(20) NOT NULL,
      name VARCHAR(100) NULL,
      told_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      UNIQUE KEY waiting_buyers_piece_phone (product_id, phone),
      INDEX waiting_buyers_created (created_at),
      CONSTRAINT waiting_buyers_product FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE waiting_buyers`.execute(db);
}
