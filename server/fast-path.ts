import { randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { readPublicVersion } from "#app/modules/site/public-version.server.ts";
import {
  wantsStoredGzip,
  etagMatches,
  gzipChunks,
  gzipLength,
  isCacheableRequest,
  lengthWithNonce,
  type CachedPage,
  type PageCache,
} from "./page-cache.ts";

// Cache hits without Express. Once a page has gone out through the full Express stack
// (helmet, compression, logging) its final headers are kept with the entry, the CSP nonce
// cut out of them; a later uncompressed hit on the same version is answered here with
// those headers, a fresh nonce and the stored body (or its stored gzip form, for clients that
// accept gzip). Anything else (no entry, a moved version, a client that wants only another
// coding, a cookie) goes on to Express as before.

export const NEW_NONCE = () => randomBytes(16).toString("base64");

/** The response headers of one entry as Express sent them, with the nonce cut out of the CSP. */
export interface WireHeaders {
  fixed: [string, string | number | string[]][];
  csp: string[] | undefined;
}

const NOT_KEPT = new Set(["content-length", "content-encoding", "etag", "x-cache", "content-security-policy", "date", "connection", "keep-alive", "transfer-encoding"]);

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

/** Keeps the headers of the first response sent with `page` (later ones are not read again). */
export function rememberWireHeaders(page: CachedPage, headers: OutgoingHttpHeaders, nonce: string | undefined): void {
  if (!wireHeaders.has(page)) wireHeaders.set(page, captureWireHeaders(headers, nonce));
}

export type Coding = "gzip" | "identity";

/** The coding a cache hit goes out in; null: leave it to Express (its compression middleware). */
export function codingFor(req: IncomingMessage): Coding | null {
  if (wantsStoredGzip(req)) return "gzip";
  const encoding = req.headers["accept-encoding"]?.trim();
  return !encoding || encoding === "identity" ? "identity" : null;
}

/** Whether this request is one the fast path may answer (before looking anything up). */
function eligible(req: IncomingMessage): boolean {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
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
  const coding = codingFor(req);
  if (!coding) return false;
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
  if (answeredNotModified(req, res, page, coding)) return true;
  res.statusCode = page.status;
  writeBody(req, res, page, nonce, coding);
  return true;
}

/** Sets the ETag of the entry's form in `coding`; answers 304 (and returns true) when the client has it. */
export function answeredNotModified(req: IncomingMessage, res: ServerResponse, page: CachedPage, coding: Coding): boolean {
  const etag = coding === "gzip" ? page.gzipEtag : page.etag;
  res.setHeader("ETag", etag);
  if (page.status !== 200 || !etagMatches(req.headers["if-none-match"], etag)) return false;
  res.statusCode = 304;
  res.removeHeader("Content-Type");
  // A 304's headers replace the stored ones; a new nonce would not match the stored body.
  if (page.html) res.removeHeader("Content-Security-Policy");
  res.end();
  return true;
}

/**
 * Sets Content-Length (and Content-Encoding for gzip) and writes the entry's body in `coding`
 * with this response's nonce: the stored parts (or their gzip pieces) go out without a copy.
 */
export function writeBody(req: IncomingMessage, res: ServerResponse, page: CachedPage, nonce: string | undefined, coding: Coding): void {
  if (coding === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", gzipLength(page, nonce));
  } else {
    res.setHeader("Content-Length", lengthWithNonce(page, nonce));
  }
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  if (coding === "gzip") {
    writeChunks(res, gzipChunks(page, nonce));
    return;
  }
  if (page.parts.length === 1) {
    res.end(page.parts[0]);
    return;
  }
  if (!nonce) throw new Error("A cached page that carries a CSP nonce needs a fresh one");
  writeChunks(
    res,
    page.parts.flatMap((part, index) => (index > 0 ? [nonce, part] : [part])),
  );
}

function writeChunks(res: ServerResponse, chunks: readonly (Buffer | string)[]): void {
  if (chunks.length === 1) {
    res.end(chunks[0]);
    return;
  }
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  // With compression in between, the real end() comes later (after zlib): uncork here, or
  // the compressed body would wait in the corked socket for ever.
  process.nextTick(() => res.uncork());
}
