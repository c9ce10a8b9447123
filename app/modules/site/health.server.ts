import { sql } from "kysely";
import { getRedis } from "#app/lib/redis.server.ts";
import { getDb } from "#db/index.ts";

type Check = "up" | "down";

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref()),
  ]);
}

async function check(work: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(work(), 2_000);
    return "up";
  } catch {
    return "down";
  }
}

/** Whether MySQL and Redis answer, each within two seconds. */
export async function checkHealth(): Promise<{ ok: boolean; mysql: Check; redis: Check }> {
  const [mysql, redis] = await Promise.all([
    check(() => sql`SELECT 1`.execute(getDb())),
    check(() => getRedis().ping()),
  ]);
  return { ok: mysql === "up" && redis === "up", mysql, redis };
}
