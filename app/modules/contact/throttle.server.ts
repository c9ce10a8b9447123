import type { RateLimiterRedis } from "rate-limiter-flexible";
import { consumeAll, createLimiter, longestWait, refund } from "#app/lib/rate-limit.server.ts";

/**
 * Accepted messages an hour. Loose per address (many visitors share one carrier address),
 * tight per e-mail. A message takes its points before it is stored, so a parallel burst
 * cannot outrun the limits; a refused one gives them back.
 */
export const CONTACT_LIMITS = {
  ip: { points: 20, duration: 3600 },
  email: { points: 3, duration: 3600 },
  /** Commission requests per WhatsApp number (the address limit is the contact form's, shared). */
  phone: { points: 3, duration: 3600 },
} as const;

let limiters: Record<keyof typeof CONTACT_LIMITS, RateLimiterRedis> | undefined;

function getLimiters() {
  limiters ??= {
    ip: createLimiter("contact:ip", CONTACT_LIMITS.ip),
    email: createLimiter("contact:email", CONTACT_LIMITS.email),
    phone: createLimiter("contact:phone", CONTACT_LIMITS.phone),
  };
  return limiters;
}

/** Takes one message's points for this address and e-mail: 0 when it may be sent, else the wait in ms (nothing taken). */
export function takeContactMessage(ip: string, email: string): Promise<number> {
  return take(ip, "email", email.toLowerCase());
}

/** The same for a commission request, by address and WhatsApp number. */
export function takeCommission(ip: string, phone: string): Promise<number> {
  return take(ip, "phone", phone);
}

async function take(ip: string, by: "email" | "phone", key: string): Promise<number> {
  const l = getLimiters();
  const consumed = await consumeAll([
    { limiter: l.ip, key: ip },
    { limiter: l[by], key },
  ]);
  const waitMs = longestWait(consumed);
  if (waitMs > 0) await refund(consumed);
  return waitMs;
}

export function contactThrottledMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before sending another, or reach us by phone or WhatsApp.`;
}
