import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { pathInLang, TRANSLATED_LANGUAGES } from "#app/modules/i18n/languages.ts";
import { describe, expect, it } from "vitest";
import { canonicalAddress } from "./page-cache-key.ts";
import {
  cacheKey,
  chooseCoding,
  DATA_CACHE_CONTROL,
  etagMatches,
  hashedPolicy,
  HTML_CACHE_CONTROL,
  inlineScriptHashes,
  isCacheableRequest,
  isCacheableResponse,
  isPrivatePath,
  PageCache,
  toCachedPage,
  withoutNonce,
} from "./page-cache.ts";

const NONCE = "q1w2e3r4t5y6u7i8o9p0aa==";
const POLICY = `default-src 'self';script-src 'strict-dynamic' 'nonce-${NONCE}';script-src-attr 'none';style-src 'self' 'unsafe-inline'`;
const html = (nonce: string, title = "Home") =>
  Buffer.from(
    `<!DOCTYPE html><title>${title}</title><script nonce="${nonce}">1</script><script type="application/ld+json" nonce="${nonce}">{"a":1}</script>` +
      `<script nonce="${nonce}" src="/a.js"></script><script type="module" nonce="${nonce}">window.x=2</script>`,
  );
/** sha256 of the two inline scripts' text, "1" and "window.x=2" (computed apart from the code under test). */
const HASHES = ["'sha256-a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s='", "'sha256-3/UMwHJ4xKoDtMkNRrIhSWaf/XrNbhPexRpO/CyYcgM='"];

function page(version: number, options: { epoch?: number; body?: Buffer; status?: number; type?: string; headers?: Record<string, string>; nonce?: string } = {}) {
  return toCachedPage({
    version,
    epoch: options.epoch ?? 0,
    status: options.status ?? 200,
    headers: new Headers({ "Content-Type": options.type ?? "text/html; charset=utf-8", ...options.headers }),
    body: options.body ?? html(options.nonce ?? NONCE),
    nonce: options.nonce ?? NONCE,
    policy: POLICY,
  });
}

describe("which requests the cache may answer", () => {
  const anonymous = { method: "GET", path: "/", cookie: undefined, authorization: undefined };

  it("answers anonymous GET and HEAD of storefront pages, their data and the public API", () => {
    expect(isCacheableRequest(anonymous)).toBe(true);
    expect(isCacheableRequest({ ...anonymous, method: "HEAD", path: "/product/wall-hanging" })).toBe(true);
    expect(isCacheableRequest({ ...anonymous, path: "/product/wall-hanging.data" })).toBe(true);
    expect(isCacheableRequest({ ...anonymous, path: "/api/v1/products/getAllProducts" })).toBe(true);
    expect(isCacheableRequest({ ...anonymous, cookie: "theme=dark; other=1" })).toBe(true);
    expect(isCacheableRequest({ ...anonymous, path: "/administration-of-brass" })).toBe(true);
  });

  it("never answers writes, signed-in visitors, Authorization or the admin", () => {
    expect(isCacheableRequest({ ...anonymous, method: "POST" })).toBe(false);
    expect(isCacheableRequest({ ...anonymous, cookie: "a=1; __dokra_session=abc" })).toBe(false);
    expect(isCacheableRequest({ ...anonymous, cookie: "__dokra_session=abc" })).toBe(false);
    expect(isCacheableRequest({ ...anonymous, authorization: "Bearer x" })).toBe(false);
    // A visitor's enquiry list shows in the header of every page: never stored for others.
    expect(isCacheableRequest({ ...anonymous, cookie: "theme=dark; __dokra_enquiry=eyJ4Ijox" })).toBe(false);
    expect(isCacheableRequest({ ...anonymous, cookie: "x__dokra_enquiry=1" })).toBe(true);
    for (const path of ["/admin", "/admin/login", "/dashboard", "/dashboard/products/3", "/dashboard.data"]) {
      expect(isCacheableRequest({ ...anonymous, path }), path).toBe(false);
    }
  });
});

describe("which answers may be stored", () => {
  it("stores 200 and the 404 page, and the API's reads despite their envelope's no-store", () => {
    expect(isCacheableResponse("/", 200, new Headers())).toBe(true);
    expect(isCacheableResponse("/nowhere", 404, new Headers())).toBe(true);
    expect(isCacheableResponse("/api/v1/products/getAllProducts", 200, new Headers({ "Cache-Control": "no-store" }))).toBe(true);
  });

  it("refuses errors, redirects, cookies and pages that opted out", () => {
    expect(isCacheableResponse("/", 500, new Headers())).toBe(false);
    expect(isCacheableResponse("/", 503, new Headers())).toBe(false);
    expect(isCacheableResponse("/", 302, new Headers())).toBe(false);
    expect(isCacheableResponse("/", 200, new Headers({ "Set-Cookie": "a=1" }))).toBe(false);
    expect(isCacheableResponse("/healthz", 200, new Headers({ "Cache-Control": "no-store" }))).toBe(false);
    expect(isCacheableResponse("/", 200, new Headers({ "Cache-Control": "private, max-age=60" }))).toBe(false);
  });
});

