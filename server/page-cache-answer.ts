import compression from "compression";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { chooseCoding, etagMatches, type CachedPage } from "./page-cache.ts";

// How an answer from the page cache is sent (server/remix-handler.ts).

export type CacheState = "HIT" | "MISS" | "STALE" | "BYPASS";

/**
 * `compression`'s filter: an answer from a cache entry carries its own compressed copy and
 * Content-Length (or is sent as identity on purpose), so it is never compressed again.
 */
export const compressionFilter: compression.CompressionFilter = (req, res) =>
  (res as ExpressResponse).locals.cacheState === undefined && compression.filter(req, res);

/** A HEAD rendered as GET loses its body here. */
export function headOnly(req: ExpressRequest, response: Response): Response {
  if (req.method !== "HEAD" || !response.body) return response;
  void response.body.cancel();
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Answers from an entry: the same bytes on every hit, in the coding the client prefers, with
 * Content-Encoding and Content-Length set here (so `compression` leaves it alone, see
 * server/index.ts) and the entry's hash-based CSP in place of this response's nonce policy.
 */
export function send(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: CacheState): void {
  res.locals.cacheState = state;
  res.statusCode = page.status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  if (page.csp) res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("Cache-Control", page.cacheControl);
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  res.setHeader("X-Cache", state);
  res.setHeader("ETag", page.etag);
  if (page.status === 200 && etagMatches(req.headers["if-none-match"], page.etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  const coding = chooseCoding(req.headers["accept-encoding"]);
  const body = coding === "identity" ? page.body : page[coding];
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
