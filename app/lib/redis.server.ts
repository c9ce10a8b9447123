import { Redis } from "ioredis";
import { getEnv } from "#app/env.server.ts";
import { singleton } from "#app/lib/singleton.server.ts";

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

const general = singleton<Redis>("__dokraRedis", () => createRedis("general"));

/** The shared connection for short commands (rate limits, health, cache). */
export function getRedis(): Redis {
  return general.get();
}
