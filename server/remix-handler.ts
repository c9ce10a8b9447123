import { randomBytes } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { logger } from "#app/lib/logger.server.ts";
import { newRenderFacts, runRender, type RenderFacts } from "#app/lib/render-context.server.ts";
import { bumpPublicVersion, currentPublicVersion, readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { isAdminWrite } from "./admin-write.ts";
import { logCacheHit } from "./request-log.ts";
import { requestHost, sendFetchResponse, toFetchRequest } from "./express-fetch.ts";
import { headOnly, send } from "./page-cache-answer.ts";
import {
  cacheKey,
  HTML_CACHE_CONTROL,
  isCacheableRequest,
  isCacheableResponse,
  isMarkedPublic,
  toCachedPage,
  type CachedPage,
  type Lookup,
  type PageCache,
} from "./page-cache.ts";
import { firstUnnamedChange, goneSince, mayServeStale } from "./page-cache-freshness.ts";
import { Refresher } from "./page-cache-refresher.ts";
export { compressionFilter, type CacheState } from "./page-cache-answer.ts";
import { withBufferedBody } from "./request-limits.ts";

// The Remix request handler, with the page cache in front of anonymous reads and the
// public-version bump after admin writes.

export interface CachedHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** null: the cache is switched off (PAGE_CACHE=off); every request renders. */
  cache: PageCache | null;
  /** PAGE_CACHE_STALE_SECONDS and PAGE_CACHE_WARM_PAGES (app/env.server.ts). */
  staleSeconds?: number;
  warmPages?: number;
  /** Background renders at once. */
  backgroundRenders?: number;
}

const log = logger.child({ component: "page-cache" });

