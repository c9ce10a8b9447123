import { RateLimiterRedis, RateLimiterRes, type IRateLimiterStoreOptions } from "rate-limiter-flexible";
import { keyPrefix } from "#app/lib/key-prefix.server.ts";
import { getRedis } from "#app/lib/redis.server.ts";

export function createLimiter(name: string, limit: Pick<IRateLimiterStoreOptions, "points" | "duration">): RateLimiterRedis {
  return new RateLimiterRedis({ storeClient: getRedis(), keyPrefix: keyPrefix(name), ...limit });
}

export type Charge = { limiter: RateLimiterRedis; key: string };
export type Consumed = { charge: Charge; result: RateLimiterRes; allowed: boolean };

/**
 * Takes one point from each charge at once, before the work it guards (Redis increments
 * atomically, so a parallel burst cannot outrun the limit). Refusals come back with
 * `allowed: false`; any other error (Redis down) is thrown.
 */
export async function consumeAll(charges: Charge[]): Promise<Consumed[]> {
  return Promise.all(
    charges.map(async (charge) => {
      try {
        return { charge, result: await charge.limiter.consume(charge.key), allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) return { charge, result: error, allowed: false };
        throw error;
      }
    }),
  );
}

/** Gives back the points `consumeAll` took: a refused or successful attempt is not counted. */
export async function refund(consumed: Consumed[]): Promise<void> {
  await Promise.all(consumed.map(({ charge }) => charge.limiter.reward(charge.key, 1)));
}

/** The longest wait among the refused ones, in milliseconds (0 when none refused). */
export function longestWait(consumed: Consumed[]): number {
  return Math.max(0, ...consumed.filter((c) => !c.allowed).map((c) => c.result.msBeforeNext));
}
