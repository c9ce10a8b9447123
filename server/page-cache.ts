import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import express from "express";
import { LRUCache } from "lru-cache";

// An exact cache of anonymous storefront answers (documents, their `.data`, public API
// reads), one entry per URL, stamped with the public version read before it was rendered.
// An entry is served only while that version is still current, so any admin write or
// finished media job (which bump the version in Redis) invalidates every entry at once.
// Older entries stay as a fallback for when rendering fails (the database is down).
// See docs/decisions/050-page-cache.md.

export const SESSION_COOKIE = "__dokra_session";
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
  /** The entity tag of the gzip representation (a strong tag must differ from the identity one's). */
  gzipEtag: string;
  cacheControl: string;
  html: boolean;
  /** The gzip form, made once when the entry is built (see gzipChunks). */
  gzip: GzipForm;
}

/**
 * A body without a nonce is one finished gzip member (`whole`). A body with nonces keeps each
 * part raw-deflated on its own, ending in a sync flush (byte-aligned, and a fresh compressor
 * never refers back to earlier data), so a response splices its nonce in as stored blocks
 * between them and needs no compression of its own.
 */
export interface GzipForm {
  whole: Buffer | undefined;
  deflated: readonly Buffer[];
  /** The length of `deflated` together. */
  deflatedBytes: number;
}

/** ID1 ID2, CM = deflate, no flags, no mtime, XFL 0, OS = Unix (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** A final, empty fixed-Huffman block: the end of the spliced deflate stream. */
const FINAL_EMPTY_BLOCK = deflateRawSync(Buffer.alloc(0));
const STORED_BLOCK_MAX = 0xffff;

function toGzipForm(parts: readonly Buffer[]): GzipForm {
  if (parts.length === 1) {
    const whole = gzipSync(parts[0]!, { level: 9 });
    return { whole, deflated: [], deflatedBytes: whole.length };
  }
  const deflated = parts.map((part) => deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
  return { whole: undefined, deflated, deflatedBytes: deflated.reduce((sum, chunk) => sum + chunk.length, 0) };
}

/**
 * Whether a hit goes out as the stored gzip: the client accepts gzip (q > 0) but not brotli,
 * by Express's own negotiation. Browsers accept brotli, which `compression` makes a third
 * smaller than the stored gzip (the home page: ≈ 24 vs 36 KB) for ≈ 1–2 ms of CPU per hit;
 * on a phone's slow line the bytes matter more (docs/decisions/050-page-cache.md).
 */
export function wantsStoredGzip(req: IncomingMessage): boolean {
  if (!req.headers["accept-encoding"]) return false;
  const accepts = (coding: string) => express.request.acceptsEncodings.call(req as express.Request, coding) === coding;
  return accepts("gzip") && !accepts("br");
}

/**
 * The gzip member of `bodyWithNonce(page, nonce)`, as chunks to write in order: the stored
 * deflate pieces with the nonce as stored blocks between them, an empty final block, and the
 * trailer (CRC-32 and length of this response's body).
 */
export function gzipChunks(page: CachedPage, nonce: string | undefined): Buffer[] {
  const { whole, deflated } = page.gzip;
  if (whole) return [whole];
  if (!nonce) throw new Error("A cached page that carries a CSP nonce needs a fresh one");
  const fresh = Buffer.from(nonce);
  if (fresh.length > STORED_BLOCK_MAX) throw new Error(`A CSP nonce of ${fresh.length} bytes does not fit one stored deflate block`);
  const stored = Buffer.allocUnsafe(5 + fresh.length);
  stored[0] = 0; // BFINAL 0, BTYPE 00 (stored), then padding to the byte boundary
  stored.writeUInt16LE(fresh.length, 1);
  stored.writeUInt16LE(~fresh.length & 0xffff, 3);
  fresh.copy(stored, 5);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  page.parts.forEach((part, index) => {
    if (index > 0) {
      crc = crc32(fresh, crc);
      chunks.push(stored);
    }
    crc = crc32(part, crc);
    chunks.push(deflated[index]!);
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(lengthWithNonce(page, nonce) % 2 ** 32, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return chunks;
}

/** The length of `gzipChunks(page, nonce)` together, without building them. */
export function gzipLength(page: CachedPage, nonce: string | undefined): number {
  const { whole, deflatedBytes } = page.gzip;
  if (whole) return whole.length;
  const nonces = page.parts.length - 1;
  return GZIP_HEADER.length + deflatedBytes + nonces * (5 + Buffer.byteLength(nonce ?? "")) + FINAL_EMPTY_BLOCK.length + 8;
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
  return !PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`));
}

export function hasSessionCookie(cookie: string): boolean {
  return cookie.split(";").some((part) => part.trimStart().startsWith(`${SESSION_COOKIE}=`));
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
  const gzip = toGzipForm(parts);
  // HTML differs from visitor to visitor only by its nonce: equivalent, not identical.
  const etag = html ? `W/"${digest}"` : `"${digest}"`;
  return {
    version: input.version,
    epoch: input.epoch,
    status: input.status,
    headers,
    parts,
    size: bodyBytes + gzip.deflatedBytes + 512,
    bodyBytes,
    etag,
    // RFC 9110 8.8.3: a strong tag names exact bytes, so the gzip form needs its own; a weak
    // one may stay shared by the semantically equivalent gzip form.
    gzipEtag: html ? etag : `${etag.slice(0, -1)}-gz"`,
    cacheControl: keepRouteCacheControl ? routeCacheControl : html ? HTML_CACHE_CONTROL : DATA_CACHE_CONTROL,
    html,
    gzip,
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
