import { LRUCache } from "lru-cache";
import { getDb } from "#db/index.ts";
import type { MediaStatus } from "#db/schema.ts";
import { jpegLadder, toImageView, toVideoView, type ImageView, type JpegView, type VideoView } from "./views.ts";

/** What a ready media row shows, made from its `variants` and kept while the row's updated_at holds. */
export interface ReadyViews {
  updatedAt: number;
  /** An image's views, or a video's poster. */
  image: ImageView | null;
  video: VideoView | null;
  jpegs: JpegView[];
}

/**
 * `variants` is 1.7 kB of JSON an image (every format and size): parsing it and building the
 * srcsets on every read was most of an images query's cost (decisions 093 and 095). A ready
 * row's sizes change only when the worker makes them again, which moves its updated_at (ON
 * UPDATE), so a kept entry is never stale. 40,000 entries (about 1.5 kB each) hold a
 * 10,000-product catalogue's images; past that the least recently read go first.
 */
const keptViews = new LRUCache<number, ReadyViews>({ max: 40_000 });

/**
 * The views of the ready ones among these media rows (read without `variants`), by media id;
 * a row that is not ready has none. `variants` is read and parsed, in one statement, only for
 * rows not kept at their updated_at.
 */
export async function readyViewsOf(rows: ReadonlyArray<{ id: number; status: MediaStatus; updated_at: Date }>): Promise<Map<number, ReadyViews>> {
  const found = new Map<number, ReadyViews>();
  const stale: number[] = [];
  for (const row of rows) {
    if (row.status !== "ready") continue;
    const kept = keptViews.get(row.id);
    if (kept?.updatedAt === row.updated_at.getTime()) found.set(row.id, kept);
    else stale.push(row.id);
  }
  if (stale.length === 0) return found;
  const fresh = await getDb()
    .selectFrom("media")
    .where("id", "in", stale)
    .select(["id", "variants", "width", "height", "duration_ms", "placeholder", "dominant_color", "updated_at"])
    .execute();
  for (const row of fresh) {
    const views = { updatedAt: row.updated_at.getTime(), image: toImageView(row), video: toVideoView(row), jpegs: jpegLadder(row.variants) };
    keptViews.set(row.id, views);
    found.set(row.id, views);
  }
  return found;
}
