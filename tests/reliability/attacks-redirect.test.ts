// The redirect-back target after a real sign-in: decided by parsing, never by
// the first characters. Every hostile target ends on the dashboard with the session cookie
// sent; our own pages are kept. Real MySQL sessions, real Redis throttle, real argon2.
import { beforeAll, describe, expect, it } from "vitest";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { action as loginAction } from "#app/routes/admin.tsx";
import { args, ORIGIN } from "./support-input.ts";

const OWNER = { email: "owner@dokra.test", password: "correct-horse-battery" };

beforeAll(async () => {
  await upsertAdmin(OWNER.email, OWNER.password);
});

let addressCounter = 0;

/** Signs in with the right password and the given redirectTo; a new address each time, so no throttle is near. */
async function signInWith(redirectTo: string): Promise<Response> {
  const body = new URLSearchParams({ ...OWNER, redirectTo });
  const request = new Request(`${ORIGIN}/admin`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-dokra-client-ip": `198.51.100.${++addressCounter}` },
    body,
  });
  return (await loginAction(args(request))) as Response;
}

const HOSTILE = [
  "//evil.example/",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\n/evil.example",
  "/\x00/evil.example",
  "/\x0b/evil.example",
  "/\x1f/evil.example",
  "/ /evil.example",
  "/\u00a0/evil.example",
  "/\\\t\\evil.example",
  "\t//evil.example",
  " //evil.example",
  "https://evil.example/dashboard",
  "http:evil.example",
  "javascript:alert(1)",
  "//localhost:3001/dashboard",
  "/%2f%2fevil.example",
  "/dashboard\r\nSet-Cookie: x=1",
  "/\u2028/evil.example",
  "/\ud800",
  "/",
  "/contact",
  "/api/v1/user/current",
  "",
  "dashboard",
  "../dashboard",
  "/admin",
] as const;

describe("redirect after sign-in (table of targets)", () => {
  it.each(HOSTILE.map((target) => [JSON.stringify(target), target]))(
    "%s goes to the dashboard, with the session cookie",
    async (_label, target) => {
      const response = await signInWith(target);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/dashboard");
      expect(response.headers.get("Set-Cookie")).toMatch(/__dokra_session=/);
    },
  );

  const OURS: Array<[string, string]> = [
    ["/dashboard", "/dashboard"],
    ["/dashboard/all-products?page=2", "/dashboard/all-products?page=2"],
    ["/dashboard/edit-product/12", "/dashboard/edit-product/12"],
    ["/dashboard/messages#latest", "/dashboard/messages#latest"],
    ["/dashboard/edit-product/12?q=a b", "/dashboard/edit-product/12?q=a%20b"],
    ["/dashboard/\u0928\u092e", "/dashboard/%E0%A4%A8%E0%A4%AE"],
  ];
  it.each(OURS)("%s is kept (as %s)", async (target, location) => {
    const response = await signInWith(target);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });
});
