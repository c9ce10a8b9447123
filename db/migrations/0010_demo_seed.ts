import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// One row once the demo catalogue's seed has begun; finished_at is set when it has put in
// everything. A row without finished_at is a seed cut short: the next run completes it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE demo_seed (
      id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
      started_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      finished_at DATETIME(3) NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE demo_seed`.execute(db);
}
