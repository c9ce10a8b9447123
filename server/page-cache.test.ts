import { describe, expect, it } from "vitest";
import {
  bodyWithNonce,
  DATA_CACHE_CONTROL,
  etagMatches,
  HTML_CACHE_CONTROL,
  isCacheableRequest,
  isCacheableResponse,
  lengthWithNonce,
  PageCache,
  splitOnNonce,
  toCachedPage,
} from "./page-cache.ts";

const NONCE = "q1w2e3r4t5y6u7i8o9p0aa==";
const html = (nonce: string, title = "Home") =>
  Buffer.from(`<!DOCTYPE html><title>${title}</title><script nonce="${nonce}">1</script><script nonce="${nonce}" src="/a.js"></script>`);

function page(version: number, options: { epoch?: number; body?: Buffer; status?: number; type?: string; headers?: Record<string, string> } = {}) {
  return toCachedPage({
    version,
    epoch: options.epoch ?? 0,
    status: options.status ?? 200,
    headers: new Headers({ "Content-Type": options.type ?? "text/html; charset=utf-8", ...options.headers }),
    body: options.body ?? html(NONCE),
    nonce: NONCE,
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

describe("the CSP nonce", () => {
  it("is cut out of the stored body and replaced by each response's own", () => {
    const entry = page(1);
    expect(entry.parts).toHaveLength(3);
    const fresh = "ZZZZZZZZZZZZZZZZZZZZZZ==";
    const body = bodyWithNonce(entry, fresh).toString();
    expect(body).toBe(html(fresh).toString());
    expect(body).not.toContain(NONCE);
    expect(lengthWithNonce(entry, fresh)).toBe(Buffer.byteLength(body));
  });

  it("leaves bodies without a nonce as they are, with no copying", () => {
    const json = Buffer.from('{"success":true}');
    expect(splitOnNonce(json, NONCE)).toEqual([json]);
    const entry = page(1, { body: json, type: "application/json" });
    expect(bodyWithNonce(entry, "other")).toBe(entry.parts[0]);
  });

  it("refuses to serve a nonce-carrying page without a fresh nonce", () => {
    expect(() => bodyWithNonce(page(1), undefined)).toThrow(/needs a fresh one/);
  });
});

describe("headers and validators", () => {
  it("gives HTML a weak ETag that ignores the nonce, and revalidation each time", () => {
    const a = page(1);
    const b = toCachedPage({ version: 2, epoch: 0, status: 200, headers: new Headers({ "Content-Type": "text/html" }), body: html("another-nonce"), nonce: "another-nonce" });
    expect(a.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(b.etag).toBe(a.etag);
    expect(a.cacheControl).toBe(HTML_CACHE_CONTROL);
    expect(page(1, { body: html(NONCE, "Other") }).etag).not.toBe(a.etag);
  });

  it("gives data a strong ETag and public revalidation, but keeps a route's own max-age", () => {
    const data = page(1, { body: Buffer.from("[1]"), type: "text/x-script" });
    expect(data.etag).toMatch(/^"[\w-]{27}"$/);
    expect(data.cacheControl).toBe(DATA_CACHE_CONTROL);
    const api = page(1, { body: Buffer.from("{}"), type: "application/json", headers: { "Cache-Control": "no-store" } });
    expect(api.cacheControl).toBe(DATA_CACHE_CONTROL);
    const sitemap = page(1, { body: Buffer.from("<urlset/>"), type: "application/xml", headers: { "Cache-Control": "public, max-age=3600" } });
    expect(sitemap.cacheControl).toBe("public, max-age=3600");
  });

  it("replays the route's headers but none of its cookies or validators", () => {
    const entry = page(1, { headers: { "X-Route": "yes", ETag: '"route"' } });
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

describe("PageCache", () => {
  it("hits only on the version an entry was rendered under", () => {
    const cache = new PageCache();
    cache.store("/", page(5));
    expect(cache.lookup("/", 5).state).toBe("hit");
    const moved = cache.lookup("/", 6);
    expect(moved.state).toBe("miss");
    expect(moved.state === "miss" && moved.fallback?.version).toBe(5);
    expect(cache.lookup("/other", 5)).toEqual({ state: "miss", fallback: undefined });
  });

  it("keeps the old entry as the fallback until a newer render replaces it", () => {
    const cache = new PageCache();
    cache.store("/", page(5));
    expect(cache.store("/", page(7))).toBe(true);
    // A slow render that started before the write must not replace the newer one.
    expect(cache.store("/", page(6))).toBe(false);
    expect(cache.lookup("/", 7).state).toBe("hit");
  });

  it("never hits without a version, and distrusts entries made before Redis failed", () => {
    const cache = new PageCache();
    cache.store("/", page(5));
    expect(cache.lookup("/", null).state).toBe("miss");
    cache.distrust();
    // Redis is back with the same number: a bump may have been lost meanwhile.
    const after = cache.lookup("/", 5);
    expect(after.state).toBe("miss");
    expect(after.state === "miss" && after.fallback).toBeTruthy();
    expect(cache.store("/", page(5, { epoch: cache.epoch }))).toBe(true);
    expect(cache.lookup("/", 5).state).toBe("hit");
    // A render from the old epoch never replaces one from the new.
    expect(cache.store("/", page(9, { epoch: 0 }))).toBe(false);
  });

  it("stays within its byte budget, dropping the least recently used", () => {
    const big = (n: number) => page(1, { body: Buffer.alloc(400 * 1024, n), type: "text/plain" });
    const cache = new PageCache(1024 * 1024);
    cache.store("/a", big(1));
    cache.store("/b", big(2));
    cache.lookup("/a", 1);
    cache.store("/c", big(3));
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.lookup("/a", 1).state).toBe("hit");
    expect(cache.lookup("/b", 1)).toEqual({ state: "miss", fallback: undefined });
    expect(cache.lookup("/c", 1).state).toBe("hit");
  });
});
