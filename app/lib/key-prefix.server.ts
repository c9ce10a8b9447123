import { getEnv } from "#app/env.server.ts";

/**
 * A Redis key, or key prefix, of this shop: `<QUEUE_PREFIX>:<parts…>`. QUEUE_PREFIX defaults
 * to one derived from DATABASE_URL, so every key written through here (queues, the page
 * cache's public version, throttles) belongs to one database and never to another shop
 * sharing the Redis. `keyPrefix()` alone is the BullMQ prefix.
 */
export function keyPrefix(...parts: string[]): string {
  return [getEnv().QUEUE_PREFIX, ...parts].join(":");
}
