import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "#app/env.server.ts";
import { getRedis } from "#app/lib/redis.server.ts";

/**
 * Login throttling on Redis (rate-limiter-flexible), counting failures only:
 * - one email from one IP: 5 failures in 15 min → that pair waits 15 min;
 * - one IP, any email: 30 failures in an hour → that IP waits an hour;
 * - one email, any IP: 100 failures in an hour → 15 min pause for that email.
 * The last is bounded (15 min, then the count restarts), so an attacker can slow
 * the owner down but never lock them out for good; a success clears the pair's count.
 */
const LIMITS = {
  emailIp: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  ip: { points: 30, duration: 3600, blockDuration: 3600 },
  email: { points: 100, duration: 3600, blockDuration: 15 * 60 },
} as const;

type Limiters = Record<keyof typeof LIMITS, RateLimiterRedis>;
let limiters: Limiters | undefined;

function getLimiters(): Limiters {
  if (!limiters) {
    const storeClient = getRedis();
    const prefix = `${getEnv().QUEUE_PREFIX}:login`;
    limiters = {
      emailIp: new RateLimiterRedis({ storeClient, keyPrefix: `${prefix}:email_ip`, ...LIMITS.emailIp }),
      ip: new RateLimiterRedis({ storeClient, keyPrefix: `${prefix}:ip`, ...LIMITS.ip }),
      email: new RateLimiterRedis({ storeClient, keyPrefix: `${prefix}:email`, ...LIMITS.email }),
    };
  }
  return limiters;
}

function keys(email: string, ip: string) {
  return { emailIp: `${email}_${ip}`, ip, email };
}

/** Milliseconds until this email may try again from this IP, or 0 when allowed. */
export async function loginRetryAfterMs(email: string, ip: string): Promise<number> {
  const l = getLimiters();
  const k = keys(email, ip);
  const states = await Promise.all([l.emailIp.get(k.emailIp), l.ip.get(k.ip), l.email.get(k.email)]);
  let wait = 0;
  for (const [index, state] of states.entries()) {
    const limit = Object.values(LIMITS)[index]!;
    if (state && state.consumedPoints >= limit.points) wait = Math.max(wait, state.msBeforeNext);
  }
  return wait;
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const l = getLimiters();
  const k = keys(email, ip);
  await Promise.all(
    [l.emailIp.consume(k.emailIp), l.ip.consume(k.ip), l.email.consume(k.email)].map((p) =>
      p.catch((e: unknown) => {
        if (!(e instanceof RateLimiterRes)) throw e;
      }),
    ),
  );
}

export async function recordLoginSuccess(email: string, ip: string): Promise<void> {
  await getLimiters().emailIp.delete(keys(email, ip).emailIp);
}

export function throttledMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
