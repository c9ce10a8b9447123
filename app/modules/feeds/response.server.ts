import { createHash } from "node:crypto";
import { publicVersionSeenAt, readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { feedXml } from "./feed.server.ts";
import { daysFromNowInIndia, type FeedService } from "./rules.ts";

// A feed as an HTTP answer: validators from the catalogue's (public) version, 304 when the
// fetcher already has this version, otherwise the document streamed as it is written.

/** Change this when the feed's format changes, so fetchers holding an old copy get the new one. */
const FORMAT_REVISION = "2";

/**
 * Kept out of shared caches (Meta asks that a CDN not serve a stale feed); the fetcher itself
 * may keep a copy and revalidate it. Not for search results either.
 */
export const FEED_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "private, no-cache",
  "X-Robots-Tag": "noindex",
} as const;

export interface FeedValidators {
  etag: string;
  /** Null while the version is younger than a whole second (see below). */
  lastModified: Date | null;
}

/**
 * ETag: the public version (every admin write and finished media job moves it) and what else
 * the document depends on. Last-Modified: when that version was first seen, in whole seconds,
 * given only once that second is over: two changes within one second would otherwise share a
 * date, and a fetcher that asks `If-Modified-Since` alone would miss the second one.
 */
export async function feedValidators(service: FeedService, now = Date.now()): Promise<FeedValidators | null> {
  const version = await readPublicVersion();
  if (version === null) return null;
  const shop = await getShopSettings();
  // The day too: a made-to-order piece's availability_date moves on each day without a write.
  const today = daysFromNowInIndia(0, now);
  const digest = createHash("sha256").update([FORMAT_REVISION, service, shop.publicUrl, shop.name, today].join("\n")).digest("base64url").slice(0, 16);
  const seenAt = await publicVersionSeenAt(version);
  const second = seenAt === null ? null : Math.floor(seenAt / 1000) * 1000;
  return {
    etag: `W/"${service}-${version}-${digest}"`,
    lastModified: second !== null && now >= second + 1000 ? new Date(second) : null,
  };
}

/** RFC 9110: If-None-Match decides when present (weak comparison); otherwise If-Modified-Since. */
export function isNotModified(headers: Headers, validators: FeedValidators): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(validators.etag));
  }
  const since = Date.parse(headers.get("if-modified-since") ?? "");
  return validators.lastModified !== null && !Number.isNaN(since) && validators.lastModified.getTime() <= since;
}

function streamOf(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/** The answer to GET/HEAD of a feed. Without Redis there is no version: a full answer, no validators. */
export async function feedResponse(request: Request, service: FeedService): Promise<Response> {
  const validators = await feedValidators(service);
  const headers = new Headers(FEED_HEADERS);
  if (validators) {
    headers.set("ETag", validators.etag);
    if (validators.lastModified) headers.set("Last-Modified", validators.lastModified.toUTCString());
    if (isNotModified(request.headers, validators)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
  }
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(streamOf(feedXml(service)), { status: 200, headers });
}
