// The sign-in throttles under parallel bursts (consume first, so a burst cannot
// outrun them) and the owner's way past a stranger's lock-out (a signed device
// cookie from an earlier sign-in, with its own small failure budget). Real Redis, real argon2.
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction } from "#app/modules/api/endpoint.server.ts";
import { userEndpoints } from "#app/modules/api/user.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { action as loginAction } from "#app/routes/admin.tsx";
import { args, ORIGIN } from "./support-input.ts";

const OWNER = { email: "owner@dokra.test", password: "correct-horse-battery" };

beforeAll(async () => {
  await upsertAdmin(OWNER.email, OWNER.password);
});

type Credentials = { email: string; password: string };

async function apiLogin(credentials: Credentials, ip: string, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "x-dokra-client-ip": ip };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`${ORIGIN}/api/v1/user/login`, { method: "POST", headers, body: JSON.stringify(credentials) });
  const response = await apiAction(userEndpoints.login)(args(request));
  return { status: response.status, setCookies: response.headers.getSetCookie(), message: ((await response.json()) as { message: string }).message };
}

async function formLogin(credentials: Credentials, ip: string, cookie?: string): Promise<{ status: number; setCookies: string[] }> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "x-dokra-client-ip": ip };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`${ORIGIN}/admin`, { method: "POST", headers, body: new URLSearchParams(credentials) });
  const result = (await loginAction(args(request))) as Response | { init: { status: number } };
  return result instanceof Response
    ? { status: result.status, setCookies: result.headers.getSetCookie() }
    : { status: result.init.status, setCookies: [] };
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

/** The Cookie header carrying the device cookie a successful sign-in gave. */
function deviceCookieOf(setCookies: string[]): string {
  const device = setCookies.find((c) => c.startsWith("__dokra_device="));
  expect(device, `a device cookie among ${JSON.stringify(setCookies)}`).toBeDefined();
  return device!.split(";")[0]!;
}

const minutesIn = (message: string) => Number(/in (\d+) minutes?\./.exec(message)?.[1]);

describe("parallel bursts are held to the limit (consume first)", () => {
  it("20 parallel wrong passwords for one account from one address (API): exactly 5 are checked", async () => {
    const wrong = { email: OWNER.email, password: "guess" };
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => apiLogin(wrong, "203.0.113.10")))).map((r) => r.status);
    console.info("API burst of 20 on one account:", tally(statuses));
    expect(tally(statuses)).toEqual({ 401: 5, 429: 15 });
  });

  it("20 parallel wrong passwords through the form: exactly 5 are checked", async () => {
    const wrong = { email: OWNER.email, password: "guess" };
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => formLogin(wrong, "203.0.113.11")))).map((r) => r.status);
    console.info("form burst of 20 on one account:", tally(statuses));
    expect(tally(statuses)).toEqual({ 401: 5, 429: 15 });
  });

  it("40 parallel wrong passwords for 40 made-up accounts from one address: exactly 30 are checked", async () => {
    const attempts = Array.from({ length: 40 }, (_, i) => apiLogin({ email: `made-up-${i}@example.com`, password: "guess" }, "203.0.113.12"));
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    console.info("API burst of 40 across accounts:", tally(statuses));
    expect(tally(statuses)).toEqual({ 401: 30, 429: 10 });
  });
});

describe("a stranger cannot lock the owner out (device cookie)", () => {
  it("after 40 failures for made-up e-mails from the owner's address, the owner's browser still signs in", async () => {
    const shared = "203.0.113.20";
    const first = await formLogin(OWNER, shared);
    expect(first.status).toBe(302);
    const device = deviceCookieOf(first.setCookies);

    for (let i = 0; i < 40; i++) await apiLogin({ email: `stranger-${i}@example.com`, password: "guess" }, shared);
    // The stranger is held: a made-up account this address already guessed waits the full hour.
    const stranger = await apiLogin({ email: "stranger-0@example.com", password: "guess" }, shared);
    expect(stranger.status).toBe(429);
    expect(minutesIn(stranger.message)).toBeGreaterThan(45);

    // The owner's browser (device cookie) gets through, form and API.
    expect((await formLogin(OWNER, shared, device)).status).toBe(302);
    const api = await apiLogin(OWNER, shared, device);
    expect(api.status).toBe(200);

    // Another browser at that address, which never guessed this account, waits minutes, not the hour.
    const otherBrowser = await apiLogin(OWNER, shared);
    expect(otherBrowser.status).toBe(429);
    console.info("owner without device cookie at the stranger's address:", otherBrowser.message);
    expect(minutesIn(otherBrowser.message)).toBeLessThanOrEqual(5);
    // Retrying does not make it worse.
    expect(minutesIn((await apiLogin(OWNER, shared)).message)).toBeLessThanOrEqual(5);
  });

  it("the device cookie has its own small budget: 3 wrong passwords, then that browser waits too", async () => {
    const first = await apiLogin(OWNER, "203.0.113.30");
    const device = deviceCookieOf(first.setCookies);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => apiLogin({ ...OWNER, password: "guess" }, "203.0.113.31", device)))).map(
      (r) => r.status,
    );
    console.info("burst of 10 wrong passwords with a device cookie:", tally(statuses));
    expect(tally(statuses)).toEqual({ 401: 3, 429: 7 });
    expect((await apiLogin(OWNER, "203.0.113.31", device)).status).toBe(429);
  });

  it("a device cookie only helps the account it names, and only when signed by the server", async () => {
    const shared = "203.0.113.50";
    const device = deviceCookieOf((await apiLogin(OWNER, "203.0.113.51")).setCookies);
    for (let i = 0; i < 5; i++) await apiLogin({ email: "victim@example.com", password: "guess" }, shared);
    expect((await apiLogin({ email: "victim@example.com", password: "guess" }, shared, device)).status).toBe(429);

    for (let i = 0; i < 5; i++) await apiLogin({ ...OWNER, password: "guess" }, shared);
    const forged = `__dokra_device=${encodeURIComponent(btoa(JSON.stringify({ email: OWNER.email, id: "A".repeat(22) })))}`;
    expect((await apiLogin(OWNER, shared, forged)).status).toBe(429);
    expect((await apiLogin(OWNER, shared, device)).status).toBe(200);
  });

  it("the owner's browser signs in while the account is paused by failures from many addresses", async () => {
    const first = await apiLogin(OWNER, "203.0.113.40");
    const device = deviceCookieOf(first.setCookies);
    for (let i = 0; i < 100; i++) await apiLogin({ ...OWNER, password: "guess" }, `10.0.${Math.floor(i / 4)}.${i % 4}`);
    expect((await apiLogin(OWNER, "203.0.113.41")).status).toBe(429);
    expect((await apiLogin(OWNER, "203.0.113.41", device)).status).toBe(200);
  });
});