describe("the stored body and its policy", () => {
  it("stores the body without the render's nonce, and a policy naming the hash of each inline script", async () => {
    const entry = await page(1);
    const body = entry.body.toString();
    expect(body).not.toContain(NONCE);
    expect(body).not.toContain("nonce=");
    expect(body).toBe(html(NONCE).toString().replaceAll(` nonce="${NONCE}"`, ""));
    expect(entry.csp).toBe(`default-src 'self';script-src 'self' ${HASHES.join(" ")};script-src-attr 'none';style-src 'self' 'unsafe-inline'`);
  });

  it("hashes scripts a browser runs, not scripts with a src or data blocks such as JSON-LD", () => {
    expect(inlineScriptHashes(html("x").toString().replaceAll(' nonce="x"', ""))).toEqual(HASHES);
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="application/json">1</script>')).toEqual([]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("replaces only script-src in the configured policy", () => {
    expect(hashedPolicy(POLICY, [])).toBe("default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'");
  });

  it("keeps bodies without a nonce as they are", async () => {
    const json = Buffer.from('{"success":true}');
    expect(withoutNonce(json, NONCE)).toBe(json);
    const entry = await page(1, { body: json, type: "application/json" });
    expect(entry.body.equals(json)).toBe(true);
    expect(entry.csp).toBe(hashedPolicy(POLICY, []));
  });

  it("holds a brotli and a gzip copy of the body, counted in its size", async () => {
    const entry = await page(1, { body: Buffer.from("<p>dokra</p>".repeat(500)), type: "text/html" });
    expect((await promisify(zlib.brotliDecompress)(entry.br)).equals(entry.body)).toBe(true);
    expect((await promisify(zlib.gunzip)(entry.gzip)).equals(entry.body)).toBe(true);
    expect(entry.br.length).toBeLessThan(entry.body.length / 10);
    expect(entry.size).toBeGreaterThanOrEqual(entry.body.length + entry.br.length + entry.gzip.length);
  });
});

describe("the coding of a hit", () => {
  it("prefers brotli, then gzip, honouring q-values, q=0 and *", () => {
    expect(chooseCoding("br, gzip")).toBe("br");
    expect(chooseCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseCoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseCoding("gzip, deflate")).toBe("gzip");
    expect(chooseCoding("*")).toBe("br");
    expect(chooseCoding("*;q=0, gzip")).toBe("gzip");
  });

  it("sends identity when asked for it, for nothing we hold, or for nothing at all", () => {
    expect(chooseCoding(undefined)).toBe("identity");
    expect(chooseCoding("")).toBe("identity");
    expect(chooseCoding("identity")).toBe("identity");
    expect(chooseCoding("deflate")).toBe("identity");
    expect(chooseCoding("br;q=0, gzip;q=0")).toBe("identity");
  });
});

