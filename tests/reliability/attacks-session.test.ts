// Sessions and the login: fixation, reuse after logout, brute force on one account and
// across accounts (the owner still signs in from another address), cookie flags, and the
// log lines the refusals leave. Real MySQL sessions, real Redis throttle, real argon2.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { userEndpoints } from "#app/modules/api/user.server.ts";
import { getAdmin } from "#app/modules/auth/auth.server.ts";
import { getSessionStorage, sessionCookie } from "#app/modules/auth/session.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { readShopDetails, saveShopDetails } from "#app/modules/site/settings.server.ts";
import { getDb } from "#db/index.ts";
import { action as loginAction } from "#app/routes/admin.tsx";
import { action as logoutAction } from "#app/routes/logout.tsx";
import { args, ORIGIN } from "./support-input.ts";

const OWNER = { email: "owner@dokra.test", password: "correct-horse-battery" };

beforeAll(async () => {
  await upsertAdmin(OWNER.email, OWNER.password);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;
const sessionIdOf = async (cookie: string) => (await getSessionStorage().getSession(cookie)).id;

async function formLogin(credentials: { email: string; password: string }, cookie?: string, ip = "198.51.100.1") {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "x-dokra-client-ip": ip };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`${ORIGIN}/admin`, { method: "POST", headers, body: new URLSearchParams(credentials) });
  return (await loginAction(args(request))) as Response | { init: { status: number }; data: { error: string } };
}

async function apiLogin(credentials: { email: string; password: string }, ip: string, origin = ORIGIN) {
  const request = new Request(`${origin}/api/v1/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-dokra-client-ip": ip },
    body: JSON.stringify(credentials),
  });
  const response = await apiAction(userEndpoints.login)(args(request));
  return { response, body: (await response.json()) as { success: boolean; message: string } };
}

const current = async (cookie: string) =>
  (await apiLoader(userEndpoints.current)(args(new Request(`${ORIGIN}/api/v1/user/current`, { headers: { Cookie: cookie } })))).status;

describe("session fixation", () => {
  it("a pre-set session cookie is not adopted: signing in issues a new id, and the old one stays a guest", async () => {
    const storage = getSessionStorage();
    const planted = cookieOf(await storage.commitSession(await storage.getSession()));
    const plantedId = await sessionIdOf(planted);
    expect(plantedId).toMatch(/^[\w-]{43}$/);

    const response = (await formLogin(OWNER, planted)) as Response;
    expect(response.status).toBe(302);
    const issued = cookieOf(response.headers.get("Set-Cookie"));
    expect(await sessionIdOf(issued)).not.toBe(plantedId);
    expect(await getAdmin(new Request(ORIGIN, { headers: { Cookie: planted } }))).toBeNull();
    expect(await getAdmin(new Request(ORIGIN, { headers: { Cookie: issued } }))).toMatchObject({ email: OWNER.email });
  });

  it("an attacker-chosen id in the cookie is ignored (the cookie is signed), and the API login issues a new one too", async () => {
    const { response } = await apiLogin(OWNER, "198.51.100.2");
    const issued = cookieOf(response.headers.get("Set-Cookie"));
    const forged = `__dokra_session=${encodeURIComponent(btoa(JSON.stringify(await sessionIdOf(issued))))}`;
    expect(await current(forged)).toBe(401);
    expect(await current(issued)).toBe(200);
  });
});

describe("after logout", () => {
  it("the old cookie is refused everywhere and its row is gone (form logout and API logout)", async () => {
    for (const how of ["form", "api"] as const) {
      const { response } = await apiLogin(OWNER, "198.51.100.3");
      const cookie = cookieOf(response.headers.get("Set-Cookie"));
      const id = await sessionIdOf(cookie);
      expect(await current(cookie)).toBe(200);
      const out =
        how === "form"
          ? await logoutAction(args(new Request(`${ORIGIN}/logout`, { method: "POST", headers: { Cookie: cookie } })))
          : await apiLoader(userEndpoints.logout)(args(new Request(`${ORIGIN}/api/v1/user/logout`, { headers: { Cookie: cookie } })));
      expect((out as Response).headers.get("Set-Cookie")).toMatch(/__dokra_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
      expect(await current(cookie)).toBe(401);
      expect(await getDb().selectFrom("sessions").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    }
  });
});

describe("login brute force", () => {
  it("one account from one address: the 6th try is 429 with Retry-After, logged; the owner signs in from another address", async () => {
    const warn = vi.spyOn(logger, "warn");
    const wrong = { email: OWNER.email, password: "guess" };
    for (let i = 0; i < 5; i++) expect((await apiLogin(wrong, "203.0.113.50")).response.status).toBe(401);
    const blocked = await apiLogin(OWNER, "203.0.113.50"); // even the right password
    expect(blocked.response.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
    expect(Number(blocked.response.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(warn).toHaveBeenCalledWith({ email: OWNER.email, ip: "203.0.113.50" }, "login failed");
    expect(warn).toHaveBeenCalledWith({ email: OWNER.email, ip: "203.0.113.50" }, "login throttled");

    const form = await formLogin(wrong, undefined, "203.0.113.50");
    expect((form as { init: { status: number } }).init.status).toBe(429);
    expect((await apiLogin(OWNER, "192.0.2.10")).response.status).toBe(200);
  });

  it("many accounts from one address: the address is stopped after 30 failures; the owner elsewhere is not", async () => {
    for (let i = 0; i < 30; i++) {
      const { response } = await apiLogin({ email: `user${i}@example.com`, password: "guess" }, "203.0.113.77");
      expect(response.status).toBe(401);
    }
    expect((await apiLogin({ email: "user99@example.com", password: "guess" }, "203.0.113.77")).response.status).toBe(429);
    expect((await apiLogin(OWNER, "203.0.113.77")).response.status).toBe(429);
    expect((await apiLogin(OWNER, "192.0.2.20")).response.status).toBe(200);
  });

  it("the address the throttle counts comes from the server, not from the body", async () => {
    // server/index.ts overwrites x-dokra-client-ip on every request; without it the key is "unknown", never a body field.
    const request = new Request(`${ORIGIN}/api/v1/user/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...OWNER, password: "guess", ip: "1.2.3.4" }),
    });
    const warn = vi.spyOn(logger, "warn");
    await apiAction(userEndpoints.login)(args(request));
    expect(warn).toHaveBeenCalledWith({ email: OWNER.email, ip: "unknown" }, "login failed");
  });
});

