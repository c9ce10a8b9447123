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

let saltOfDay: { day: string; value: Promise<string> } | null = null;

/** The day's salt, shared by every process through Redis and gone when the day ends. */
function daySalt(day: string): Promise<string> {
  if (saltOfDay?.day === day) return saltOfDay.value;
  const redis = interestRedis();
  const value = redis
    .set(saltKey(day), randomBytes(16).toString("hex"), "PXAT", dayEndsAt(day), "NX")
    .then(() => redis.get(saltKey(day)))
    .then((found) => found ?? Promise.reject(new Error("the day's salt is missing")));
  saltOfDay = { day, value };
  value.catch(() => {
    if (saltOfDay?.value === value) saltOfDay = null;
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

/** Page hits wait in memory this long at most, or until this many, then go to Redis in one pipeline. */
const BATCH_MS = 200;
const BATCH_HITS = 2_000;

type HitBatch = { day: string; hits: PageHit[]; written: Promise<void>; write: (work: Promise<void>) => void; timer: NodeJS.Timeout };
let batch: HitBatch | null = null;

/**
 * A page answered. Hits are gathered for a fifth of a second and written together (one
 * `HINCRBY` per field, one `PFADD` per piece), so a busy cached page does not pay Redis
 * round trips on every answer; a process killed outright loses at most that fifth of a
 * second. Resolves once its batch is written. The address is hashed with the day's salt, never kept.
 */
export function recordPageHit(hit: PageHit, at = Date.now()): Promise<void> {
  const day = interestDay(at);
  if (batch && batch.day !== day) void flushPageHits();
  if (!batch) {
    let write!: HitBatch["write"];
    const written = new Promise<void>((resolve) => (write = resolve));
    batch = { day, hits: [], written, write, timer: setTimeout(() => void flushPageHits(), BATCH_MS).unref() };
  }
  const mine = batch;
  mine.hits.push(hit);
  if (mine.hits.length >= BATCH_HITS) void flushPageHits();
  return mine.written;
}

/** Writes the hits gathered so far now (before a roll-up, and when the web process stops). */
export function flushPageHits(): Promise<void> {
  const due = batch;
  if (!due) return Promise.resolve();
  batch = null;
  clearTimeout(due.timer);
  due.write(writePageHits(due.day, due.hits));
  return due.written;
}

async function writePageHits(day: string, hits: PageHit[]): Promise<void> {
  try {
    const counts = new Map<string, number>();
    const visitors = new Map<string, string[]>();
    const count = (field: string) => counts.set(field, (counts.get(field) ?? 0) + 1);
    const visited = (productId: number, visitor: string) => {
      const key = visitorsKey(day, productId);
      const list = visitors.get(key);
      if (list) list.push(visitor);
      else visitors.set(key, [visitor]);
    };
    const salt = hits.some((hit) => !hit.preview) ? await daySalt(day) : "";
    for (const hit of hits) {
      if (hit.preview) {
        count("previews:0");
        if (hit.productId) count(`previews:${hit.productId}`);
        continue;
      }
      const visitor = visitorHash(salt, hit.address, hit.userAgent);
      count("page_views:0");
      visited(0, visitor);
      if (hit.productId) {
        count(`views:${hit.productId}`);
        visited(hit.productId, visitor);
      }
      if (hit.search) count(`q:${hit.search}`);
    }
    const key = countsKey(day);
    const pipeline = interestRedis().pipeline();
    for (const [field, n] of counts) pipeline.hincrby(key, field, n);
    for (const [visitorKey, hashes] of visitors) pipeline.pfadd(visitorKey, ...hashes);
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
