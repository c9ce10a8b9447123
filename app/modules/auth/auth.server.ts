import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { HttpError } from "#app/lib/http-error.server.ts";
import { localRedirectPath } from "#app/lib/local-path.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getSession, getSessionStorage, secureCookiesFor } from "./session.server.ts";
import { deviceIdFor, issueDeviceCookie } from "./device.server.ts";
import { takeLoginAttempt, throttledMessage } from "./throttle.server.ts";
import { findAdminById, normalizeEmail, verifyLogin, type AdminUser } from "./users.server.ts";

export const INVALID_LOGIN = "Invalid email or password";

export const loginSchema = z.object({
  email: z.email({ error: "Please enter a valid email address" }).max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});

/** A refused sign-in; a throttled one (429) says when to try again. */
export class LoginError extends HttpError {
  constructor(message: string, status: 400 | 401 | 429, retryAfterMs = 0) {
    const headers = status === 429 ? { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } : undefined;
    super(status, message, { headers });
  }
}

/** Takes the throttle's points, then checks the password; the one rule both the form and the API use. */
export async function attemptLogin(input: { email: string; password: string }, request: Request): Promise<AdminUser> {
  const email = normalizeEmail(input.email);
  const ip = clientIpOf(request);
  const deviceId = await deviceIdFor(request, email);
  const ticket = await takeLoginAttempt(email, ip, deviceId);
  if (ticket.waitMs > 0) {
    logger.warn({ email, ip }, "login throttled");
    throw new LoginError(throttledMessage(ticket.waitMs), 429, ticket.waitMs);
  }
  const user = await verifyLogin(email, input.password);
  if (!user) {
    logger.warn({ email, ip }, "login failed");
    throw new LoginError(INVALID_LOGIN, 401);
  }
  await ticket.succeeded();
  logger.info({ email, ip }, "login succeeded");
  return user;
}

export const authenticator = new Authenticator<AdminUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new LoginError(INVALID_LOGIN, 400);
    return attemptLogin(parsed.data, request);
  }),
  "form",
);

/** The client address the Express server put on the request (see server/index.ts). */
export function clientIpOf(request: Request): string {
  return request.headers.get("x-dokra-client-ip") ?? "unknown";
}

/** Starts a fresh session (new id: no fixation) for the user and returns its Set-Cookie header. */
export async function createUserSession(user: AdminUser, secure: boolean): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", user.id);
  return storage.commitSession(session, { secure });
}

/** The Set-Cookie headers of a successful sign-in: a fresh session and this browser's device cookie. */
export async function signInCookies(user: AdminUser, request: Request): Promise<Array<["Set-Cookie", string]>> {
  const secure = await secureCookiesFor(request);
  return [
    ["Set-Cookie", await createUserSession(user, secure)],
    ["Set-Cookie", await issueDeviceCookie(normalizeEmail(user.email), secure)],
  ];
}

export async function getAdmin(request: Request): Promise<AdminUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  return (await findAdminById(userId)) ?? null;
}

/** Where to go after sign-in: an admin page on this site (localRedirectPath), else the dashboard. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  return localRedirectPath(to, fallback, (path) => path === "/dashboard" || path.startsWith("/dashboard/"));
}

export async function requireAdmin(request: Request): Promise<AdminUser> {
  const admin = await getAdmin(request);
  if (!admin) {
    const url = new URL(request.url);
    throw redirect(`/admin?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  return admin;
}

export async function requireAnonymous(request: Request): Promise<void> {
  if (await getAdmin(request)) throw redirect("/dashboard");
}

/** Ends the caller's session (row deleted) and returns the Set-Cookie header that clears its cookie. */
export async function endSession(request: Request): Promise<string> {
  return getSessionStorage().destroySession(await getSession(request), { secure: await secureCookiesFor(request) });
}

/** Ends the caller's session and redirects. */
export async function logout(request: Request, to = "/admin"): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await endSession(request) } });
}
