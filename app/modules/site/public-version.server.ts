import { Redis } from "ioredis";
import { getEnv } from "#app/env.server.ts";
import { keyPrefix } from "#app/lib/key-prefix.server.ts";
import { ANY_CHANGE } from "#app/lib/render-context.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { singleton } from "#app/lib/singleton.server.ts";

// The version of everything the public can see (pages, their data, public API reads).
// Every admin write and every finished media job bumps it; the web processes' page caches
// key their entries by it, so a bump anywhere invalidates every cache at once.

const log = logger.child({ component: "public-version" });

/** How long a page request may wait for Redis before it renders without the cache. */
export const READ_TIMEOUT_MS = 250;
const BUMP_RETRY_MS = 1_000;

const versionRedis = singleton<Redis>("__dokraVersionRedis", () => openVersionConnection(getEnv().REDIS_URL));

/**
 * Its own connection, built to fail fast: no offline queue (a command while disconnected
 * fails at once) and a short command timeout, so a Redis outage never holds a page request.
 */
export function openVersionConnection(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    // Concurrent page requests share one write to Redis (each still gets its own GET).
    enableAutoPipelining: true,
    commandTimeout: READ_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on("error", (error: Error) => log.debug({ err: error.message }, "redis error"));
  return redis;
}

function connection(): Redis {
  return versionRedis.get();
}

/** Tests: use this connection from now on (e.g. one to a Redis that is not there). */
export function setVersionConnection(redis: Redis): void {
  versionRedis.set(redis);
}

export function publicVersionKey(): string {
  return keyPrefix("public-version");
}

/** Waits (briefly) for the connection, for writers that run right after start-up (scripts, worker). */
async function whenReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    function onReady() {
      clearTimeout(timer);
      resolve();
    }
    redis.once("ready", onReady);
  });
}

/**
 * Starts a missing counter at the current time in ms, never at 1: a key lost with Redis's
 * data must not restart at a number an old cache entry was stored under.
 */
const SEED = () => String(Date.now());

/** The current public version, or null when Redis does not answer within READ_TIMEOUT_MS. */
export async function readPublicVersion(): Promise<number | null> {
  const redis = connection();
  if (redis.status !== "ready") return null;
  try {
    const key = publicVersionKey();
    let value = await redis.get(key);
    if (value === null) {
      await redis.set(key, SEED(), "NX");
      value = await redis.get(key);
    }
    const version = Number(value);
    return Number.isSafeInteger(version) ? version : null;
  } catch {
    return null;
  }
}

/**
 * The version as this process last heard it: from a read, its own bump, or another process's
 * bump announced on the channel. Trusted only while the subscription listens, and for at most
 * `heardForMs` after it was heard: a lost message costs at most that long.
 */
let heard: { version: number; at: number } | undefined;
let heardForMs = 0;
/** Moves on whenever the subscription (re)starts or drops: a read begun before must not be trusted. */
let listening: { generation: number; on: boolean } = { generation: 0, on: false };

const subscriber = singleton<Redis>("__dokraVersionSubscriber", () => openSubscriber(getEnv().REDIS_URL));

export const bumpsChannel = () => keyPrefix("public-version-bumps");

function hear(version: number, at: number): void {
  if (!heard || version > heard.version || (version === heard.version && at > heard.at)) heard = { version, at };
}

function setListening(on: boolean): void {
  listening = { generation: listening.generation + 1, on };
  heard = undefined;
}

