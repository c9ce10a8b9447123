import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getEnv } from "#app/env.server.ts";
import { readCookieHeader } from "#app/lib/render-context.server.ts";
import { signedCookie } from "./session.server.ts";

/**
 * OWASP's device cookie: a browser that signed in to an account is given a signed cookie
 * naming that account, so later attempts from it with the right password are not held up by
 * strangers' failures (it has its own small failure budget instead; see throttle.server.ts).
 */
const deviceSchema = z.object({ email: z.string(), id: z.string().regex(/^[\w-]{22}$/) });

let cookie: ReturnType<typeof signedCookie> | undefined;

// Secure like the session cookie (secureCookiesFor in session.server.ts): a browser that drops it on a
// shop served over http on its own network would never be exempt from strangers' failures.
const deviceCookie = () => (cookie ??= signedCookie("__dokra_device", 365 * 24 * 3600, getEnv()));

/** The device id when the request carries a cookie this server signed for this (normalised) email. */
export async function deviceIdFor(request: Request, email: string): Promise<string | null> {
  const parsed = deviceSchema.safeParse(await deviceCookie().parse(readCookieHeader(request)));
  return parsed.success && parsed.data.email === email ? parsed.data.id : null;
}

/** A new device cookie for this email, given with every successful sign-in (Secure as the session's). */
export async function issueDeviceCookie(email: string, secure: boolean): Promise<string> {
  return deviceCookie().serialize({ email, id: randomBytes(16).toString("base64url") }, { secure });
}
