import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// The API finds products by exact name (getProductByName, getAvailableProductByName):
// without this index each call read every product (5 ms at 10,000 products; bench/RESULTS.md).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX products_name ON products (name)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_name ON products`.execute(db);
}
