import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Redis } from "ioredis";
import { logger } from "#app/lib/logger.server.ts";
import { getDb, type DB } from "#db/index.ts";
import { flushPageHits, interestRedis } from "./counter.server.ts";
import { dayEndsAt, isMetric } from "./kinds.ts";
import { countsPattern, lastParts, movingKey, movingPattern, visitorsPattern } from "./keys.server.ts";

// The roll-up from Redis into MySQL, run by the worker every minute and before the owner's
// screen reads. A day's hash is first renamed to a key of its own batch (new counts start a new
// hash); the batch is added in one transaction that also records its id, and only then
// deleted. Run again after a crash anywhere, a batch is either added once or found applied.

const log = logger.child({ component: "interest-rollup" });

/** Applied batch ids are kept this long; a moved batch is rolled up within a minute. */
const BATCH_MEMORY_DAYS = 30;
/** A day's visitor estimates stay in Redis this long after the day ends (late roll-ups), then go. */
const VISITORS_KEPT_MS = 2 * 86_400_000;

async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== "0");
  return keys;
}

interface Batch {
  daily: Array<{ day: string; product_id: number; metric: string; value: number }>;
  searches: Map<string, { searches: number; results: number | null }>;
}

function parseBatch(day: string, fields: Record<string, string>): Batch {
  const batch: Batch = { daily: [], searches: new Map() };
  for (const [field, raw] of Object.entries(fields)) {
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 0) continue;
    const colon = field.indexOf(":");
    const head = field.slice(0, colon);
    const rest = field.slice(colon + 1);
    if (head === "q" || head === "r") {
      const entry = batch.searches.get(rest) ?? { searches: 0, results: null };
      if (head === "q") entry.searches += value;
      else entry.results = value;
      batch.searches.set(rest, entry);
    } else if (isMetric(head) && /^\d{1,15}$/.test(rest)) {
      batch.daily.push({ day, product_id: Number(rest), metric: head, value });
    }
  }
  return batch;
}

/** Adds one moved batch to the daily tables, once; then deletes it from Redis. */
async function applyBatch(db: DB, redis: Redis, key: string): Promise<void> {
  const [day, id] = lastParts(key, 2) as [string, string];
  const batch = parseBatch(day, await redis.hgetall(key));
  await db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto("interest_batches").ignore().values({ id }).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    if (batch.daily.length) {
      await trx
        .insertInto("interest_daily")
        .values(batch.daily)
        .onDuplicateKeyUpdate({ value: sql`value + VALUES(value)` })
        .execute();
    }
    const searches = [...batch.searches].map(([query, entry]) => ({ day, query, ...entry }));
    if (searches.length) {
      await trx
        .insertInto("interest_searches")
        .values(searches)
        .onDuplicateKeyUpdate({ searches: sql`searches + VALUES(searches)`, results: sql`COALESCE(VALUES(results), results)` })
        .execute();
    }
  });
  await redis.del(key);
}

/** The day's distinct visitors: an estimate that only grows, written as an absolute value. */
async function applyVisitors(db: DB, redis: Redis, key: string): Promise<void> {
  const [day, productId] = lastParts(key, 2) as [string, string];
  const estimate = await redis.pfcount(key);
  await redis.pexpireat(key, dayEndsAt(day) + VISITORS_KEPT_MS);
  await db
    .insertInto("interest_daily")
    .values({ day, product_id: Number(productId), metric: "visitors", value: estimate })
    .onDuplicateKeyUpdate({ value: sql`GREATEST(value, VALUES(value))` })
    .execute();
}

export interface RollUpResult {
  batches: number;
  visitorCounts: number;
}

export async function rollUpInterest(db: DB = getDb(), redis: Redis = interestRedis()): Promise<RollUpResult> {
  // Each day's live hash becomes a batch first; then every batch is applied: this run's, one
  // another process moved and is applying (waited for on its id), one a failed run left behind.
  // So a read after this run sees every count made before it started (this process's page
  // hits still gathering included).
  await flushPageHits();
  for (const key of await scanKeys(redis, countsPattern())) {
    const [day] = lastParts(key, 1) as [string];
    // Another roll-up may have moved it a moment ago: its batch is found below.
    await redis.renamenx(key, movingKey(day, randomUUID())).catch(() => 0);
  }
  const moved = await scanKeys(redis, movingPattern());
  for (const key of moved) await applyBatch(db, redis, key);
  const visitors = await scanKeys(redis, visitorsPattern());
  for (const key of visitors) await applyVisitors(db, redis, key);
  await db
    .deleteFrom("interest_batches")
    .where("applied_at", "<", sql<Date>`NOW(3) - INTERVAL ${BATCH_MEMORY_DAYS} DAY`)
    .execute();
  if (moved.length) log.debug({ batches: moved.length, visitors: visitors.length }, "interest rolled up");
  return { batches: moved.length, visitorCounts: visitors.length };
}
