// The page cache's fixed numbers (server/page-cache.ts): no imports, safe anywhere.

/**
 * Query parameters a shared page or public API read acts on; a URL with any other parameter
 * is rendered but never stored (docs/decisions/100-page-cache-shares-what-the-render-allows.md).
 * `_routes` and `index` are Remix's own (client navigations).
 */
export const SHARED_QUERY_PARAMETERS: ReadonlySet<string> = new Set(["q", "page", "sort", "price", "category", "view", "image", "sent", "_routes", "index"]);

/** The share of the byte budget that URLs with a query may use, so they never push out plain pages. */
export const QUERY_SHARE = 0.25;

/** An outdated entry is served while this many versions at most came after it. */
export const MAX_STALE_VERSIONS = 20;

/** What a page or public read says to mark itself shareable; the cache sends its own Cache-Control. */
export const SHARED_PAGE_CACHE_CONTROL = "public, no-cache";

/**
 * How long a web process answers with the public version it last heard (a bump announced on
 * Redis, or a read) before it reads it again: far within the stale bound, so a lost
 * announcement delays a write by at most this long.
 */
export const heardVersionMs = (staleSeconds: number) => Math.min(1_000, (staleSeconds * 1000) / 2);
