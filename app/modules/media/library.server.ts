import { sql } from "kysely";
import { logger } from "#app/lib/logger.server.ts";
import { ANY_CHANGE, noteChange, siteListTag, tagRender } from "#app/lib/render-context.server.ts";
import { getDb, type DB } from "#db/index.ts";
import type { MediaKind, MediaStatus, MediaVariant } from "#db/schema.ts";
import { enqueueMedia, forgetMediaJobs, requeueMedia } from "./media-jobs.server.ts";
import { insertMediaRow, lockOwner, lockOwners, refreshProductStatus } from "./records.server.ts";
import { getStorage, type MediaStorage } from "./storage.server.ts";
import type { SavedUpload } from "./upload.server.ts";
import type { MediaEntry } from "./media-screens.ts";
import { readyViewsOf, type ReadyViews } from "./ready-views.server.ts";
import type { ImageView, VideoView } from "./views.ts";

export type Entry = MediaEntry;

const KIND_OF: Record<Entry, MediaKind> = {
  gallery_images: "gallery_image",
  videos: "video",
  display_images: "display_image",
};

/**
 * Writes a media row (processing) and its gallery/video/display entry in one
 * transaction, then queues the job. If Redis is down the rows stay and the
 * reconcile queues them later: the upload is never lost.
 */
export async function createMediaEntry(
  entry: Entry,
  upload: SavedUpload,
  options: { current?: boolean } = {},
): Promise<{ id: number; mediaId: number }> {
  const kind = KIND_OF[entry];
  const { id, mediaId } = await getDb()
    .transaction()
    .execute(async (trx) => {
      const mediaId = await insertMediaRow(trx, kind, upload);
      if (entry === "display_images" && options.current) {
        await trx.updateTable("display_images").set({ is_current: 0 }).where("is_current", "=", 1).execute();
      }
      const inserted =
        entry === "display_images"
          ? await trx.insertInto(entry).values({ media_id: mediaId, is_current: options.current ? 1 : 0 }).executeTakeFirstOrThrow()
          : await trx.insertInto(entry).values({ media_id: mediaId }).executeTakeFirstOrThrow();
      return { id: Number(inserted.insertId), mediaId };
    });
  await enqueueMedia(mediaId, kind).catch((error: unknown) =>
    logger.error({ err: error, mediaId }, "enqueue failed; the reconcile will queue this media row"),
  );
  noteChange(siteListTag(entry));
  return { id, mediaId };
}

/** Why a display image cannot be made the current one, in the words the admin sees. */
export const DISPLAY_REFUSALS = {
  missing: "This display image no longer exists.",
  processing: "This image is still being processed: it can be the display image once it is ready.",
  failed: "This image failed processing and cannot be the display image; upload it again.",
} as const;

/**
 * Makes one ready display image the current one (the home hero); the unique index keeps it
 * to one. A missing, processing or failed image is refused and the current choice stays.
 */
export async function setCurrentDisplayImage(id: number): Promise<"set" | keyof typeof DISPLAY_REFUSALS> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("display_images as e")
        .innerJoin("media", "media.id", "e.media_id")
        .select("media.status")
        .where("e.id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return "missing";
      if (row.status !== "ready") return row.status;
      await trx.updateTable("display_images").set({ is_current: 0 }).where("is_current", "=", 1).execute();
      await trx.updateTable("display_images").set({ is_current: 1 }).where("id", "=", id).execute();
      noteChange(siteListTag("display_images"));
      return "set";
    });
}