export function createCachedRequestHandler({ build, mode, cache, staleSeconds = 10, warmPages = 50, backgroundRenders = 1 }: CachedHandlerOptions) {
  const handle = createRequestHandler(build, mode);
  const staleMs = staleSeconds * 1000;
  /** Renders for the cache in progress, by URL: later requests for the same wait for them. */
  const inflight = new Map<string, { version: number; done: Promise<CachedPage | null> }>();
  let newestVersion = 0;
  /** Where background renders are addressed: the last visitor's origin. */
  let origin = "http://localhost";
  // At least half the bound between two background renders of one URL; while writes keep
  // coming, a URL is rendered again only when the first change since its copy is three quarters
  // of the bound old (refreshIfStale), a quarter being left for the queue to reach it: a storm
  // costs each URL about one render per bound (bench/RESULTS.md, write storm).
  const refreshLeadMs = staleMs / 4;
  const refresher = new Refresher({ render: (key) => refreshIfStale(key), concurrency: backgroundRenders, minIntervalMs: staleMs / 2, maxPauseMs: refreshLeadMs });
  // Opens the version connection now, so the first visitors are not answered without the cache.
  if (cache) void readPublicVersion();

  /** Renders `request` while noting what it read (app/lib/render-context.server.ts). */
  async function render(request: Request, nonce: string, facts: RenderFacts): Promise<Response> {
    // HEAD is answered from the GET render, so both share one entry.
    if (request.method === "HEAD") request = new Request(request, { method: "GET" });
    return runRender(facts, () => handle(request, { cspNonce: nonce }));
  }

  /** Renders without storing anything; bumps the public version after an admin write. */
  async function bypass(req: ExpressRequest, res: ExpressResponse, anonymous: boolean): Promise<void> {
    const request = withBufferedBody(toFetchRequest(req, res), req);
    // Decided here, for every route alike, not by what the route happens to call.
    const adminWrite = await isAdminWrite(request);
    const facts = newRenderFacts();
    let response: Response;
    try {
      response = await runRender(facts, () => handle(request, { cspNonce: res.locals.cspNonce as string }));
    } finally {
      // After the write committed (the action returned), before the admin sees the answer,
      // so the next page they open already shows the change. A failed write may still have
      // committed part of its work: bump on any status, and when rendering threw. A write
      // whose module named what it changed lets other pages be served stale for a moment.
      if (adminWrite) {
        // The bump's own version: a read here could time out on a busy machine, and then no
        // page would be warmed until a visitor came.
        const version = await bumpPublicVersion([...facts.changed]);
        if (version !== null && cache) noticeVersion(version);
      }
    }
    if (cache) res.setHeader("X-Cache", "BYPASS");
    if (req.method === "GET" || req.method === "HEAD") unsharedCacheControl(response, facts, !anonymous);
    await sendFetchResponse(res, response);
  }

  /** Renders `url` for the cache at `version`: the entry, or null when the answer may not be shared. */
  async function renderForCache(input: {
    request: Request;
    nonce: string;
    policy: string | undefined;
    key: string;
    at: { version: number; epoch: number };
    store: boolean;
  }): Promise<{ page: CachedPage | null; response: Response; facts: RenderFacts }> {
    const facts = newRenderFacts();
    const response = await render(input.request, input.nonce, facts);
    if (!isCacheableResponse(new URL(input.request.url).pathname, response.status, response.headers) || !isMarkedPublic(response.headers) || facts.readVisitorState) {
      return { page: null, response, facts };
    }
    const page = await toCachedPage({
      version: input.at.version,
      epoch: input.at.epoch,
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
      nonce: input.nonce,
      policy: input.policy,
      tags: facts.tags,
    });
    if (input.store) cache!.store(input.key, page);
    return { page, response, facts };
  }

  /** One render per URL: registers it so that requests arriving meanwhile wait for it (and get null if it fails). */
  async function lead<T>(key: string, version: number, work: () => Promise<T>, pageOf: (result: T) => CachedPage | null): Promise<T> {
    const running = work();
    const shared = running.then(pageOf, () => null);
    inflight.set(key, { version, done: shared });
    try {
      return await running;
    } finally {
      if (inflight.get(key)?.done === shared) inflight.delete(key);
    }
  }

  /** Refreshes a stored URL in the background, from no visitor (no cookies), unless a render of it is under way. */
  function refresh(key: string, version: number, epoch: number): Promise<CachedPage | null> | undefined {
    const running = inflight.get(key);
    if (running && running.version >= version) return undefined;
    const policy = cache!.peek(key)?.csp;
    const work = async () => {
      try {
        const nonce = randomBytes(16).toString("base64");
        const request = new Request(new URL(key, origin), { headers: { accept: "text/html,*/*" } });
        const { page, response } = await renderForCache({ request, nonce, policy, key, at: { version, epoch }, store: true });
        if (!page) await response.body?.cancel();
        return page;
      } catch (error) {
        log.warn({ err: error, url: key }, "background render failed");
        return null;
      }
    };
    return lead(key, version, work, (page) => page);
  }

  /**
   * The background render of a stored URL: only while it is outdated and no change since named
   * it. Pages a change named (or any page, for a change that named nothing) are not rendered
   * here: their next visitor gets a fresh render. A URL already refreshed here within the bound
   * (writes keep coming) is rendered again only near the bound of the first change since, once
   * for all the changes until then: the time to ask again is answered. One the queue reaches
   * past the bound is still rendered, and a visitor asking meanwhile waits for that render.
   */
  async function refreshIfStale(key: string): Promise<number | void> {
    const stored = cache!.peek(key);
    if (staleMs <= 0 || !stored) return;
    const epoch = cache!.epoch;
    // Redis did not answer in time (a busy machine), for the version or for the changes since:
    // asked again shortly, not left to the next visitor. A copy from before such a failure is
    // rendered again as any outdated one is.
    const version = await currentPublicVersion();
    if (version === null) return Date.now() + refreshLeadMs;
    if (stored.version >= version) return;
    const since = await firstUnnamedChange(stored, version);
    if (since === undefined) return Date.now() + refreshLeadMs;
    if (since === null) return;
    const due = since + staleMs - refreshLeadMs;
    const last = refresher.lastRendered(key);
    if (last !== undefined && Date.now() - last < staleMs && Date.now() < due) return due;
    await refresh(key, version, epoch);
  }

  /**
   * A version newer than any seen: the own pages of products that went off the shop are
   * forgotten, then the most-asked pages are rendered again behind the visitors. Each
   * instance warms its own cache.
   */
  function noticeVersion(version: number): void {
    if (version <= newestVersion) return;
    const seen = newestVersion;
    newestVersion = version;
    void (async () => {
      if (seen > 0) cache!.dropTagged(await goneSince(seen + 1, version));
      if (warmPages > 0) refresher.add(cache!.popularity.top(warmPages));
    })();
  }

  /**
   * An outdated copy, shortly after a write that did not touch what it shows: served at once
   * while one render in the background replaces it.
   */
  async function serveOutdated(key: string, page: CachedPage, at: { version: number; epoch: number }, from: string): Promise<boolean> {
    // The public API's reads are never stale: a client reads back what it just wrote.
    if (key.startsWith("/api/") || page.epoch !== at.epoch || !(await mayServeStale(page, at.version, staleMs))) return false;
    origin = from;
    noticeVersion(at.version);
    refresher.add([key]);
    return true;
  }
  if (cache) cache.serveOutdated = serveOutdated;

  /** Renders for the cache; stores a shareable answer, or falls back to the last good copy on a 5xx. */
  async function renderAndStore(req: ExpressRequest, res: ExpressResponse, key: string, at: { version: number | null; epoch: number }, fallback: CachedPage | undefined): Promise<void> {
    let rendered: Awaited<ReturnType<typeof renderForCache>>;
    const render = () =>
      renderForCache({
        request: toFetchRequest(req, res),
        nonce: res.locals.cspNonce as string,
        policy: res.getHeader("Content-Security-Policy") as string | undefined,
        key,
        // Without a version (Redis down) the render cannot be tied to a state: answer, keep nothing.
        at: { version: at.version ?? 0, epoch: at.epoch },
        store: at.version !== null,
      });
    try {
      rendered = at.version === null ? await render() : await lead(key, at.version, render, (result) => result.page);
    } catch (error) {
      if (!fallback) throw error;
      log.warn({ err: error, url: key }, "render failed: serving the last good copy");
      return send(req, res, fallback, "STALE");
    }
    const { page, response, facts } = rendered;
    if (response.status >= 500 && fallback) {
      await response.body?.cancel();
      log.warn({ url: key, status: response.status }, "render failed: serving the last good copy");
      return send(req, res, fallback, "STALE");
    }
    if (!page) {
      res.setHeader("X-Cache", "BYPASS");
      unsharedCacheControl(response, facts, false);
      return sendFetchResponse(res, headOnly(req, response));
    }
    return send(req, res, page, at.version === null ? "BYPASS" : "MISS");
  }

  /** A cacheable request: its current copy, an outdated one while it is refreshed, or a render stored for the next. */
  async function answerFromCache(req: ExpressRequest, res: ExpressResponse, cache: PageCache, key: string): Promise<void> {
    // pageCacheHits already read the version for a URL it holds: one read per request.
    const { version, found, epoch } = (res.locals.pageCacheLookup as LookedUp | undefined) ?? (await lookUp(cache, key));
    if (found.state === "hit") return send(req, res, found.page, "HIT");
    origin = originOf(req);
    if (version !== null) noticeVersion(version);
    const outdated = found.fallback;
    if (version !== null && outdated && (await serveOutdated(key, outdated, { version, epoch }, origin))) return send(req, res, outdated, "STALE");

    // One render per URL and version: requests that arrive meanwhile (a burst right after a
    // bump) wait for it and get its page instead of all rendering.
    const running = inflight.get(key);
    if (version !== null && running && running.version >= version) {
      const shared = await running.done;
      if (shared) return send(req, res, shared, "HIT");
    }
    // ...or that finished since this request read the version.
    const stored = cache.peek(key);
    if (version !== null && stored && stored.version >= version && stored.epoch === epoch) return send(req, res, stored, "HIT");
    await renderAndStore(req, res, key, { version, epoch }, found.fallback);
  }

  return async function cachedRequestHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    try {
      const cacheable = isCacheableRequest(requestFacts(req));
      const at = cacheable && cache ? cacheKey(req.originalUrl) : null;
      if (!cache || !at) return await bypass(req, res, cacheable);
      await answerFromCache(req, res, cache, at.key);
      // Rendered again after a write: a page that is there, not a made-up path's 404.
      if (cache.peek(at.key)?.status === 200) cache.popularity.count(at.key);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The Cache-Control of an answer that is not shared: a render that read a cookie or session,
 * or any signed-in request, is `private, no-store`; a page marked public for the cache is
 * `private, no-cache` as HTML from the cache is.
 */
function unsharedCacheControl(response: Response, facts: RenderFacts, signedIn: boolean): void {
  if (facts.readVisitorState || (signedIn && !response.headers.has("cache-control"))) {
    // What a visitor's own render shows must never land in a shared cache.
    response.headers.set("Cache-Control", "private, no-store");
  } else if (isMarkedPublic(response.headers) && (response.headers.get("content-type") ?? "").startsWith("text/html")) {
    response.headers.set("Cache-Control", HTML_CACHE_CONTROL);
  }
}

const originOf = (req: ExpressRequest) => `${req.protocol === "https" ? "https" : "http"}://${requestHost(req) ?? "localhost"}`;

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
  // The public API's reads ask Redis every time: a client reads back, on any instance, what it just wrote.
  const version = key.startsWith("/api/") ? await readPublicVersion() : await currentPublicVersion();
  if (version === null) cache.distrust();
  return { version, found: cache.lookup(key, version), epoch };
}

/**
 * The cache's answers, mounted near the front of the server (server/index.ts): an anonymous
 * read whose stored copy is current is sent from here, before the request log, compression
 * and the CSP nonce, which only a render needs (bench/RESULTS.md, "The hit path's own work").
 * So is an outdated copy that may be served stale (its refresh queued in the background).
 * Everything else goes on down the chain to cachedRequestHandler, which renders and stores.
 * A URL never stored costs no version read here, so static files and uploads pass untouched;
 * an outdated one that may not be served hands its read on to the render.
 */
export function createPageCacheHits(cache: PageCache) {
  return async function pageCacheHits(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    try {
      const at = cacheKey(req.originalUrl);
      if (!at || !cache.peek(at.key) || !isCacheableRequest(requestFacts(req))) return next();
      const looked = await lookUp(cache, at.key);
      const { found, version, epoch } = looked;
      const stale = found.state === "miss" && found.fallback && version !== null && (await cache.serveOutdated?.(at.key, found.fallback, { version, epoch }, originOf(req)));
      if (found.state !== "hit" && !stale) {
        res.locals.pageCacheLookup = looked;
        return next();
      }
      const page = found.state === "hit" ? found.page : found.fallback!;
      if (page.status === 200) cache.popularity.count(at.key);
      logCacheHit(req, res);
      send(req, res, page, found.state === "hit" ? "HIT" : "STALE");
    } catch (error) {
      next(error);
    }
  };
}
