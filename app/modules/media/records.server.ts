import { sql } from "kysely";
import { ANY_CHANGE, noteChange } from "#app/lib/render-context.server.ts";
import { setProductImagesStatus } from "#app/modules/catalog/image-status.server.ts";
import type { DB } from "#db/index.ts";
import type { MediaKind, MediaVariant } from "#db/schema.ts";
import { STORAGE_FAULT_MESSAGES } from "./storage-base.server.ts";
import type { SavedUpload } from "./upload.server.ts";

type Executor = Pick<DB, "selectFrom" | "updateTable">;

/** Writes the `processing` media row of one saved upload (inside the caller's transaction); its id. */
export async function insertMediaRow(db: Pick<DB, "insertInto">, kind: MediaKind, upload: SavedUpload): Promise<number> {
  const media = await db
    .insertInto("media")
    .values({ kind, original_path: upload.key, original_name: upload.originalName, original_bytes: upload.bytes, mime_type: upload.mimeType })
    .executeTakeFirstOrThrow();
  return Number(media.insertId);
}

/**
 * Counts a product's images by state for the catalog, which decides whether it is public
 * (setProductImagesStatus). The counts are a locking read, so they see the latest committed
 * image states even inside an older snapshot.
 */
export async function refreshProductStatus(db: Executor, productId: number): Promise<void> {
  const counts = await db
    .selectFrom("product_images")
    .innerJoin("media", "media.id", "product_images.media_id")
    .where("product_images.product_id", "=", productId)
    .select([
      sql<number>`COUNT(*)`.as("total"),
      sql<number>`SUM(media.status = 'ready')`.as("ready"),
      sql<number>`SUM(media.status = 'failed')`.as("failed"),
    ])
    .modifyEnd(sql`LOCK IN SHARE MODE`)
    .executeTakeFirstOrThrow();
  await setProductImagesStatus(db, productId, { total: Number(counts.total), ready: Number(counts.ready), failed: Number(counts.failed) });
}

/**
 * Locks the product owning a media row, if any, before the row changes. Two images of
 * one product finishing at once would otherwise each count the other as processing
 * (write skew) and leave the product processing for ever; with the product locked
 * first they take turns. Call it first in the transaction.
 */
export async function lockOwner(db: Executor, mediaId: number): Promise<number | null> {
  return (await lockOwners(db, [mediaId]))[0] ?? null;
}

/** lockOwner for several media rows: their products, locked in id order, returned in that order. */
export async function lockOwners(db: Executor, mediaIds: readonly number[]): Promise<number[]> {
  if (mediaIds.length === 0) return [];
  const owners = await db
    .selectFrom("product_images")
    .select("product_id")
    .where("media_id", "in", [...mediaIds])
    .modifyEnd(sql`LOCK IN SHARE MODE`)
    .execute();
  const productIds = [...new Set(owners.map((o) => Number(o.product_id)))].sort((a, b) => a - b);
  if (productIds.length) await db.selectFrom("products").select("id").where("id", "in", productIds).forUpdate().execute();
  return productIds;
}

export interface ReadyMedia {
  width: number;
  height: number;
  durationMs?: number | null;
  placeholder?: string | null;
  dominantColor?: string | null;
  variants: MediaVariant[];
}

/** Records the derived files and flips the media row (and its product) to ready, atomically. Returns false if the row is gone. */
export async function markMediaReady(db: DB, mediaId: number, result: ReadyMedia): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const productId = await lockOwner(trx, mediaId);
    const updated = await trx
      .updateTable("media")
      .set({
        status: "ready",
        variants: JSON.stringify(result.variants),
        width: result.width,
        height: result.height,
        duration_ms: result.durationMs ?? null,
        placeholder: result.placeholder ?? null,
        dominant_color: result.dominantColor ?? null,
        progress: 100,
        error: null,
      })
      .where("id", "=", mediaId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    // A site image or video that became ready may appear in any of the site's lists.
    if (productId !== null) await refreshProductStatus(trx, productId);
    else noteChange(ANY_CHANGE);
    return true;
  });
}

