import { randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { etagMatches, isCacheableRequest, lengthWithNonce, type CachedPage, type PageCache } from "./page-cache.ts";

// Cache hits without Express. Once a page has gone out through the full Express stack
// (helmet, compression, logging) its final headers are kept with the entry, the CSP nonce
// cut out of them; a later uncompressed hit on the same version is answered here with
// those headers, a fresh nonce and the stored body. Anything else (no entry, a moved
// version, a client that accepts gzip, a cookie) goes on to Express as before.

export const NEW_NONCE = () => randomBytes(16).toString("base64");

/** The response headers of one entry as Express sent them, with the nonce cut out of the CSP. */
export interface WireHeaders {
  fixed: [string, string | number | string[]][];
  csp: string[] | undefined;
}

const NOT_KEPT = new Set(["content-length", "x-cache", "content-security-policy", "date", "connection", "keep-alive", "transfer-encoding"]);

/** Keeps what Express is about to send with `page`, for the fast path. */
export function captureWireHeaders(headers: OutgoingHttpHeaders, nonce: string | undefined): WireHeaders {
  const fixed: WireHeaders["fixed"] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_KEPT.has(name)) continue;
    fixed.push([name, name === "vary" ? mergeVary(String(value), "Accept-Encoding") : value]);
  }
  const csp = headers["content-security-policy"];
  return { fixed, csp: csp === undefined ? undefined : nonce ? String(csp).split(nonce) : [String(csp)] };
}

function mergeVary(vary: string, field: string): string {
  return vary.toLowerCase().split(/\s*,\s*/).includes(field.toLowerCase()) ? vary : `${vary}, ${field}`;
}

const wireHeaders = new WeakMap<CachedPage, WireHeaders>();

export function rememberWireHeaders(page: CachedPage, headers: WireHeaders): void {
  if (!wireHeaders.has(page)) wireHeaders.set(page, headers);
}

/** Whether this request is one the fast path may answer (before looking anything up). */
function eligible(req: IncomingMessage): boolean {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const encoding = req.headers["accept-encoding"];
  // Compressed answers are made by Express's compression middleware.
  if (encoding && /gzip|br|deflate|zstd/i.test(encoding)) return false;
  return isCacheableRequest({
    method: req.method ?? "GET",
    path: query === -1 ? url : url.slice(0, query),
    cookie: req.headers.cookie,
    authorization: req.headers.authorization,
  });
}

/**
 * Answers `req` from the cache when it can; returns false (having written nothing) when
 * Express must handle it.
 */
export async function serveFromCache(cache: PageCache, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (!eligible(req)) return false;
  const key = req.url ?? "/";
  const candidate = cache.peek(key);
  const headers = candidate && wireHeaders.get(candidate);
  if (!headers) return false;
  const version = await readPublicVersion();
  const found = cache.lookup(key, version);
  if (found.state !== "hit" || found.page !== candidate) return false;

  const page = found.page;
  const nonce = NEW_NONCE();
  for (const [name, value] of headers.fixed) res.setHeader(name, value);
  if (headers.csp) res.setHeader("Content-Security-Policy", headers.csp.join(nonce));
  res.setHeader("X-Cache", "HIT");
  if (page.status === 200 && etagMatches(req.headers["if-none-match"], page.etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    if (page.html) res.removeHeader("Content-Security-Policy");
    res.end();
    return true;
  }
  res.statusCode = page.status;
  res.setHeader("Content-Length", lengthWithNonce(page, nonce));
  if (req.method === "HEAD") res.end();
  else writeParts(res, page, nonce);
  return true;
}

/** Writes the stored parts with the nonce between them: no copy of the page. */
export function writeParts(res: ServerResponse, page: CachedPage, nonce: string | undefined): void {
  if (page.parts.length === 1) {
    res.end(page.parts[0]);
    return;
  }
  if (!nonce) throw new Error("A cached page that carries a CSP nonce needs a fresh one");
  res.cork();
  page.parts.forEach((part, index) => {
    if (index > 0) res.write(nonce);
    res.write(part);
  });
  res.end();
  // With compression in between, the real end() comes later (after zlib): uncork here, or
  // the compressed body would wait in the corked socket for ever.
  process.nextTick(() => res.uncork());
}
