import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { Popularity } from "./page-cache-freshness.ts";
import { QUERY_SHARE } from "#app/modules/site/page-cache-limits.ts";

// An exact cache of anonymous storefront answers (documents, their `.data`, public API
// reads), one entry per URL, stamped with the public version read before it was rendered.
// An entry is a hit only while that version is still current; after a bump it may be served
// stale for a bounded time (server/page-cache-freshness.ts). Older entries stay as a
// fallback for when rendering fails (the database is down).
// See docs/decisions/050-page-cache.md and 108-page-cache-stale-after-every-write.md.

/** Headers the cache writes itself or that must never be replayed. */
const DROPPED_HEADERS = new Set([
  "cache-control",
  "etag",
  "vary",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "set-cookie",
  "x-cache",
]);

export const HTML_CACHE_CONTROL = "private, no-cache";
export const DATA_CACHE_CONTROL = "public, no-cache";

const brotli = promisify(zlib.brotliCompress);
const gzipped = promisify(zlib.gzip);

export interface CachedPage {
  /** The public version read before rendering started. */
  version: number;
  /** The cache's epoch at that time: a Redis outage starts a new epoch (see PageCache.distrust). */
  epoch: number;
  status: number;
  /** The route's own headers, replayed on every hit. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The policy every answer of this entry carries: its inline scripts allowed by their hashes. */
  csp: string | undefined;
  /** The body as rendered (without the render's nonce), and its copies made once when stored. */
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** What the entry holds, for the cache's byte budget. */
  size: number;
  etag: string;
  cacheControl: string;
  /** What public data the render showed (app/lib/render-context.server.ts): a write naming one never gets this entry served stale. */
  tags: readonly string[];
}

/** The content codings an entry is held in, the cache's preference first (brotli is smallest). */
export const CODINGS = ["br", "gzip", "identity"] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * Chosen by measurement (bench/RESULTS.md, "Hash-based CSP for cached pages"): quality 5 is
 * 5 % smaller than `compression`'s 4 for a few ms; 10 and 11 save another 12 % but cost
 * hundreds of ms to seconds per page, which the MISS (it waits for its copies) cannot afford.
 */
const BROTLI_QUALITY = 5;

export { cacheKey, hasSessionCookie, isCacheableRequest, isPrivatePath, type RequestFacts, type Tier } from "./page-cache-key.ts";

/** Whether the route that rendered an answer said it may be shared (`Cache-Control: public`). */
export function isMarkedPublic(headers: Headers): boolean {
  return /(^|,)\s*public\s*(,|$)/i.test(headers.get("cache-control") ?? "");
}

/**
 * Whether a rendered answer may be stored: 200 (or the 404 page), no cookie, and no
 * `private`/`no-store` from the route. The JSON API marks every answer `no-store` (its
 * envelope's default); for anonymous GETs of /api/v1 that default is replaced by
 * revalidation, since those reads are the same for every guest.
 */
export function isCacheableResponse(path: string, status: number, headers: Headers): boolean {
  if (status !== 200 && status !== 404) return false;
  if (headers.has("set-cookie")) return false;
  const cacheControl = headers.get("cache-control")?.toLowerCase() ?? "";
  if (cacheControl.includes("private")) return false;
  if (cacheControl.includes("no-store") && !path.startsWith("/api/v1/")) return false;
  return true;
}

/** The coding of the copy to send for an Accept-Encoding header (q-values honoured, brotli preferred on a tie). */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding([...CODINGS], [...CODINGS]);
  // Nothing acceptable (identity refused too): RFC 9110 lets the server send identity anyway.
  return (chosen as Coding | undefined) ?? "identity";
}

/** The body without the render's nonce attributes: nothing in an entry differs from one visitor to the next. */
export function withoutNonce(body: Buffer, nonce: string | undefined): Buffer {
  if (!nonce) return body;
  const text = body.toString("utf8");
  const attribute = ` nonce="${nonce}"`;
  return text.includes(attribute) ? Buffer.from(text.replaceAll(attribute, "")) : body;
}

/** Scripts a browser runs (and CSP governs); other types, such as JSON-LD, are data blocks. */
const EXECUTED_TYPES = new Set(["", "module", "importmap", "text/javascript", "application/javascript"]);

/** The CSP source of each inline script of an HTML body, in order: `'sha256-…'`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes!)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes!)?.[1]?.trim().toLowerCase() ?? "";
    if (!EXECUTED_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(content!, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/**
 * The response's policy (as helmet built it from server/index.ts) with its script-src, the
 * per-response `'strict-dynamic' 'nonce-…'`, replaced by `'self'` and the page's script
 * hashes. Not 'strict-dynamic': the inline module script's static imports carry no nonce and
 * would be blocked; 'self' allows the build's /assets. Every other directive stays as configured.
 */
export function hashedPolicy(policy: string, hashes: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => (/^\s*script-src\s/i.test(directive) ? ["script-src", "'self'", ...hashes].join(" ") : directive))
    .join(";");
}