/** Adds variants made later (e.g. AVIF) to a ready row, keeping the ones it has. */
export async function addMediaVariants(db: DB, mediaId: number, extra: MediaVariant[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("media").select("variants").where("id", "=", mediaId).forUpdate().executeTakeFirst();
    if (!row) return false;
    const kept = (row.variants ?? []).filter((v) => !extra.some((e) => e.path === v.path));
    await trx.updateTable("media").set({ variants: JSON.stringify([...kept, ...extra]) }).where("id", "=", mediaId).execute();
    return true;
  });
}

/**
 * After a restore (scripts/restore.ts), before its sizes are made again: no tries used, since a
 * restore is no crash and counting it brought each row nearer MAX_STARTS
 * (workers/processors/media-row.ts). Rows refused for a bad file stay as they are.
 */
export async function startTriesAfresh(db: DB): Promise<void> {
  await db
    .updateTable("media")
    .set({ attempts: 0 })
    .where((eb) => eb.or([eb("status", "!=", "failed"), eb("error", "in", Object.values(STORAGE_FAULT_MESSAGES))]))
    .execute();
}

export async function markMediaFailed(db: DB, mediaId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const productId = await lockOwner(trx, mediaId);
    await trx
      .updateTable("media")
      .set({ status: "failed", error: reason.slice(0, 500) })
      .where("id", "=", mediaId)
      .execute();
    if (productId !== null) await refreshProductStatus(trx, productId);
  });
}

/**
 * The disk refused a write (full, read-only): failed with the reason, for the owner to
 * see, and the start is not counted against the row (it ended cleanly, it was not a
 * crash), so the reconcile's later retries never use up its starts.
 */
export async function markMediaStorageFault(db: DB, mediaId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const productId = await lockOwner(trx, mediaId);
    await trx
      .updateTable("media")
      .set({ status: "failed", error: reason.slice(0, 500), attempts: sql`GREATEST(attempts - 1, 0)` })
      .where("id", "=", mediaId)
      .execute();
    if (productId !== null) await refreshProductStatus(trx, productId);
  });
}

export async function setMediaProgress(db: DB, mediaId: number, progress: number): Promise<void> {
  await db
    .updateTable("media")
    .set({ progress: Math.max(0, Math.min(99, Math.round(progress))) })
    .where("id", "=", mediaId)
    .where("status", "=", "processing")
    .execute();
}

/** Counts one more start of processing (a job began, or began again after a crash). */
export async function countProcessingStart(db: DB, mediaId: number): Promise<void> {
  await db.updateTable("media").set({ attempts: sql`attempts + 1`, progress: 0 }).where("id", "=", mediaId).execute();
}

/** A ready row whose files are found missing while its job still runs: processing again. */
export async function reopenReadyMedia(db: DB, mediaId: number): Promise<void> {
  await db.updateTable("media").set({ status: "processing" }).where("id", "=", mediaId).where("status", "=", "ready").execute();
}

/**
 * Back to processing (hidden from the public until the job has made its files again):
 * a ready row whose files went missing, or a row failed by a storage fault (its reason
 * is cleared; the job writes it again if the disk still refuses). False if it changed meanwhile.
 */
export async function reopenMedia(db: DB, mediaId: number, from: "ready" | "failed"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const productId = await lockOwner(trx, mediaId);
    let update = trx.updateTable("media").set({ status: "processing", progress: 0, error: null }).where("id", "=", mediaId).where("status", "=", from);
    if (from === "failed") update = update.where("error", "in", Object.values(STORAGE_FAULT_MESSAGES));
    const { numUpdatedRows } = await update.executeTakeFirst();
    if (productId !== null) await refreshProductStatus(trx, productId);
    return Number(numUpdatedRows) > 0;
  });
}
