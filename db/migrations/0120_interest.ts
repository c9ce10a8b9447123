import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// Interest figures: counts per piece (product_id 0: the whole shop), day and metric, rolled up
// from Redis; searches per day with their result count; and the roll-up batches already
// applied, so a batch moved out of Redis is never added twice. No visitor data of any kind.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE interest_daily (
      day DATE NOT NULL,
      product_id BIGINT UNSIGNED NOT NULL,
      metric VARCHAR(24) NOT NULL,
      value INT UNSIGNED NOT NULL DEFAULT 0,
      PRIMARY KEY (day, product_id, metric),
      KEY interest_daily_product (product_id, day)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
  await sql`
    CREATE TABLE interest_searches (
      day DATE NOT NULL,
      query VARCHAR(100) NOT NULL,
      searches INT UNSIGNED NOT NULL DEFAULT 0,
      results INT UNSIGNED NULL,
      PRIMARY KEY (day, query)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`.execute(db);
  await sql`
    CREATE TABLE interest_batches (
      id CHAR(36) NOT NULL PRIMARY KEY,
      applied_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      KEY interest_batches_applied (applied_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=ascii`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("interest_batches").ifExists().execute();
  await db.schema.dropTable("interest_searches").ifExists().execute();
  await db.schema.dropTable("interest_daily").ifExists().execute();
}
