import { createHash, randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { getEnv } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { dayEndsAt, interestDay, normaliseQuery, type InterestKind, type TapKind } from "./kinds.ts";
import { countsKey, saltKey, visitorsKey } from "./keys.server.ts";

// Counting: one pipeline per counted request, sent after the answer (server/interest.ts), into
// the day's hash in Redis; the worker rolls it up into MySQL (rollup.server.ts).

const log = logger.child({ component: "interest" });

const globalForInterest = globalThis as unknown as { __dokraInterestRedis?: Redis };

/**
 * Its own connection: commands wait (briefly) while Redis restarts, so a restart loses no count,
 * but a long outage drops them instead of holding memory.
 */
export function interestRedis(): Redis {
  if (!globalForInterest.__dokraInterestRedis) {
    const redis = new Redis(getEnv().REDIS_URL, {
      enableAutoPipelining: true,
      maxRetriesPerRequest: 20,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 1_000),
    });
    redis.on("error", (error: Error) => log.debug({ err: error.message }, "redis error"));
    globalForInterest.__dokraInterestRedis = redis;
  }
  return globalForInterest.__dokraInterestRedis;
}

let salt: { day: string; value: Promise<string> } | null = null;

/** The day's salt, shared by every process through Redis and gone when the day ends. */
function daySalt(day: string): Promise<string> {
  if (salt?.day === day) return salt.value;
  const redis = interestRedis();
  const value = redis
    .set(saltKey(day), randomBytes(16).toString("hex"), "PXAT", dayEndsAt(day), "NX")
    .then(() => redis.get(saltKey(day)))
    .then((found) => found ?? Promise.reject(new Error("the day's salt is missing")));
  salt = { day, value };
  value.catch(() => {
    if (salt?.value === value) salt = null;
  });
  return value;
}

function visitorHash(daySaltValue: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${daySaltValue}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);
}

function failed(error: unknown) {
  log.warn({ err: error instanceof Error ? error.message : error }, "interest not counted");
}

export interface PageHit {
  /** The piece whose page this is, or null for any other page. */
  productId: number | null;
  /** A bot or a link-preview fetcher: counted apart, never as a view or a visitor. */
  preview: boolean;
  address: string;
  userAgent: string;
  /** The normalised words of a search page, if it is one. */
  search?: string;
}

/** A page answered: one pipeline of a few commands. The address is hashed with the day's salt, never kept. */
export async function recordPageHit(hit: PageHit, at = Date.now()): Promise<void> {
  try {
    const day = interestDay(at);
    const key = countsKey(day);
    const pipeline = interestRedis().pipeline();
    if (hit.preview) {
      pipeline.hincrby(key, "previews:0", 1);
      if (hit.productId) pipeline.hincrby(key, `previews:${hit.productId}`, 1);
    } else {
      const visitor = visitorHash(await daySalt(day), hit.address, hit.userAgent);
      pipeline.hincrby(key, "page_views:0", 1).pfadd(visitorsKey(day, 0), visitor);
      if (hit.productId) pipeline.hincrby(key, `views:${hit.productId}`, 1).pfadd(visitorsKey(day, hit.productId), visitor);
      if (hit.search) pipeline.hincrby(key, `q:${hit.search}`, 1);
    }
    await pipeline.exec();
  } catch (error) {
    failed(error);
  }
}

/** A tap on a WhatsApp link (a `ping` or a beacon). */
export async function countTap(kind: TapKind, productId: number | null, at = Date.now()): Promise<void> {
  try {
    await interestRedis().hincrby(countsKey(interestDay(at)), `tap_${kind}:${productId ?? 0}`, 1);
  } catch (error) {
    failed(error);
  }
}

/** Enquiry-list adds, share sheets, "tell me when" sign-ups, commission requests: one count, never an error. */
export async function countInterest(kind: InterestKind, productId?: number | null, at = Date.now()): Promise<void> {
  try {
    await interestRedis().hincrby(countsKey(interestDay(at)), `${kind}:${productId ?? 0}`, 1);
  } catch (error) {
    failed(error);
  }
}

/** A search's result count, from its render (a cached page's hits count the search only). */
export async function recordSearchResults(q: string, results: number, at = Date.now()): Promise<void> {
  const query = normaliseQuery(q);
  if (!query) return;
  try {
    await interestRedis().hset(countsKey(interestDay(at)), `r:${query}`, results);
  } catch (error) {
    failed(error);
  }
}
