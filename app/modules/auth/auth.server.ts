import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { logger } from "#app/lib/logger.server.ts";
import { noteAdminRequest } from "#app/lib/request-context.server.ts";
import { getSession, getSessionStorage } from "./session.server.ts";
import { loginRetryAfterMs, recordLoginFailure, recordLoginSuccess, throttledMessage } from "./throttle.server.ts";
import { findAdminById, normalizeEmail, verifyLogin, type AdminUser } from "./users.server.ts";

export const INVALID_LOGIN = "Invalid email or password";

export const loginSchema = z.object({
  email: z.email({ error: "Please enter a valid email address" }).max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 429,
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

/** Checks the throttle, then the password; the one rule both the form and the API use. */
export async function attemptLogin(input: { email: string; password: string }, ip: string): Promise<AdminUser> {
  const email = normalizeEmail(input.email);
  const wait = await loginRetryAfterMs(email, ip);
  if (wait > 0) {
    logger.warn({ email, ip }, "login throttled");
    throw new LoginError(throttledMessage(wait), 429, wait);
  }
  const user = await verifyLogin(email, input.password);
  if (!user) {
    await recordLoginFailure(email, ip);
    logger.warn({ email, ip }, "login failed");
    throw new LoginError(INVALID_LOGIN, 401);
  }
  await recordLoginSuccess(email, ip);
  logger.info({ email, ip }, "login succeeded");
  return user;
}

export const authenticator = new Authenticator<AdminUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new LoginError(INVALID_LOGIN, 400);
    return attemptLogin(parsed.data, clientIpOf(request));
  }),
  "form",
);

/** The client address the Express server put on the request (see server/index.ts). */
export function clientIpOf(request: Request): string {
  return request.headers.get("x-dokra-client-ip") ?? "unknown";
}

/** Starts a fresh session (new id: no fixation) for the user and returns its Set-Cookie header. */
export async function createUserSession(user: AdminUser): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", user.id);
  return storage.commitSession(session);
}

export async function getAdmin(request: Request): Promise<AdminUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  const admin = (await findAdminById(userId)) ?? null;
  // A signed-in admin's POST/PUT/DELETE (pages and API alike) may change public pages:
  // the server bumps the public version once the response is ready (server/remix-handler.ts).
  if (admin) noteAdminRequest(request.method);
  return admin;
}

/** Only keeps same-site, relative paths, so a login link cannot send anyone elsewhere. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
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

/** Ends the caller's session (row deleted, cookie cleared) and redirects. */
export async function logout(request: Request, to = "/admin"): Promise<Response> {
  const storage = getSessionStorage();
  const session = await getSession(request);
  return redirect(to, { headers: { "Set-Cookie": await storage.destroySession(session) } });
}
