import { Migrator, type Kysely } from "kysely";
import { createConnection } from "mysql2/promise";
import { createDb } from "./index.ts";
import { migrations } from "./migrations/index.ts";

/** CREATE DATABASE IF NOT EXISTS for the database named in the URL. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL names an unusable database: "${name}"`);
  url.pathname = "/";
  const connection = await createConnection({ uri: url.toString() });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`migration ${result.migrationName} failed`);
  }
  if (error) throw error;
}

export async function migrate(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { connectionLimit: 2 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
