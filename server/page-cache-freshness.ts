import { pageTagOfGone } from "#app/lib/render-context.server.ts";
import { readPublicChanges } from "#app/modules/site/public-version.server.ts";
import { MAX_STALE_VERSIONS } from "#app/modules/site/page-cache-limits.ts";
import type { CachedPage } from "./page-cache.ts";

// When an outdated entry may still be served (X-Cache: STALE) while one render refreshes it,
// and which pages to refresh after a write (docs/decisions/100-page-cache-shares-what-the-render-allows.md).

/**
 * An entry stored at an older version may be served stale only while every change since is
 * known, none of them is a change of anything (no tags) or names what the entry shows (a
 * product edited in place: `product:12`, or one that stopped being public: `gone:product:12`
 * names its own pages, not the listings that showed it), and the first of them is at most
 * `staleMs` old.
 */
export async function mayServeStale(page: CachedPage, current: number, staleMs: number, now = Date.now()): Promise<boolean> {
  if (staleMs <= 0) return false;
  const first = await firstUnnamedChange(page, current);
  return typeof first === "number" && now - first <= staleMs;
}

/**
 * When the first change since `page` was made, if every change since is known and none of them
 * names what it shows, however long ago: null when one may have changed it, undefined when
 * Redis did not answer (not known yet).
 */
export async function firstUnnamedChange(page: CachedPage, current: number): Promise<number | null | undefined> {
  if (current <= page.version || current - page.version > MAX_STALE_VERSIONS) return null;
  const changes = await readPublicChanges(page.version + 1, current);
  if (!changes) return changes;
  return changes.every((change) => change.tags !== null && !change.tags.some((tag) => names(tag, page.tags))) ? changes[0]!.at : null;
}

function names(changeTag: string, pageTags: readonly string[]): boolean {
  const ownPage = pageTagOfGone(changeTag);
  return ownPage === null ? pageTags.includes(changeTag) : pageTags.includes(ownPage);
}

/** The own-page tags of the products that versions `from`..`to` took off the shop (unknown changes: none). */
export async function goneSince(from: number, to: number): Promise<string[]> {
  if (to < from || to - from >= MAX_STALE_VERSIONS) return [];
  const changes = await readPublicChanges(from, to);
  return (changes ?? []).flatMap((change) => (change.tags ?? []).flatMap((tag) => pageTagOfGone(tag) ?? []));
}

const HOUR_MS = 3600 * 1000;
/** At most this many URLs are counted per hour, so counting costs bounded memory. */
const MAX_COUNTED = 5_000;

/** How often each stored URL was asked for, over the current and the previous hour. */
export class Popularity {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();
  private startedAt = Date.now();

  count(key: string, now = Date.now()): void {
    if (now - this.startedAt >= HOUR_MS) {
      this.previous = now - this.startedAt >= 2 * HOUR_MS ? new Map() : this.current;
      this.current = new Map();
      this.startedAt = now;
    }
    const seen = this.current.get(key);
    if (seen !== undefined || this.current.size < MAX_COUNTED) this.current.set(key, (seen ?? 0) + 1);
  }

  /** The `limit` most-asked URLs, most-asked first. */
  top(limit: number): string[] {
    const totals = new Map(this.previous);
    for (const [key, count] of this.current) totals.set(key, (totals.get(key) ?? 0) + count);
    return [...totals].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([key]) => key);
  }
}
