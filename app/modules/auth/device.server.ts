import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "#app/env.server.ts";

/**
 * OWASP's device cookie: a browser that signed in to an account is given a signed cookie
 * naming that account, so later attempts from it with the right password are not held up by
 * strangers' failures (it has its own small failure budget instead; see throttle.server.ts).
 */
const deviceSchema = z.object({ email: z.string(), id: z.string().regex(/^[\w-]{22}$/) });

let cookie: ReturnType<typeof createCookie> | undefined;

function deviceCookie() {
  const env = getEnv();
  cookie ??= createCookie("__dokra_device", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    path: "/",
    maxAge: 365 * 24 * 3600,
    secrets: [env.SESSION_SECRET],
  });
  return cookie;
}

/** The device id when the request carries a cookie this server signed for this (normalised) email. */
export async function deviceIdFor(request: Request, email: string): Promise<string | null> {
  const parsed = deviceSchema.safeParse(await deviceCookie().parse(request.headers.get("Cookie")));
  return parsed.success && parsed.data.email === email ? parsed.data.id : null;
}

/** A new device cookie for this email, given with every successful sign-in. */
export async function issueDeviceCookie(email: string): Promise<string> {
  return deviceCookie().serialize({ email, id: randomBytes(16).toString("base64url") });
}
