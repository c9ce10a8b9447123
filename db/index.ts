import { CompiledQuery, Kysely, MysqlDialect, type LogEvent } from "kysely";
import { createPool } from "mysql2";
import { getEnv } from "#app/env.server.ts";
import type { Database } from "./schema.ts";
import { singleton } from "#app/lib/singleton.server.ts";

export type DB = Kysely<Database>;

/** Counts queries; the benchmarks read it to prove a page's query count is constant. */
export const queryCounter = { count: 0 };

export function createDb(databaseUrl: string, options: { connectionLimit?: number; logErrors?: boolean } = {}): DB {
  const pool = createPool({
    uri: databaseUrl,
    connectionLimit: options.connectionLimit ?? 10,
    charset: "utf8mb4_unicode_ci",
    timezone: "Z",
    supportBigNumbers: true,
    // DECIMAL stays an exact string (money is never a float).
    decimalNumbers: false,
    connectTimeout: 5_000,
    enableKeepAlive: true,
  });
  return new Kysely<Database>({
    dialect: new MysqlDialect({
      pool,
      // Left on, MySQL and MariaDB intersect products_public_listing with products_category
      // for a public listing and then sort the whole category; the one index alone already
      // gives the rows in order (5.4 ms vs 0.07 ms at 10,000 products; bench/RESULTS.md).
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("SET SESSION optimizer_switch = 'index_merge_intersection=off'"));
      },
    }),
    log(event: LogEvent) {
      queryCounter.count++;
      if (event.level === "error" && options.logErrors) console.error(event.error);
    },
  });
}

const db = singleton<DB>("__dokraDb", () => {
  const env = getEnv();
  return createDb(env.DATABASE_URL, { logErrors: env.DB_LOG_ERRORS });
});

/** The process-wide instance, created on first use from DATABASE_URL (app/env.server.ts). */
export function getDb(): DB {
  return db.get();
}

export async function closeDb(): Promise<void> {
  await db.take()?.destroy();
}
