import { Redis } from "ioredis";
import { getEnv } from "#app/env.server.ts";

/**
 * A new ioredis connection. BullMQ workers need `maxRetriesPerRequest: null`
 * (they block on Redis); other users keep the default so calls fail fast.
 */
export function createRedis(purpose: "queue" | "worker" | "general" = "general"): Redis {
  return new Redis(getEnv().REDIS_URL, {
    // Callers that must not hang (health, rate limits) add their own timeouts.
    maxRetriesPerRequest: purpose === "worker" ? null : 2,
    connectTimeout: 5_000,
    lazyConnect: false,
  });
}

const globalForRedis = globalThis as unknown as { __dokraRedis?: Redis };

/** The shared connection for short commands (rate limits, health, cache). */
export function getRedis(): Redis {
  globalForRedis.__dokraRedis ??= createRedis("general");
  return globalForRedis.__dokraRedis;
}
