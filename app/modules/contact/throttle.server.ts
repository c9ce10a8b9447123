import { RateLimiterRedis } from "rate-limiter-flexible";
import { getEnv } from "#app/env.server.ts";
import { getRedis } from "#app/lib/redis.server.ts";

/** Per IP: 5 accepted messages in an hour; then that IP waits until the hour is over. */
export const CONTACT_LIMIT = { points: 5, duration: 3600 } as const;

let limiter: RateLimiterRedis | undefined;

function getLimiter(): RateLimiterRedis {
  limiter ??= new RateLimiterRedis({
    storeClient: getRedis(),
    keyPrefix: `${getEnv().QUEUE_PREFIX}:contact:ip`,
    ...CONTACT_LIMIT,
  });
  return limiter;
}

/** Milliseconds until this IP may send again, or 0 when it may send now. */
export async function contactRetryAfterMs(ip: string): Promise<number> {
  const state = await getLimiter().get(ip);
  return state && state.consumedPoints >= CONTACT_LIMIT.points ? state.msBeforeNext : 0;
}

/** Counts one accepted message for this IP. */
export async function recordContactMessage(ip: string): Promise<void> {
  await getLimiter()
    .penalty(ip, 1)
    .catch(() => undefined);
}

export function contactThrottledMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before sending another, or reach us by phone or WhatsApp.`;
}
