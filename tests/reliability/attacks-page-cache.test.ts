// The shared page cache tried as an attacker would, over real HTTP against the production
// server (server/page-cache.ts, server/remix-handler.ts): a spaced enquiry or session cookie
// must not put one visitor's page in front of everyone, a route that reads a cookie is never
// stored, junk query strings do not push the home page out, and the enquiry form's
// redirectTo never leaves the site. Real MySQL sessions, real Redis version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { createUserSession } from "#app/modules/auth/auth.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { enquiryCookieHeader } from "#app/modules/enquiry/enquiry.server.ts";
import { startWebProcess, stopAllServices, type WebProcess } from "./support-services.ts";

let web: WebProcess;
/** The value of a validly signed enquiry cookie naming two pieces. */
let enquiryValue = "";
let sessionValue = "";

beforeAll(async () => {
  // The same secret as this process, which signs the cookies below.
  web = await startWebProcess({ SESSION_SECRET: getEnv().SESSION_SECRET });
  enquiryValue = (await enquiryCookieHeader([101, 102])).split(";")[0]!.split("=").slice(1).join("=");
  const admin = await upsertAdmin("cache-attack@dokra.test", "correct-horse-battery");
  sessionValue = (await createUserSession(admin, false)).split(";")[0]!.split("=").slice(1).join("=");
}, 600_000);

afterAll(async () => {
  await stopAllServices();
});

async function get(path: string, cookie?: string): Promise<{ status: number; cache: string | null; cacheControl: string | null; text: string }> {
  const response = await fetch(`${web.base}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, cache: response.headers.get("x-cache"), cacheControl: response.headers.get("cache-control"), text: await response.text() };
}

describe("a visitor's enquiry list", () => {
  it("in a spaced cookie the cache's old text match missed, is never stored and served to others", async () => {
    const spaced = `a__dokra_enquiry=1; __dokra_enquiry =${enquiryValue}`;
    for (const path of ["/", "/gallery", "/enquiry", "/_root.data", "/enquiry.data"]) {
      const attacker = await get(path, spaced);
      expect(attacker.status, path).toBe(200);
      // The render did see the list: the attack is real, not refused by accident.
      if (!path.endsWith(".data")) expect(attacker.text, path).toContain('aria-label="Enquiry (2)"');
      expect(attacker.cacheControl, path).toBe("private, no-store");
      const guest = await get(path);
      expect(guest.cache, path).not.toBe("HIT");
      expect(guest.text, path).not.toContain("Enquiry (2)");
      expect(guest.text, path).not.toContain("[101,102]");
    }
  });

  it("a route that reads any cookie is never stored, whatever the cookie", async () => {
    const reader = await get("/about?view=videos", "theme=dark");
    expect(reader.status).toBe(200);
    expect(reader.cacheControl).toBe("private, no-store");
    const guest = await get("/about?view=videos");
    expect(guest.cache).toBe("MISS");
    expect((await get("/about?view=videos")).cache).toBe("HIT");
  });
});

describe("the admin's pages", () => {
  it("rendered for a spaced session cookie under another spelling of /dashboard are never stored", async () => {
    for (const path of ["/Dashboard/messages?r=1", "/%64ashboard/messages?r=2", "/DASHBOARD?r=3"]) {
      const admin = await get(path, `x=1; __dokra_session =${sessionValue}`);
      expect(admin.status, path).toBe(200);
      const stranger = await get(path);
      expect(stranger.cache, path).not.toBe("HIT");
      expect(stranger.status, path).not.toBe(200);
    }
  });
});

describe("keys that cannot be inflated", () => {
  it("1,200 distinct junk query strings leave the home page a hit", async () => {
    await get("/");
    expect((await get("/")).cache).toBe("HIT");
    const paths = Array.from({ length: 1_200 }, (_, i) => (i % 2 === 0 ? `/?f=${i}` : `/?q=${i}`));
    for (let i = 0; i < paths.length; i += 8) await Promise.all(paths.slice(i, i + 8).map((path) => get(path)));
    expect((await get("/")).cache).toBe("HIT");
  }, 600_000);
});

describe("the enquiry form's way back", () => {
  it("never leads to another host, however the path is spelled", async () => {
    for (const redirectTo of ["/.//evil.example", "/././/evil.example", "/x/..//evil.example", "/%2e//evil.example"]) {
      const response = await fetch(`${web.base}/enquiry`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: web.base },
        body: new URLSearchParams({ intent: "remove", productId: "1", redirectTo }),
        redirect: "manual",
      });
      expect(response.status, redirectTo).toBe(303);
      const location = response.headers.get("location")!;
      expect(new URL(location, web.base).origin, `${redirectTo} → ${location}`).toBe(web.base);
      expect(location.startsWith("//"), location).toBe(false);
    }
  });
});
