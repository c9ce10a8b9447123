import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// A product's name and description in Bengali (bn) and Hindi (hi). A missing row, or a NULL
// field, has not been translated: the page shows the English text. The FULLTEXT index lets
// the storefront search find a piece by its translated words.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE product_translations (
    product_id BIGINT UNSIGNED NOT NULL,
    lang CHAR(2) NOT NULL,
    name VARCHAR(200) NULL,
    description TEXT NULL,
    PRIMARY KEY (product_id, lang),
    CONSTRAINT product_translations_lang CHECK (lang IN ('bn', 'hi')),
    CONSTRAINT product_translations_product FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE,
    FULLTEXT INDEX product_translations_search (name, description)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE product_translations`.execute(db);
}
