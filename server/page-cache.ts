import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { SESSION_COOKIE_NAME } from "#app/modules/auth/session-cookie.ts";
import { ENQUIRY_COOKIE_NAME } from "#app/modules/enquiry/limits.ts";

// An exact cache of anonymous storefront answers (documents, their `.data`, public API
// reads), one entry per URL, stamped with the public version read before it was rendered.
// An entry is served only while that version is still current, so any admin write or
// finished media job (which bump the version in Redis) invalidates every entry at once.
// Older entries stay as a fallback for when rendering fails (the database is down).
// See docs/decisions/050-page-cache.md.

const PRIVATE_PREFIXES = ["/admin", "/dashboard"];
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

export interface CachedPage {
  /** The public version read before rendering started. */
  version: number;
  /** The cache's epoch at that time: a Redis outage starts a new epoch (see PageCache.distrust). */
  epoch: number;
  status: number;
  /** The route's own headers, replayed on every hit. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The body cut at each occurrence of the render's CSP nonce; a hit joins it with a fresh one. */
  parts: readonly Buffer[];
  size: number;
  /** The length of the parts together (without the nonces). */
  bodyBytes: number;
  etag: string;
  cacheControl: string;
  html: boolean;
}

export interface RequestFacts {
  method: string;
  /** The path without the query. */
  path: string;
  cookie: string | undefined;
  authorization: string | undefined;
}

/** Anonymous GET/HEAD of a public path: the only requests the cache answers or stores. */
export function isCacheableRequest({ method, path, cookie, authorization }: RequestFacts): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (authorization) return false;
  if (cookie && hasSessionCookie(cookie)) return false;
  // A visitor with an enquiry list sees its count and hearts: their pages are their own
  // (docs/decisions/091-enquiry-and-page-cache.md). Most visitors carry no such cookie.
  if (cookie && hasCookie(cookie, ENQUIRY_COOKIE_NAME)) return false;
  return !PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`));
}

export function hasSessionCookie(cookie: string): boolean {
  return hasCookie(cookie, SESSION_COOKIE_NAME);
}

function hasCookie(cookie: string, name: string): boolean {
  return cookie.split(";").some((part) => part.trimStart().startsWith(`${name}=`));
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

/** Cuts `body` at every occurrence of `nonce`. */
export function splitOnNonce(body: Buffer, nonce: string | undefined): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** The body for one response, with this response's nonce wherever the render had its own. */
export function bodyWithNonce(page: CachedPage, nonce: string | undefined): Buffer {
  if (page.parts.length === 1) return page.parts[0]!;
  if (!nonce) throw new Error("A cached page that carries a CSP nonce needs a fresh one");
  const fresh = Buffer.from(nonce);
  const chunks: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) chunks.push(fresh);
    chunks.push(part);
  });
  return Buffer.concat(chunks);
}

/** The length of `bodyWithNonce(page, nonce)`, without building it. */
export function lengthWithNonce(page: CachedPage, nonce: string | undefined): number {
  return page.bodyBytes + (page.parts.length - 1) * Buffer.byteLength(nonce ?? "");
}

/** Builds an entry from a rendered answer (`body` fully read), recognising the nonce it carries. */
export function toCachedPage(input: {
  version: number;
  epoch: number;
  status: number;
  headers: Headers;
  body: Buffer;
  nonce: string | undefined;
}): CachedPage {
  const parts = splitOnNonce(input.body, input.nonce);
  const contentType = input.headers.get("content-type") ?? "";
  const html = contentType.startsWith("text/html");
  const hash = createHash("sha256");
  hash.update(String(input.status));
  // The separator keeps "ab|c" and "a|bc" apart: the template, not the nonce, names the content.
  for (const part of parts) hash.update(part).update("\0nonce\0");
  const digest = hash.digest("base64url").slice(0, 27);
  const routeCacheControl = input.headers.get("cache-control");
  const keepRouteCacheControl = routeCacheControl && !/no-store|no-cache|private/i.test(routeCacheControl);
  const bodyBytes = parts.reduce((sum, part) => sum + part.length, 0);
  const headers: [string, string][] = [];
  for (const [name, value] of input.headers) if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
  // HTML differs from visitor to visitor only by its nonce: equivalent, not identical.
  const etag = html ? `W/"${digest}"` : `"${digest}"`;
  return {
    version: input.version,
    epoch: input.epoch,
    status: input.status,
    headers,
    parts,
    size: bodyBytes + 512,
    bodyBytes,
    etag,
    cacheControl: keepRouteCacheControl ? routeCacheControl : html ? HTML_CACHE_CONTROL : DATA_CACHE_CONTROL,
    html,
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
  private readonly entries: LRUCache<string, CachedPage>;
  /** Moves on whenever the public version could not be read: entries from before are no longer trusted. */
  private currentEpoch = 0;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.entries = new LRUCache<string, CachedPage>({ maxSize: maxBytes, sizeCalculation: (page) => page.size });
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
    this.entries.set(key, page);
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }

  clear(): void {
    this.entries.clear();
  }
}