/** Builds an entry from a rendered answer (`body` fully read): without the nonce, compressed once. */
export async function toCachedPage(input: {
  version: number;
  epoch: number;
  status: number;
  headers: Headers;
  body: Buffer;
  nonce: string | undefined;
  /** The Content-Security-Policy header helmet set on this response, if any. */
  policy: string | undefined;
  tags?: Iterable<string>;
}): Promise<CachedPage> {
  const html = (input.headers.get("content-type") ?? "").startsWith("text/html");
  const body = withoutNonce(input.body, input.nonce);
  const csp = input.policy && hashedPolicy(input.policy, html ? inlineScriptHashes(body.toString("utf8")) : []);
  const digest = createHash("sha256").update(String(input.status)).update("\0").update(body).digest("base64url").slice(0, 27);
  const routeCacheControl = input.headers.get("cache-control");
  const keepRouteCacheControl = routeCacheControl && !/no-store|no-cache|private/i.test(routeCacheControl);
  const headers: [string, string][] = [];
  for (const [name, value] of input.headers) if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
  // Off the event loop (zlib's thread pool); concurrent requests for this URL wait for the entry.
  const [br, gzip] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    version: input.version,
    epoch: input.epoch,
    status: input.status,
    headers,
    csp,
    body,
    br,
    gzip,
    size: body.length + br.length + gzip.length + 1024,
    // The same bytes on every hit, so a strong validator: it names the content, which each
    // coding carries (as `compression` always left a strong ETag on the copies it made).
    etag: `"${digest}"`,
    cacheControl: keepRouteCacheControl ? routeCacheControl : html ? HTML_CACHE_CONTROL : DATA_CACHE_CONTROL,
    tags: [...(input.tags ?? [])],
  };
}

/** If-None-Match against an entity tag, with the weak comparison RFC 9110 prescribes for it. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

export type Lookup =
  | { state: "hit"; page: CachedPage }
  /** No usable entry: render; `fallback` is the newest entry of any version, for when rendering fails. */
  | { state: "miss"; fallback: CachedPage | undefined };

export class PageCache {
  /** Every entry, within the byte budget. */
  private readonly entries: LRUCache<string, CachedPage>;
  /**
   * The sizes of the entries a stranger can vary without end (a query, the case of a path:
   * see cacheKey; a 404), least recently used first, held to a share of the budget: past it,
   * the oldest of them go, never a plain page.
   */
  private readonly varied = new Map<string, number>();
  private variedBytes = 0;
  private readonly variedMaxBytes: number;
  /** Moves on whenever the public version could not be read: entries from before are no longer trusted. */
  private currentEpoch = 0;
  /** How often each stored URL is asked for: the pages rendered again after a write. */
  readonly popularity = new Popularity();
  /**
   * Set by the request handler (server/remix-handler.ts), so the front of the chain can send an
   * outdated entry too: true when `page` may be served now (X-Cache: STALE), its refresh queued.
   */
  serveOutdated: ((key: string, page: CachedPage, at: { version: number; epoch: number }, origin: string) => Promise<boolean>) | undefined;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.variedMaxBytes = Math.floor(maxBytes * QUERY_SHARE);
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      sizeCalculation: (page) => page.size,
      dispose: (_page, key) => this.forgetVaried(key),
    });
  }

  private forgetVaried(key: string): void {
    const size = this.varied.get(key);
    if (size === undefined) return;
    this.varied.delete(key);
    this.variedBytes -= size;
  }

  /** Marks a varied entry used (most recent last). */
  private touchVaried(key: string): void {
    const size = this.varied.get(key);
    if (size === undefined) return;
    this.varied.delete(key);
    this.varied.set(key, size);
  }

  /** A query, the case of a path, or a page that is not there (any path a stranger makes up is a 404). */
  private static isVaried(key: string, page: CachedPage): boolean {
    return key.includes("?") || key !== key.toLowerCase() || page.status !== 200;
  }

  get epoch(): number {
    return this.currentEpoch;
  }

  /**
   * Redis did not answer: a bump may have been lost meanwhile, so no entry made before now
   * may be a hit again (they remain fallbacks).
   */
  distrust(): void {
    this.currentEpoch++;
  }

  lookup(key: string, version: number | null): Lookup {
    const page = this.entries.get(key);
    if (page) this.touchVaried(key);
    if (page && version !== null && page.version === version && page.epoch === this.currentEpoch) return { state: "hit", page };
    return { state: "miss", fallback: page };
  }

  /** The entry for `key`, whatever its version, without marking it used. */
  peek(key: string): CachedPage | undefined {
    return this.entries.peek(key);
  }

  /** Keeps `page` unless a newer render of the same URL is already stored. */
  store(key: string, page: CachedPage): boolean {
    const existing = this.entries.peek(key);
    if (existing && (existing.epoch > page.epoch || (existing.epoch === page.epoch && existing.version > page.version))) return false;
    if (!PageCache.isVaried(key, page)) {
      this.entries.set(key, page);
      return true;
    }
    if (page.size > this.variedMaxBytes) return false;
    // Replacing an entry disposes of the old one (and its size) first.
    this.entries.set(key, page);
    this.varied.set(key, page.size);
    this.variedBytes += page.size;
    for (const oldest of this.varied.keys()) {
      if (this.variedBytes <= this.variedMaxBytes) break;
      this.entries.delete(oldest);
    }
    return true;
  }

  /** Forgets `key`. */
  drop(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry carrying one of `tags` (not even a fallback is kept); how many went. */
  dropTagged(tags: readonly string[]): number {
    if (tags.length === 0) return 0;
    const doomed: string[] = [];
    for (const [key, page] of this.entries.entries()) if (page.tags.some((tag) => tags.includes(tag))) doomed.push(key);
    for (const key of doomed) this.entries.delete(key);
    return doomed.length;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** The byte budget of all entries together. */
  get maxBytes(): number {
    return this.entries.maxSize;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Bytes held by entries of varied URLs (queries, upper case). */
  get variedSize(): number {
    return this.variedBytes;
  }
}
