import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// One row per backup run (the schedule, the dashboard's button or `npm run backup`): what it
// is doing now, how it ended and, when it succeeded, where the backup is and how big.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE backups (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      name VARCHAR(64) NOT NULL,
      trigger_source VARCHAR(16) NOT NULL,
      status ENUM('running', 'succeeded', 'failed') NOT NULL DEFAULT 'running',
      phase VARCHAR(120) NULL,
      location VARCHAR(500) NOT NULL,
      bytes BIGINT UNSIGNED NULL,
      files INT UNSIGNED NULL,
      error TEXT NULL,
      started_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      finished_at DATETIME(3) NULL,
      KEY backups_status (status, finished_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backups").ifExists().execute();
}
