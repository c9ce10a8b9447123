import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "./test.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { adminContext, API, sessionCookie } from "./api-support.ts";
import { ADMIN } from "./helpers.ts";

// What the full server promises to a browser and to an attacker, read-only: security
// headers on every kind of page, cookie flags in production, no path out of /media, no
// URL to an original. Runs with JavaScript on and off (it uses HTTP directly).

const PORT = new URL(E2E_BASE_URL).port;
const ORIGINALS = path.resolve(`.data/e2e-${PORT}/storage/originals`);

/** A GET with the path sent exactly as written (no URL normalisation of `..` or `%2e`). */
function rawGet(rawPath: string): Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: Number(PORT), path: rawPath, method: "GET", headers: { Host: `localhost:${PORT}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

function expectSecurityHeaders(url: string, response: APIResponse) {
  const h = response.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp, `${url} CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${url} CSP`).toContain("default-src 'self'");
  expect(csp, `${url} CSP`).toContain("object-src 'none'");
  expect(csp, `${url} CSP`).toContain("base-uri 'self'");
  // One of two policies (docs/decisions/097-hash-csp-for-cached-pages.md): a per-response nonce
  // with 'strict-dynamic', or, on a page-cache answer, 'self' and the hashes of its inline scripts.
  expect(csp, `${url} CSP`).toMatch(/script-src ('strict-dynamic' 'nonce-[A-Za-z0-9+/=]{16,}'|'self'( 'sha256-[A-Za-z0-9+/]{43}=')*)(;|$)/);
  expect(h["x-content-type-options"], `${url} nosniff`).toBe("nosniff");
  expect(h["referrer-policy"], `${url} referrer`).toBe("strict-origin-when-cross-origin");
  expect(h["x-frame-options"], `${url} frame`).toBe("SAMEORIGIN");
  expect(h["cross-origin-opener-policy"], `${url} COOP`).toBe("same-origin");
  expect(h["x-powered-by"], `${url} powered-by`).toBeUndefined();
  return csp;
}

/** The nonce of a per-response policy (the admin's pages always have one). */
function nonceOf(url: string, csp: string): string {
  expect(csp, `${url} CSP`).toMatch(/script-src 'strict-dynamic' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  // Every inline script of a page carries this response's nonce, or CSP would block it.
  return csp.match(/'nonce-([^']+)'/)![1]!;
}

/** Every script of an HTML answer is allowed by that answer's own policy: by its nonce, or its hash and 'self'. */
async function expectAuthorisedScripts(url: string, response: APIResponse, csp: string) {
  if (!csp.includes("'nonce-")) return expectHashedScripts(url, response, csp);
  await expectNoncedScripts(url, response, nonceOf(url, csp));
}

async function expectHashedScripts(url: string, response: APIResponse, csp: string) {
  if (!(response.headers()["content-type"] ?? "").includes("text/html")) return;
  const html = await response.text();
  expect(html, `${url}: a nonce in a page whose policy has none`).not.toContain("nonce=");
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/ld\+json"/.test(attributes!)) continue;
    const src = /\ssrc="([^"]*)"/.exec(attributes!)?.[1];
    if (src !== undefined) {
      expect(src, `${url}: a script from elsewhere than 'self'`).toMatch(/^\/(?!\/)/);
      continue;
    }
    const hash = createHash("sha256").update(content!).digest("base64");
    expect(csp, `${url}: an inline script whose hash the policy does not name`).toContain(`'sha256-${hash}'`);
  }
}

async function expectNoncedScripts(url: string, response: APIResponse, nonce: string) {
  if (!(response.headers()["content-type"] ?? "").includes("text/html")) return;
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  for (const tag of scripts) {
    if (/type="application\/ld\+json"/.test(tag)) continue;
    expect(tag, `${url}: a script without this response's nonce`).toContain(`nonce="${nonce}"`);
  }
}