describe("headers and validators", () => {
  it("gives every entry a strong ETag of its content, and HTML revalidation each time", async () => {
    const a = await page(1);
    // Another render of the same page (its own nonce) is the same content.
    const b = await page(2, { nonce: "another-nonce" });
    expect(a.etag).toMatch(/^"[\w-]{27}"$/);
    expect(b.etag).toBe(a.etag);
    expect(a.cacheControl).toBe(HTML_CACHE_CONTROL);
    expect((await page(1, { body: html(NONCE, "Other") })).etag).not.toBe(a.etag);
  });

  it("gives data a strong ETag and public revalidation, but keeps a route's own max-age", async () => {
    const data = await page(1, { body: Buffer.from("[1]"), type: "text/x-script" });
    expect(data.etag).toMatch(/^"[\w-]{27}"$/);
    expect(data.cacheControl).toBe(DATA_CACHE_CONTROL);
    const api = await page(1, { body: Buffer.from("{}"), type: "application/json", headers: { "Cache-Control": "no-store" } });
    expect(api.cacheControl).toBe(DATA_CACHE_CONTROL);
    const sitemap = await page(1, { body: Buffer.from("<urlset/>"), type: "application/xml", headers: { "Cache-Control": "public, max-age=3600" } });
    expect(sitemap.cacheControl).toBe("public, max-age=3600");
  });

  it("replays the route's headers but none of its cookies or validators", async () => {
    const entry = await page(1, { headers: { "X-Route": "yes", ETag: '"route"' } });
    expect(entry.headers).toContainEqual(["x-route", "yes"]);
    expect(entry.headers.map(([name]) => name)).not.toContain("etag");
  });

  it("matches If-None-Match weakly, in lists and with *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe("PageCache", async () => {
  it("hits only on the version an entry was rendered under", async () => {
    const cache = new PageCache();
    cache.store("/", await page(5));
    expect(cache.lookup("/", 5).state).toBe("hit");
    const moved = cache.lookup("/", 6);
    expect(moved.state).toBe("miss");
    expect(moved.state === "miss" && moved.fallback?.version).toBe(5);
    expect(cache.lookup("/other", 5)).toEqual({ state: "miss", fallback: undefined });
  });

  it("keeps the old entry as the fallback until a newer render replaces it", async () => {
    const cache = new PageCache();
    cache.store("/", await page(5));
    expect(cache.store("/", await page(7))).toBe(true);
    // A slow render that started before the write must not replace the newer one.
    expect(cache.store("/", await page(6))).toBe(false);
    expect(cache.lookup("/", 7).state).toBe("hit");
  });

  it("never hits without a version, and distrusts entries made before Redis failed", async () => {
    const cache = new PageCache();
    cache.store("/", await page(5));
    expect(cache.lookup("/", null).state).toBe("miss");
    cache.distrust();
    // Redis is back with the same number: a bump may have been lost meanwhile.
    const after = cache.lookup("/", 5);
    expect(after.state).toBe("miss");
    expect(after.state === "miss" && after.fallback).toBeTruthy();
    expect(cache.store("/", await page(5, { epoch: cache.epoch }))).toBe(true);
    expect(cache.lookup("/", 5).state).toBe("hit");
    // A render from the old epoch never replaces one from the new.
    expect(cache.store("/", await page(9, { epoch: 0 }))).toBe(false);
  });

  it("stays within its byte budget, dropping the least recently used", async () => {
    const big = (n: number) => page(1, { body: Buffer.alloc(400 * 1024, n), type: "text/plain" });
    const cache = new PageCache(1024 * 1024);
    cache.store("/a", await big(1));
    cache.store("/b", await big(2));
    cache.lookup("/a", 1);
    cache.store("/c", await big(3));
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.lookup("/a", 1).state).toBe("hit");
    expect(cache.lookup("/b", 1)).toEqual({ state: "miss", fallback: undefined });
    expect(cache.lookup("/c", 1).state).toBe("hit");
  });
});

