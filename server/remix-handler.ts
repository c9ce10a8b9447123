import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { logger } from "#app/lib/logger.server.ts";
import { bumpPublicVersion, readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { isAdminWrite } from "./admin-write.ts";
import { logCacheHit } from "./request-log.ts";
import { sendFetchResponse, toFetchRequest } from "./express-fetch.ts";
import { chooseCoding, etagMatches, isCacheableRequest, isCacheableResponse, toCachedPage, type CachedPage, type Lookup, type PageCache } from "./page-cache.ts";
import { withBufferedBody } from "./request-limits.ts";

// The Remix request handler, with the page cache in front of anonymous reads and the
// public-version bump after admin writes.

export type CacheState = "HIT" | "MISS" | "STALE" | "BYPASS";

export interface CachedHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** null: the cache is switched off (PAGE_CACHE=off); every request renders. */
  cache: PageCache | null;
}

const log = logger.child({ component: "page-cache" });

export function createCachedRequestHandler({ build, mode, cache }: CachedHandlerOptions) {
  const handle = createRequestHandler(build, mode);
  /** Renders in progress, by version and URL: later requests for the same wait for them. */
  const inflight = new Map<string, Promise<CachedPage | null>>();
  // Opens the version connection now, so the first visitors are not answered without the cache.
  if (cache) void readPublicVersion();

  async function render(res: ExpressResponse, request: Request, asGet: boolean): Promise<Response> {
    // HEAD is answered from the GET render, so both share one entry.
    if (asGet && request.method === "HEAD") request = new Request(request, { method: "GET" });
    return handle(request, { cspNonce: res.locals.cspNonce as string });
  }

  /** Renders without the cache; bumps the public version after an admin write. */
  async function bypass(req: ExpressRequest, res: ExpressResponse, anonymous: boolean): Promise<void> {
    const request = withBufferedBody(toFetchRequest(req, res), req);
    // Decided here, for every route alike, not by what the route happens to call.
    const adminWrite = await isAdminWrite(request);
    let response: Response;
    try {
      response = await render(res, request, false);
    } finally {
      // After the write committed (the action returned), before the admin sees the answer,
      // so the next page they open already shows the change. A failed write may still have
      // committed part of its work: bump on any status, and when rendering threw.
      if (adminWrite) await bumpPublicVersion();
    }
    if (cache) res.setHeader("X-Cache", "BYPASS");
    if (!anonymous && (req.method === "GET" || req.method === "HEAD") && !response.headers.has("cache-control")) {
      // What a signed-in admin sees must never land in a shared cache.
      response.headers.set("Cache-Control", "private, no-store");
    }
    await sendFetchResponse(res, response);
  }

  /** Renders for the cache; stores a cacheable answer, or falls back to the last good copy on a 5xx. */
  async function renderAndStore(
    req: ExpressRequest,
    res: ExpressResponse,
    at: { key: string; version: number | null; epoch: number },
    fallback: CachedPage | undefined,
    settle: (page: CachedPage) => void,
  ): Promise<void> {
    let response: Response;
    try {
      response = await render(res, toFetchRequest(req, res), true);
    } catch (error) {
      if (!fallback) throw error;
      log.warn({ err: error, url: at.key }, "render failed: serving the last good copy");
      return send(req, res, fallback, "STALE");
    }
    if (response.status >= 500 && fallback) {
      await response.body?.cancel();
      log.warn({ url: at.key, status: response.status }, "render failed: serving the last good copy");
      return send(req, res, fallback, "STALE");
    }
    if (!isCacheableResponse(req.path, response.status, response.headers)) {
      res.setHeader("X-Cache", "BYPASS");
      return sendFetchResponse(res, headOnly(req, response));
    }
    const page = await toCachedPage({
      version: at.version ?? 0,
      epoch: at.epoch,
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
      nonce: res.locals.cspNonce as string | undefined,
      policy: res.getHeader("Content-Security-Policy") as string | undefined,
    });
    // Without a version (Redis down) the render cannot be tied to a state: answer, keep nothing.
    if (at.version === null) return send(req, res, page, "BYPASS");
    cache!.store(at.key, page);
    settle(page);
    return send(req, res, page, "MISS");
  }

  return async function cachedRequestHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    try {
      const cacheable = isCacheableRequest(requestFacts(req));
      if (!cache || !cacheable) return await bypass(req, res, cacheable);

      const key = req.originalUrl;
      // pageCacheHits already read the version for a URL it holds: one read per request.
      const { version, found, epoch } = (res.locals.pageCacheLookup as LookedUp | undefined) ?? (await lookUp(cache, key));
      if (found.state === "hit") return send(req, res, found.page, "HIT");

      // One render per URL and version: requests that arrive meanwhile (a burst right after a
      // bump) wait for it and get its page instead of all rendering.
      const flightKey = version === null ? undefined : `${version} ${key}`;
      const leader = flightKey === undefined ? undefined : inflight.get(flightKey);
      if (leader) {
        const shared = await leader;
        if (shared) return send(req, res, shared, "HIT");
      }
      let settle: (page: CachedPage | null) => void = () => undefined;
      const leading = flightKey !== undefined && !leader;
      if (leading) inflight.set(flightKey, new Promise((resolve) => (settle = resolve)));
      try {
        await renderAndStore(req, res, { key, version, epoch }, found.fallback, settle);
      } finally {
        settle(null);
        if (leading) inflight.delete(flightKey);
      }
    } catch (error) {
      next(error);
    }
  };
}

