import { z } from "zod";
import { attemptLogin, endSession, loginSchema, signInCookies } from "#app/modules/auth/auth.server.ts";
import { defineEndpoint } from "./endpoint.server.ts";
import { ApiError, ok, parseWith } from "./envelope.server.ts";
import { readBody } from "./http.server.ts";
import { apiUserSchema } from "./schemas.ts";
import { toApiUser } from "./serialize.server.ts";

export const USER_MESSAGES = {
  notSignedIn: "Not signed in",
  signedIn: "Signed in successfully",
  signedOut: "Signed out successfully",
  crossSite: "Cross-site requests are not allowed",
} as const;

const current = defineEndpoint({
  method: "GET",
  path: "/user/current",
  tag: "User",
  summary: "The signed-in admin (401 when nobody is signed in)",
  access: "public",
  failure: "Failed to fetch the current user",
  success: { status: 200, description: "The admin", data: apiUserSchema },
  errors: [401],
  async handle({ admin }) {
    if (!admin) throw new ApiError(401, USER_MESSAGES.notSignedIn);
    return ok(toApiUser(admin));
  },
});

const login = defineEndpoint({
  method: "POST",
  path: "/user/login",
  tag: "User",
  summary: "Sign in; body {email, password}; sets the session cookie",
  description:
    "Throttled exactly like the admin login form: too many failures for an email from an address, or from an address, answer 429 with Retry-After.",
  access: "public",
  failure: "Failed to sign in",
  body: { json: loginSchema.meta({ id: "LoginBody" }) },
  success: { status: 200, description: "The admin; the response sets the session cookie", data: apiUserSchema },
  errors: [400, 401, 415, 429],
  async handle({ request }) {
    const input = parseWith(loginSchema, await readBody(request));
    const user = await attemptLogin(input, request);
    return ok(toApiUser(user), { message: USER_MESSAGES.signedIn, headers: await signInCookies(user, request) });
  },
});

const logout = defineEndpoint({
  method: "GET",
  path: "/user/logout",
  tag: "User",
  summary: "Sign out: ends the caller's own session and clears the cookie",
  description: "The one GET that changes state (the client calls it so); refused when another site starts it.",
  access: "public",
  failure: "Failed to sign out",
  success: { status: 200, description: "Signed out (also when nobody was signed in)", data: z.null() },
  errors: [403],
  async handle({ request }) {
    const site = request.headers.get("sec-fetch-site");
    if (site && site !== "same-origin" && site !== "none") throw new ApiError(403, USER_MESSAGES.crossSite);
    return ok(null, { message: USER_MESSAGES.signedOut, headers: { "Set-Cookie": await endSession(request) } });
  },
});

export const userEndpoints = { current, login, logout };