describe("keys that cannot be inflated", () => {
  it("stores junk query parameters nowhere, and spells one URL one way", () => {
    expect(cacheKey("/?f=1")).toBeNull();
    expect(cacheKey("/search?q=owl&utm_source=x")).toBeNull();
    expect(cacheKey("/%61bout")).toBeNull();
    expect(cacheKey("/about")).toEqual({ key: "/about", tier: "plain" });
    expect(cacheKey("/search?sort=newest&q=owl")).toEqual(cacheKey("/search?q=owl&sort=newest"));
    expect(cacheKey("/api/v1/products/getAllProducts")?.tier).toBe("other");
  });

  it("keys a Bengali or Hindi page as its own, by the same query rules as the English one", () => {
    const urls = ["/", "/about", "/product/wall-hanging", "/product/wall-hanging/12", "/product/wall-hanging/12.data?_routes=root", "/search?q=owl&sort=newest", "/search?sort=newest&q=owl", "/product/wall-hanging?page=2", "/?f=1", "/search?q=owl&utm_source=x", "/%61bout", "/About", "/gallery?image=3&fbclid=x"];
    /** The same URL in `lang`: its path under the language's prefix, its query as it was. */
    const inLang = (url: string, lang: (typeof TRANSLATED_LANGUAGES)[number]) => {
      const path = url.split("?")[0]!;
      return `${pathInLang(path, lang)}${url.slice(path.length)}`;
    };
    for (const lang of TRANSLATED_LANGUAGES) {
      for (const url of urls) {
        const english = cacheKey(url);
        expect(cacheKey(inLang(url, lang)), `${lang}: ${url}`).toEqual(english && { key: inLang(english.key, lang), tier: english.tier });
      }
    }
    expect(cacheKey("/bn/search?q=owl")?.key).not.toBe(cacheKey("/search?q=owl")?.key);
  });

  it("10,000 distinct query strings stay within the budget, and / stays a hit", async () => {
    const cache = new PageCache(4 * 1024 * 1024);
    const home = await page(7, { body: Buffer.from(randomBytes(60 * 1024).toString("hex")), type: "text/plain" });
    cache.store("/", home);
    const junk = await page(7, { body: Buffer.from(randomBytes(30 * 1024).toString("hex")), type: "text/plain" });
    let stored = 0;
    for (let i = 0; i < 10_000; i++) {
      for (const url of [`/?f=${i}`, `/?q=${i}`, `/AbOuT${i}`]) {
        const at = cacheKey(url);
        if (at && cache.store(at.key, junk)) stored++;
      }
    }
    expect(stored).toBe(20_000);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.lookup("/", 7).state).toBe("hit");
  });

  it("keys a path as the render reads it: `//x/about` and `/\\x\\about` are not /about, nor `//about` the home page", () => {
    expect(cacheKey("//x/about")?.key).toBe("//x/about");
    expect(cacheKey("/\\x\\about")?.key).toBe("//x/about");
    expect(cacheKey("//about")?.key).toBe("//about");
    expect(cacheKey("///")?.key).toBe("///");
    expect(cacheKey("//about?page=2")?.key).toBe("//about?page=2");
  });

  it("moves a GET for an empty segment or a trailing slash to the one spelling, the query kept", () => {
    expect(canonicalAddress("/about")).toBeNull();
    expect(canonicalAddress("/")).toBeNull();
    expect(canonicalAddress("/search?q=a//b/")).toBeNull();
    expect(canonicalAddress("/about/")).toBe("/about");
    expect(canonicalAddress("/about//")).toBe("/about");
    expect(canonicalAddress("//about")).toBe("/about");
    expect(canonicalAddress("///")).toBe("/");
    expect(canonicalAddress("//evil.example/x?page=2")).toBe("/evil.example/x?page=2");
    expect(canonicalAddress("/\\evil.example")).toBe("/evil.example");
    expect(canonicalAddress("/bn/")).toBe("/bn");
    expect(canonicalAddress("/about/.")).toBe("/about");
  });

  it("moves a storefront page spelled in upper case or with escapes to its lower-case path; other paths keep their case", () => {
    expect(canonicalAddress("/BN")).toBe("/bn");
    expect(canonicalAddress("/Bn/About?page=2")).toBe("/bn/about?page=2");
    expect(canonicalAddress("/HI/product/Wall-Hanging/7")).toBe("/hi/product/wall-hanging/7");
    expect(canonicalAddress("/ABOUT/")).toBe("/about");
    expect(canonicalAddress("/%61bout")).toBe("/about");
    expect(canonicalAddress("/bn%2Fcontact")).toBe("/bn/contact");
    expect(canonicalAddress("/BN/Not-A-Page")).toBe("/bn/not-a-page");
    expect(canonicalAddress("/search?q=Hathi")).toBeNull();
    // Not storefront pages: the API's calls, the build's files and made-up paths are left as spelled.
    expect(canonicalAddress("/api/v1/fiximage/setDisplay/7")).toBeNull();
    expect(canonicalAddress("/assets/entry.client-BZ3x.js")).toBeNull();
    expect(canonicalAddress("/Dashboard")).toBeNull();
    expect(canonicalAddress("/Whatever")).toBeNull();
    expect(canonicalAddress("/%2F%2Fevil.example")).toBeNull();
    expect(canonicalAddress("/product/wall-hanging/7.data")).toBeNull();
  });

  it("keeps 404 pages in the capped share: 10,000 made-up paths never push out a page that is there", async () => {
    const cache = new PageCache(4 * 1024 * 1024);
    const about = await page(7, { body: Buffer.from(randomBytes(60 * 1024).toString("hex")), type: "text/plain" });
    cache.store("/about", about);
    const missing = await page(7, { status: 404, body: Buffer.from(randomBytes(30 * 1024).toString("hex")), type: "text/plain" });
    for (let i = 0; i < 10_000; i++) cache.store(`/no-such-page-${i}`, missing);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.lookup("/about", 7).state).toBe("hit");
    expect(cache.lookup("/no-such-page-9999", 7).state).toBe("hit");
  });

  it("sees /dashboard as the router does: decoded, in any case", () => {
    for (const path of ["/Dashboard/messages", "/%64ashboard/messages", "/DASHBOARD", "/%41dmin", "/admin.data"]) expect(isPrivatePath(path), path).toBe(true);
    expect(isPrivatePath("/administration-of-brass")).toBe(false);
  });
});