/** The public paths: the fixed pages, what the sitemap lists, and the oddities. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  const fromSitemap = [...xml.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
  const firstProducts = fromSitemap.filter((p) => /^\/product\/[a-z-]+\/\d+$/.test(p)).slice(0, 3);
  const pages = fromSitemap.filter((p) => !/^\/product\/[a-z-]+\/\d+$/.test(p));
  return [
    ...new Set([...pages, ...firstProducts, "/", "/about?view=videos", "/gallery?image=1", "/product/wall-hanging?price=under-5000&page=2"]),
    "/no-such-page",
    "/product/no-such-category",
    "/product/wall-hanging/999999999",
    "/admin",
    "/robots.txt",
    "/sitemap.xml",
  ];
}

test("security headers on every public page, the 404s, the login, robots and sitemap", async ({ request }) => {
  const paths = await publicPaths(request);
  expect(paths.length).toBeGreaterThan(15);
  for (const p of paths) {
    const response = await request.get(p, { maxRedirects: 0 });
    expect(response.status(), p).toBeLessThan(500);
    await expectAuthorisedScripts(p, response, expectSecurityHeaders(p, response));
    // A page asked for twice (a cached copy, say): its scripts are allowed by that answer's policy too.
    const again = await request.get(p, { maxRedirects: 0 });
    await expectAuthorisedScripts(p, again, expectSecurityHeaders(p, again));
  }
});

test("security headers on every admin page (found from app/routes), the API and media files", async ({ request }) => {
  const admin = await adminContext();
  try {
    const { data } = (await (await admin.get(`${API}/products/getAllProducts`)).json()) as { data: Array<{ _id: string }> };
    const dashboard = readdirSync("app/routes")
      .filter((f) => /^dashboard\..*\.tsx$/.test(f) || f === "dashboard.tsx")
      .map((f) => `/${f.replace(/\.tsx$/, "").replace(/\._index$/, "").replace(/\$id/, data[0]!._id).replaceAll(".", "/")}`);
    expect(dashboard).toEqual(expect.arrayContaining(["/dashboard", "/dashboard/upload", "/dashboard/messages", `/dashboard/edit-product/${data[0]!._id}`]));
    for (const p of dashboard) {
      const response = await admin.get(p, { maxRedirects: 0 });
      expect(response.status(), p).toBe(200);
      const nonce = nonceOf(p, expectSecurityHeaders(p, response));
      await expectNoncedScripts(p, response, nonce);
      expect(response.headers()["cache-control"] ?? "", `${p} must not be cached publicly`).not.toMatch(/public/);
    }
    for (const p of [`${API}/gallery/getAll`, `${API}/products/getAllProducts`, `${API}/nothing`, `${API}/openapi.json`]) {
      expectSecurityHeaders(p, await admin.get(p));
    }
  } finally {
    await admin.dispose();
  }
  const home = await (await request.get("/")).text();
  const mediaFile = /\/media\/[^"' )]+\.(webp|jpg)/.exec(home)![0];
  for (const p of [mediaFile, "/media/no-such-file.webp"]) expectSecurityHeaders(p, await request.get(p));
});

// The e2e server is the production build at PUBLIC_URL http://localhost:<port>: Secure
// follows that address, not NODE_ENV, so the owner can sign in over plain http on the
// shop's own network (the https case: tests/reliability/attacks-session.test.ts).
test("the session cookie is HttpOnly, SameSite=Lax, and not Secure in production at an http PUBLIC_URL", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const response = await anonymous.post(`${API}/user/login`, { data: ADMIN });
  expect(response.status()).toBe(200);
  const header = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie")!.value;
  expect(header).toMatch(/; HttpOnly/);
  expect(header).toMatch(/; SameSite=Lax/);
  expect(header).not.toMatch(/; Secure/);
  expect(header).toMatch(/; Path=\//);
  // The session ends with this context: sign out so the seeded state is as it was.
  await anonymous.get(`${API}/user/logout`, { headers: { Cookie: sessionCookie(response) } });
  await anonymous.dispose();
});

// The device cookie exempts the owner's browser from strangers' failed sign-ins; a Secure one
// is dropped at an http address (the shop on its own network), leaving the owner locked out.
test("the device cookie given at sign-in follows the session cookie: not Secure at an http PUBLIC_URL", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const response = await anonymous.post(`${API}/user/login`, { data: ADMIN });
  expect(response.status()).toBe(200);
  const device = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((value) => value.startsWith("__dokra_device="));
  expect(device).toMatch(/; HttpOnly/);
  expect(device).toMatch(/; SameSite=Lax/);
  expect(device).not.toMatch(/; Secure/);
  await anonymous.get(`${API}/user/logout`, { headers: { Cookie: sessionCookie(response) } });
  await anonymous.dispose();
});

const TRAVERSALS = [
  "/media/../../../../etc/passwd",
  "/media/..%2f..%2f..%2f..%2fetc%2fpasswd",
  "/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/media/%2e%2e%2f%2e%2e%2fpackage.json",
  "/media/..%5c..%5c..%5cetc%5cpasswd",
  "/media/..\\..\\..\\etc\\passwd",
  "/media/%252e%252e%252f%252e%252e%252fetc%252fpasswd",
  "/media/....//....//etc/passwd",
  "/media/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
  "/media/x.jpg%00.html",
  "/media/%00",
  "/media/.env",
  "/media/../.env",
  "/media/../package.json",
  "/media/..%2fserver%2findex.ts",
];

test("no path under /media reaches outside it: encoded ../, %2e%2e, backslashes, NUL", async () => {
  const passwd = readFileSync("/etc/passwd");
  const pkg = readFileSync("package.json");
  for (const p of TRAVERSALS) {
    let answer = await rawGet(p);
    // A path with an empty segment moves to its one spelling on this site first (server/request-limits.ts).
    if (answer.status === 301) {
      const location = String(answer.headers.location);
      expect(location, p).toMatch(/^\/(?![/\\])/);
      answer = await rawGet(location);
    }
    const { status, body } = answer;
    expect([p, status >= 400 && status < 500]).toEqual([p, true]);
    expect(body.includes(passwd.subarray(0, 20)), p).toBe(false);
    expect(body.includes(pkg.subarray(0, 40)), p).toBe(false);
    expect(body.toString("utf8"), p).not.toMatch(/root:x:0:0|"dependencies"|SESSION_SECRET/);
  }
});

test("a path spelled with an empty segment, a backslash, a trailing slash or a storefront page in capitals moves to its one spelling and never files another page under its key", async ({ request }) => {
  // A query only this run asks for: no other test's copy of /about is in the way.
  const query = `?page=${Date.now() % 1_000_000}`;
  for (const [spelling, target] of [
    [`//x/about${query}`, `/x/about${query}`],
    [`/\\x\\about${query}`, `/x/about${query}`],
    [`//about${query}`, `/about${query}`],
    [`/about/${query}`, `/about${query}`],
    ["///", "/"],
    // A phone's keyboard capitalises the first letter: /BN was the English home page.
    [`/BN${query}`, `/bn${query}`],
    [`/Hi/About${query}`, `/hi/about${query}`],
    [`/%61bout${query}`, `/about${query}`],
  ] as const) {
    const moved = await rawGet(spelling);
    expect([spelling, moved.status, moved.headers.location]).toEqual([spelling, 301, target]);
  }
  // Before, `//x/about?…` rendered the 404 page and filed it under /about?…, for everyone.
  for (const path of [`/about${query}`, `/${query}`]) {
    const page = await request.get(path);
    expect([path, page.status()]).toEqual([path, 200]);
    expect(await page.text(), path).not.toMatch(/<title>Page Not Found/);
  }
});

test("no URL serves an original upload", async () => {
  const keys = readdirSync(ORIGINALS, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(ORIGINALS, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys.slice(0, 3)) {
    const original = readFileSync(path.join(ORIGINALS, key));
    const name = key.split("/").pop()!;
    const attempts = [
      `/media/${key}`,
      `/media/../originals/${key}`,
      `/media/..%2foriginals%2f${key.replace("/", "%2f")}`,
      `/media/%2e%2e/originals/${key}`,
      `/originals/${key}`,
      `/storage/originals/${key}`,
      `/assets/../originals/${key}`,
      `/${key}`,
      `/${name}`,
      `/media/${name}`,
    ];
    for (const p of attempts) {
      const { status, body } = await rawGet(p);
      expect([p, status === 200 && body.equals(original)]).toEqual([p, false]);
      expect([p, status >= 400 && status < 500]).toEqual([p, true]);
    }
  }
});