function openSubscriber(url: string): Redis {
  const redis = new Redis(url, {
    autoResubscribe: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on("error", (error: Error) => log.debug({ err: error.message }, "redis error (bumps channel)"));
  // Bumps made while it was away were not heard: nothing heard before counts, and after a
  // reconnection the version is read again before it is trusted.
  redis.on("close", () => setListening(false));
  redis.on("ready", () => {
    redis.subscribe(bumpsChannel()).then(
      () => setListening(true),
      () => redis.disconnect(true),
    );
  });
  redis.on("message", (channel: string, message: string) => {
    const version = Number(message);
    if (channel === bumpsChannel() && listening.on && Number.isSafeInteger(version)) hear(version, Date.now());
  });
  return redis;
}

/**
 * From now on this process listens for bumps, so `currentPublicVersion` answers from memory
 * for up to `maxAgeMs` after the version was last heard (0: never).
 */
export function listenForBumps(maxAgeMs: number): void {
  heardForMs = maxAgeMs;
  if (maxAgeMs > 0) subscriber.get();
}

function stopListening(): void {
  const redis = subscriber.take();
  heardForMs = 0;
  setListening(false);
  redis?.disconnect();
}

/**
 * The current public version, as `readPublicVersion`, but from memory while this process
 * listens for bumps and heard the version less than `heardForMs` ago.
 */
export async function currentPublicVersion(): Promise<number | null> {
  const asked = Date.now();
  if (heardForMs > 0 && listening.on && heard && asked - heard.at < heardForMs && connection().status === "ready") return heard.version;
  const before = listening;
  const version = await readPublicVersion();
  // Heard as of when it was asked, and only if no bump could have been missed meanwhile.
  if (version !== null && before.on && listening === before) hear(version, asked);
  return version;
}

/** How long the time a version was first seen is kept (a fetcher comes back within days). */
const SEEN_AT_TTL_MS = 30 * 24 * 3600 * 1000;

const seenAtKey = (version: number) => keyPrefix("public-version-at", String(version));

/**
 * When `version` was made by a bump, or first read by any web process (ms since the epoch):
 * the moment the change it stands for became visible, for `Last-Modified`. Null when Redis
 * does not answer.
 */
export async function publicVersionSeenAt(version: number): Promise<number | null> {
  const redis = connection();
  if (redis.status !== "ready") return null;
  try {
    const key = seenAtKey(version);
    await redis.set(key, String(Date.now()), "PX", SEEN_AT_TTL_MS, "NX");
    const seenAt = Number(await redis.get(key));
    return Number.isSafeInteger(seenAt) && seenAt > 0 ? seenAt : null;
  } catch {
    return null;
  }
}

/** What one bump changed: when, and the tags it named (null: anything, no page may be served from before it). */
export interface PublicChange {
  at: number;
  tags: readonly string[] | null;
}

/** How long a change is remembered: far longer than any page is served stale. */
const CHANGE_TTL_MS = 3600 * 1000;
const changeKey = (version: number) => keyPrefix("public-version-change", String(version));

let pendingRetry: NodeJS.Timeout | undefined;

/**
 * Moves the public version on; call it after the change is committed. `tags` names what
 * changed (`product:12`) when the writer knows it exactly; without them the change may touch
 * any page. Resolves to the new version, or null when Redis could not be reached: the bump is
 * then retried in the background until it lands (as a change of anything).
 */
export async function bumpPublicVersion(tags: readonly string[] | null = null): Promise<number | null> {
  const redis = connection();
  try {
    await whenReady(redis, 2_000);
    const key = publicVersionKey();
    const results = await redis.multi().set(key, SEED(), "NX").incr(key).exec();
    const version = results?.[1]?.[1];
    if (typeof version !== "number") throw new Error("the version did not move");
    const now = Date.now();
    const change: PublicChange = { at: now, tags: tags && tags.length > 0 && !tags.includes(ANY_CHANGE) ? [...tags] : null };
    // The moment of the change, for the feeds' Last-Modified, and what it changed, for the
    // page cache. Best effort: the bump has landed; a change not recorded reads as "anything".
    // Announced after its change is recorded, so a process that hears it can read what it changed.
    const recorded = await redis
      .multi()
      .set(seenAtKey(version), String(now), "PX", SEEN_AT_TTL_MS, "NX")
      .set(changeKey(version), JSON.stringify(change), "PX", CHANGE_TTL_MS)
      .publish(bumpsChannel(), String(version))
      .exec()
      .catch(() => null);
    // This process's next page already sees it, whatever the channel's delay, and knows what
    // it changed without asking Redis again (only if recorded: others read it from there).
    if (recorded?.[1]?.[0] === null) rememberChange(version, change);
    hear(version, now);
    if (pendingRetry) {
      clearTimeout(pendingRetry);
      pendingRetry = undefined;
    }
    return version;
  } catch (error) {
    log.error({ err: error instanceof Error ? error.message : error }, "could not bump the public version; retrying");
    pendingRetry ??= setTimeout(() => {
      pendingRetry = undefined;
      void bumpPublicVersion();
    }, BUMP_RETRY_MS);
    pendingRetry.unref();
    return null;
  }
}

/** Changes already read: a version's change never changes. */
const knownChanges = new Map<number, PublicChange>();

/** Keeps a change read or made here; past 2,000, the oldest 1,000 are forgotten (a worker bumps for every job). */
function rememberChange(version: number, change: PublicChange): void {
  knownChanges.set(version, change);
  if (knownChanges.size > 2_000) for (const old of [...knownChanges.keys()].slice(0, 1_000)) knownChanges.delete(old);
}

/**
 * The changes of versions `from`..`to` (both included), in order; null when one of them is not
 * known (not recorded, or expired), undefined when Redis does not answer (ask again later).
 */
export async function readPublicChanges(from: number, to: number): Promise<PublicChange[] | null | undefined> {
  const versions = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const missing = versions.filter((version) => !knownChanges.has(version));
  if (missing.length > 0) {
    const redis = connection();
    if (redis.status !== "ready") return undefined;
    try {
      const values = await redis.mget(...missing.map(changeKey));
      values.forEach((value, i) => {
        if (value !== null) rememberChange(missing[i]!, JSON.parse(value) as PublicChange);
      });
    } catch {
      return undefined;
    }
  }
  const changes = versions.map((version) => knownChanges.get(version));
  return changes.every((change) => change !== undefined) ? (changes as PublicChange[]) : null;
}

/** For scripts and tests: closes the connections (after any bump). */
export async function closePublicVersion(): Promise<void> {
  stopListening();
  const redis = versionRedis.take();
  if (!redis) return;
  await redis.quit().catch(() => redis.disconnect());
}