const requestFacts = (req: ExpressRequest) => ({
  method: req.method,
  path: req.path,
  cookie: req.headers.cookie,
  authorization: req.headers.authorization,
});

interface LookedUp {
  version: number | null;
  found: Lookup;
  /** The cache's epoch before the version was read: a render is stored under it. */
  epoch: number;
}

/** The entry for `key` under the current public version; a version that cannot be read ends the trust in every entry. */
async function lookUp(cache: PageCache, key: string): Promise<LookedUp> {
  const epoch = cache.epoch;
  const version = await readPublicVersion();
  if (version === null) cache.distrust();
  return { version, found: cache.lookup(key, version), epoch };
}

/**
 * The cache's answers, mounted near the front of the server (server/index.ts): an anonymous
 * read whose stored copy is current is sent from here, before the request log, compression
 * and the CSP nonce, which only a render needs (bench/RESULTS.md, "The hit path's own work").
 * Everything else goes on down the chain to cachedRequestHandler, which renders and stores.
 * A URL never stored costs no version read here, so static files and uploads pass untouched;
 * a stale one hands its read on to the render.
 */
export function createPageCacheHits(cache: PageCache) {
  return async function pageCacheHits(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    try {
      if (!cache.peek(req.originalUrl) || !isCacheableRequest(requestFacts(req))) return next();
      const looked = await lookUp(cache, req.originalUrl);
      if (looked.found.state !== "hit") {
        res.locals.pageCacheLookup = looked;
        return next();
      }
      logCacheHit(req, res);
      send(req, res, looked.found.page, "HIT");
    } catch (error) {
      next(error);
    }
  };
}

/**
 * `compression`'s filter: an answer from a cache entry carries its own compressed copy and
 * Content-Length (or is sent as identity on purpose), so it is never compressed again.
 */
export const compressionFilter: compression.CompressionFilter = (req, res) =>
  (res as ExpressResponse).locals.cacheState === undefined && compression.filter(req, res);

/** A HEAD rendered as GET loses its body here. */
function headOnly(req: ExpressRequest, response: Response): Response {
  if (req.method !== "HEAD" || !response.body) return response;
  void response.body.cancel();
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Answers from an entry: the same bytes on every hit, in the coding the client prefers, with
 * Content-Encoding and Content-Length set here (so `compression` leaves it alone, see
 * server/index.ts) and the entry's hash-based CSP in place of this response's nonce policy.
 */
function send(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: CacheState): void {
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