describe("cookie flags", () => {
  it("the session cookie is HttpOnly, SameSite=Lax, Path=/, a week long; not Secure while PUBLIC_URL is http", async () => {
    const { response } = await apiLogin(OWNER, "198.51.100.9");
    const [setCookie, deviceCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^__dokra_session=[^;]+; Max-Age=604800; Path=\/; (Expires=[^;]+; )?HttpOnly; SameSite=Lax$/);
    // The device cookie (tests/reliability/attacks-login-throttle.test.ts): signed, a year long, same flags.
    expect(deviceCookie).toMatch(/^__dokra_device=[^;]+\.[^;]+; Max-Age=31536000; Path=\/; (Expires=[^;]+; )?HttpOnly; SameSite=Lax$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("Secure follows PUBLIC_URL's scheme, whatever NODE_ENV is", async () => {
    const secret = { SESSION_SECRET: "a-test-secret-of-sixteen-plus" };
    const flagsFor = async (source: Record<string, string>) =>
      (await sessionCookie(parseEnv({ ...secret, ...source })).serialize("id")).split("; ").slice(1);
    expect(await flagsFor({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.in" })).toContain("Secure");
    expect(await flagsFor({ NODE_ENV: "development", PUBLIC_URL: "https://shop.example.in" })).toContain("Secure");
    // The owner's phone on the workshop's own network, the production build over plain http.
    expect(await flagsFor({ NODE_ENV: "production", PUBLIC_URL: "http://192.168.1.20:3000" })).not.toContain("Secure");
    expect(await flagsFor({ NODE_ENV: "production" })).not.toContain("Secure");
  });

  it("Secure on the https public address set in Shop details; not on the workshop's own network over http", async () => {
    const flagsOf = (setCookie: string) => setCookie.split("; ").slice(1);
    const details = await readShopDetails();
    await saveShopDetails({ ...details, publicUrl: "https://dokrashilpa.in" });
    try {
      // Through a proxy that ends TLS and is not in TRUST_PROXY: the request reads http, its host is the public one.
      const onPublic = (await apiLogin(OWNER, "198.51.100.21", "http://dokrashilpa.in")).response.headers.getSetCookie();
      expect(onPublic.map(flagsOf)).toEqual([expect.arrayContaining(["Secure", "HttpOnly"]), expect.arrayContaining(["Secure", "HttpOnly"])]);
      // The same host spelled another way: a port the proxy passed on, a trailing dot, capitals.
      for (const origin of ["http://dokrashilpa.in:443", "http://DokraShilpa.in."]) {
        const cookies = (await apiLogin(OWNER, "198.51.100.23", origin)).response.headers.getSetCookie();
        expect(cookies.map(flagsOf), origin).toEqual([expect.arrayContaining(["Secure"]), expect.arrayContaining(["Secure"])]);
      }
      const logout = await apiLoader(userEndpoints.logout)(
        args(new Request("http://dokrashilpa.in/api/v1/user/logout", { headers: { Cookie: cookieOf(onPublic[0]!) } })),
      );
      expect(flagsOf(logout.headers.get("Set-Cookie")!)).toContain("Secure");

      // The owner's phone on the workshop's Wi-Fi: a Secure cookie over http would be dropped, and she could not sign in.
      const onNetwork = (await apiLogin(OWNER, "198.51.100.22", "http://192.168.1.20:3000")).response.headers.getSetCookie();
      expect(onNetwork).toHaveLength(2);
      for (const cookie of onNetwork) expect(flagsOf(cookie)).not.toContain("Secure");
      expect(await current(cookieOf(onNetwork[0]!))).toBe(200);
    } finally {
      await saveShopDetails(details);
    }
  });
});
