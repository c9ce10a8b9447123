import type { RateLimiterRedis } from "rate-limiter-flexible";
import { consumeAll, createLimiter, longestWait, refund, type Charge, type Consumed } from "#app/lib/rate-limit.server.ts";

/**
 * Login throttling on Redis (rate-limiter-flexible). Each attempt takes its points before
 * the password is checked, so a parallel burst gets no more checks than the limit; a
 * refused attempt gives them back (only checked failures count), a success gives back
 * all and clears the pair's count. Windows are fixed: a refusal lasts until the window ends.
 * - one email from one address: 5 failures in 15 min;
 * - one address, accounts it has guessed before: 30 failures in an hour;
 * - one address, an account it never guessed: 30 failures in 5 min, so a stranger's
 *   failures on other e-mails hold the owner up for minutes, never the hour;
 * - one email, any address: 100 failures in 15 min (bounded: never a lock-out for good);
 * - a browser that signed in before (device cookie, see device.server.ts): only its own
 *   3 failures in 15 min count, so strangers' failures never lock it out.
 */
export const LOGIN_LIMITS = {
  email_ip: { points: 5, duration: 15 * 60 },
  ip: { points: 30, duration: 3600 },
  ip_fresh: { points: 30, duration: 5 * 60 },
  email: { points: 100, duration: 15 * 60 },
  device: { points: 3, duration: 15 * 60 },
} as const;

type Limiters = Record<keyof typeof LOGIN_LIMITS, RateLimiterRedis>;
let limiters: Limiters | undefined;

function getLimiters(): Limiters {
  limiters ??= Object.fromEntries(
    Object.entries(LOGIN_LIMITS).map(([name, limit]) => [name, createLimiter(`login:${name}`, limit)]),
  ) as Limiters;
  return limiters;
}

/** One attempt on the throttles: refused when waitMs > 0; otherwise call `succeeded` after a right password (a failure keeps its points). */
export type LoginTicket = { waitMs: number; succeeded(): Promise<void> };

/**
 * Takes this attempt's points. With a valid device cookie for the email (`deviceId`), only
 * the device's own budget applies; otherwise the address's and the email's.
 */
export async function takeLoginAttempt(email: string, ip: string, deviceId: string | null): Promise<LoginTicket> {
  const l = getLimiters();
  if (deviceId) {
    const consumed = await consumeAll([{ limiter: l.device, key: deviceId }]);
    return settle(consumed, consumed, async () => refund(consumed));
  }
  const pair: Charge = { limiter: l.email_ip, key: `${email}_${ip}` };
  const consumed = await consumeAll([
    pair,
    { limiter: l.email, key: email },
    { limiter: l.ip, key: ip },
    { limiter: l.ip_fresh, key: ip },
  ]);
  const [pairTaken, emailTaken, ipTaken, ipFreshTaken] = consumed as [Consumed, Consumed, Consumed, Consumed];
  const guessedBefore = pairTaken.result.consumedPoints > 1;
  const deciding = [pairTaken, emailTaken, guessedBefore ? ipTaken : ipFreshTaken];
  return settle(consumed, deciding, async () => {
    await refund(consumed.slice(1));
    await pair.limiter.delete(pair.key);
  });
}

async function settle(consumed: Consumed[], deciding: Consumed[], onSuccess: () => Promise<void>): Promise<LoginTicket> {
  const waitMs = longestWait(deciding);
  if (waitMs > 0) await refund(consumed);
  return { waitMs, succeeded: onSuccess };
}

export function throttledMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
