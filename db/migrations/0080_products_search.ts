import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// Storefront search looks in every text field a visitor might name, the
// category slug included ('wall-hanging' is indexed as 'wall' and 'hanging'). It replaces
// the unused name + description index of 0001.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_search ON products`.execute(db);
  await sql`CREATE FULLTEXT INDEX products_search ON products (name, description, material, utility, color, category)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_search ON products`.execute(db);
  await sql`CREATE FULLTEXT INDEX products_search ON products (name, description)`.execute(db);
}