export async function countMediaByStatus(options: { exceptKind?: MediaKind } = {}): Promise<Record<string, number>> {
  let query = getDb().selectFrom("media");
  if (options.exceptKind) query = query.where("kind", "!=", options.exceptKind);
  const rows = await query
    .select(["status", sql<number>`COUNT(*)`.as("count")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

// ---------------------------------------------------------------------------
// Listing (admin sees every state; public callers pass { publicOnly: true })

/** One gallery image, video or display image row with its media state. */
export interface MediaEntryItem {
  id: number;
  mediaId: number;
  createdAt: Date;
  status: MediaStatus;
  /** Why processing failed, in words for the admin; null unless failed. */
  error: string | null;
  /** 0..100 while processing. */
  progress: number;
  /** Processing, but no worker has started on it yet (it waits behind another file). */
  waiting: boolean;
  originalName: string;
  /** The optional title of a gallery image or video (always null for display images). */
  title: string | null;
}
export interface ImageEntryItem extends MediaEntryItem {
  /** Null until ready. */
  image: ImageView | null;
}
export interface DisplayImageItem extends ImageEntryItem {
  isCurrent: boolean;
}
export interface VideoEntryItem extends MediaEntryItem {
  /** Null until ready. */
  video: VideoView | null;
}

export interface ListOptions {
  /** Only ready rows (the storefront and the public API). */
  publicOnly?: boolean;
}

function entryQuery(entry: Entry, options: ListOptions) {
  // A page showing the list is rendered anew when the list changes (server/page-cache-freshness.ts).
  tagRender(siteListTag(entry));
  let query = getDb()
    // The three entry tables share id, media_id and created_at; display_images types them all.
    .selectFrom(`${entry} as e` as "display_images as e")
    .innerJoin("media", "media.id", "e.media_id")
    .select([
      "e.id as id",
      "e.media_id as mediaId",
      "e.created_at as createdAt",
      // Only gallery images and videos have a title column.
      entry === "display_images" ? sql<string | null>`NULL`.as("title") : sql<string | null>`e.title`.as("title"),
      "media.status",
      "media.error",
      "media.progress",
      "media.attempts",
      "media.original_name",
      "media.updated_at",
    ]);
  if (options.publicOnly) query = query.where("media.status", "=", "ready");
  return query;
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>["executeTakeFirstOrThrow"]>>;

function baseItem(row: EntryRow): MediaEntryItem {
  return {
    id: Number(row.id),
    mediaId: Number(row.mediaId),
    createdAt: row.createdAt,
    status: row.status,
    error: row.status === "failed" ? row.error : null,
    progress: row.status === "ready" ? 100 : Number(row.progress),
    // A start is counted when a job begins (records.server.ts, countProcessingStart).
    waiting: row.status === "processing" && Number(row.attempts) === 0,
    originalName: row.original_name,
    title: row.title,
  };
}

/** The rows as items, the ready ones with their views (ready-views.server.ts), the others with none. */
async function withViews<Row extends EntryRow, Item>(rows: Row[], toItem: (row: Row, views: ReadyViews | undefined) => Item): Promise<Item[]> {
  const views = await readyViewsOf(rows.map((row) => ({ id: Number(row.mediaId), status: row.status, updated_at: row.updated_at })));
  return rows.map((row) => toItem(row, views.get(Number(row.mediaId))));
}
const imageItem = (row: EntryRow, views: ReadyViews | undefined): ImageEntryItem => ({
  ...baseItem(row),
  image: views?.image ?? null,
});
const videoItem = (row: EntryRow, views: ReadyViews | undefined): VideoEntryItem => ({
  ...baseItem(row),
  video: views?.video ?? null,
});
const displayItem = (row: EntryRow & { isCurrent: number }, views: ReadyViews | undefined): DisplayImageItem => ({
  ...imageItem(row, views),
  isCurrent: Number(row.isCurrent) === 1,
});

/** The reads of one kind of entry: newest first, and one by its entry id (or null). */
function entryReads<Item>(entry: "gallery_images" | "videos", toItem: (row: EntryRow, views: ReadyViews | undefined) => Item) {
  return {
    list: async (options: ListOptions = {}): Promise<Item[]> =>
      withViews(await entryQuery(entry, options).orderBy("e.id", "desc").execute(), toItem),
    get: async (id: number, options: ListOptions = {}): Promise<Item | null> => {
      const row = await entryQuery(entry, options).where("e.id", "=", id).executeTakeFirst();
      return row ? (await withViews([row], toItem))[0]! : null;
    },
  };
}

const galleryReads = entryReads("gallery_images", imageItem);
const videoReads = entryReads("videos", videoItem);
/** Gallery images, newest first. */
export const listGalleryImages = galleryReads.list;
/** One gallery image by its entry id, or null. */
export const getGalleryImage = galleryReads.get;
/** Videos, newest first. */
export const listVideos = videoReads.list;
/** One video by its entry id, or null. */
export const getVideo = videoReads.get;

/** Home display images, newest first, with which one is current. */
export async function listDisplayImages(options: ListOptions = {}): Promise<DisplayImageItem[]> {
  const rows = await entryQuery("display_images", options)
    .select("e.is_current as isCurrent")
    .orderBy("e.id", "desc")
    .execute();
  return withViews(rows, displayItem);
}

/** The current home display image if it is ready, else null ('No display image selected'). */
export async function getCurrentDisplayImage(): Promise<DisplayImageItem | null> {
  const row = await entryQuery("display_images", { publicOnly: true })
    .select("e.is_current as isCurrent")
    .where("e.is_current", "=", 1)
    .executeTakeFirst();
  return row ? (await withViews([row], displayItem))[0]! : null;
}

// ---------------------------------------------------------------------------
// Retry and delete

/** Puts a failed media row back to processing and queues it again. False if the row is missing or not failed. */
export async function retryMedia(mediaId: number): Promise<boolean> {
  const db = getDb();
  const row = await db.selectFrom("media").select(["kind", "status"]).where("id", "=", mediaId).executeTakeFirst();
  if (!row || row.status !== "failed") return false;
  await db.transaction().execute(async (trx) => {
    const productId = await lockOwner(trx, mediaId);
    await trx
      .updateTable("media")
      .set({ status: "processing", error: null, progress: 0, attempts: 0 })
      .where("id", "=", mediaId)
      .execute();
    // A product without another ready image goes back to processing (refreshProductStatus notes it gone); a site image may leave any list.
    if (productId !== null) await refreshProductStatus(trx, productId);
    else noteChange(ANY_CHANGE);
  });
  await requeueMedia(mediaId, row.kind).catch((error: unknown) =>
    logger.error({ err: error, mediaId }, "requeue failed; the reconcile will queue this media row"),
  );
  return true;
}

/** Every derived file key a media row points to. */
export function variantKeys(variants: readonly MediaVariant[] | null): string[] {
  return [...new Set((variants ?? []).map((v) => v.path))];
}

/**
 * Deletes files of media rows that are already gone from the database, keeping any
 * file another row still references (derived names are content hashes, so two
 * identical uploads share them). Whatever is missed is swept by the reconcile.
 */
export async function removeUnreferencedFiles(
  db: DB,
  storage: MediaStorage,
  gone: readonly { original_path?: string; variants: MediaVariant[] | null }[],
): Promise<void> {
  for (const key of new Set(gone.flatMap((row) => variantKeys(row.variants)))) {
    const used = await db
      .selectFrom("media")
      .select("id")
      .where(sql<boolean>`variants LIKE ${`%"${key}"%`}`)
      .limit(1)
      .executeTakeFirst();
    if (!used) await storage.removeDerived([key]);
  }
  for (const key of new Set(gone.flatMap((row) => (row.original_path === undefined ? [] : [row.original_path])))) {
    const used = await db.selectFrom("media").select("id").where("original_path", "=", key).limit(1).executeTakeFirst();
    if (!used) await storage.removeOriginal(key);
  }
}

/**
 * Deletes media rows (their product_images/gallery/video/display rows cascade), their
 * queued jobs and every file no other row references; refreshes the owning products'
 * status. Call it for one product image, or with all of a product's media ids when
 * deleting a product (collect them with productImageFiles first: deleting the product
 * does not delete its media rows).
 */
export async function deleteProductMedia(mediaIds: readonly number[], allowed?: (trx: DB) => Promise<void>): Promise<void> {
  if (mediaIds.length === 0) return;
  const db = getDb();
  const ids = [...mediaIds];
  const gone = await db.transaction().execute(async (trx) => {
    // Products first, as the worker does, so the two never deadlock.
    const productIds = await lockOwners(trx, ids);
    // The caller's rule, checked under those locks: a delete running at the same time waits.
    await allowed?.(trx);
    const gone = await trx
      .selectFrom("media")
      .select(["id", "kind", "original_path", "variants"])
      .where("id", "in", ids)
      .forUpdate()
      .execute();
    await trx.deleteFrom("media").where("id", "in", ids).execute();
    for (const productId of productIds) await refreshProductStatus(trx, productId);
    return gone;
  });
  for (const row of gone) {
    await forgetMediaJobs(Number(row.id), row.kind).catch((error: unknown) =>
      logger.warn({ err: error, mediaId: row.id }, "could not drop a queued job; it will find its row gone"),
    );
  }
  await removeUnreferencedFiles(db, getStorage(), gone);
}

/** Deletes a gallery image, video or display image by entry id, with its media row and files. False if missing. */
export async function deleteMediaEntry(entry: Entry, id: number): Promise<boolean> {
  const row = await getDb().selectFrom(entry).select("media_id").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await deleteProductMedia([Number(row.media_id)]);
  noteChange(siteListTag(entry));
  return true;
}

/** Sets or clears (null) the title of a gallery image or video. False if the entry does not exist. */
export async function setEntryTitle(entry: "gallery_images" | "videos", id: number, title: string | null): Promise<boolean> {
  const result = await getDb().updateTable(entry).set({ title }).where("id", "=", id).executeTakeFirst();
  noteChange(siteListTag(entry));
  if (Number(result.numUpdatedRows) > 0) return true;
  return Boolean(await getDb().selectFrom(entry).select("id").where("id", "=", id).executeTakeFirst());
}
