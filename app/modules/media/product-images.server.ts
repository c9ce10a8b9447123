import { logger } from "#app/lib/logger.server.ts";
import { getDb, type DB } from "#db/index.ts";
import type { MediaStatus, MediaVariant } from "#db/schema.ts";
import { enqueueMedia } from "./media-jobs.server.ts";
import { insertMediaRow } from "./records.server.ts";
import type { SavedUpload } from "./upload.server.ts";
import { readyViewsOf } from "./ready-views.server.ts";
import { jpegForLongSide, type ImageView, type JpegView } from "./views.ts";

// A product's images (product_images and their media rows): the catalogue calls these
// instead of querying the media tables itself.

/** One image of a product whatever its processing state (the admin sees them all). */
export interface ProductImageState {
  mediaId: number;
  position: number;
  status: MediaStatus;
  progress: number;
  error: string | null;
  originalName: string;
  /** Present once the worker made the sizes. */
  view: ImageView | null;
}

/** The images of many products, each product's in its order; `readyOnly` for public pages. */
export async function loadProductImages(
  productIds: readonly number[],
  options: { readyOnly?: boolean } = {},
): Promise<Map<number, ProductImageState[]>> {
  const byProduct = new Map<number, ProductImageState[]>();
  if (productIds.length === 0) return byProduct;
  let query = getDb()
    .selectFrom("product_images")
    .innerJoin("media", "media.id", "product_images.media_id")
    .where("product_images.product_id", "in", productIds);
  if (options.readyOnly) query = query.where("media.status", "=", "ready");
  const rows = await query
    .select([
      "product_images.product_id",
      "product_images.position",
      "media.id",
      "media.status",
      "media.progress",
      "media.error",
      "media.original_name",
      "media.updated_at",
    ])
    .orderBy("product_images.product_id")
    .orderBy("product_images.position")
    .execute();
  const views = await readyViewsOf(rows);
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({
      mediaId: row.id,
      position: row.position,
      status: row.status,
      progress: row.progress,
      error: row.error,
      originalName: row.original_name,
      view: views.get(row.id)?.image ?? null,
    });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** A ready image as the catalogue feeds read it: the original's size and the JPEG they name. */
export interface ProductImageJpeg {
  width: number | null;
  height: number | null;
  jpeg: JpegView;
}

/** The ready images of many products with the JPEG of at least `minLongSide` (jpegForLongSide), each product's in its order; an image without a JPEG is left out. */
export async function loadProductJpegs(productIds: readonly number[], minLongSide: number): Promise<Map<number, ProductImageJpeg[]>> {
  const byProduct = new Map<number, ProductImageJpeg[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await getDb()
    .selectFrom("product_images")
    .innerJoin("media", "media.id", "product_images.media_id")
    .where("product_images.product_id", "in", productIds)
    .where("media.status", "=", "ready")
    .select(["product_images.product_id", "media.id", "media.status", "media.width", "media.height", "media.updated_at"])
    .orderBy("product_images.product_id")
    .orderBy("product_images.position")
    .execute();
  const views = await readyViewsOf(rows);
  for (const row of rows) {
    const jpeg = jpegForLongSide(views.get(row.id)?.jpegs ?? [], minLongSide);
    if (!jpeg) continue;
    const list = byProduct.get(row.product_id) ?? [];
    list.push({ width: row.width, height: row.height, jpeg });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** The images a visitor can see, in order. */
export function readyViews(images: readonly ProductImageState[] = []): ImageView[] {
  return images.flatMap((image) => (image.view ? [image.view] : []));
}

export interface ProductImageFile {
  id: number;
  original_path: string;
  variants: MediaVariant[] | null;
}

/** A product's media rows in image order, with what removing their files needs. */
export async function productImageFiles(db: Pick<DB, "selectFrom">, productId: number): Promise<ProductImageFile[]> {
  return db
    .selectFrom("product_images")
    .innerJoin("media", "media.id", "product_images.media_id")
    .select(["media.id", "media.original_path", "media.variants"])
    .where("product_images.product_id", "=", productId)
    .orderBy("product_images.position")
    .execute();
}

/** Writes one `processing` media row per upload and links it at the next positions (inside the caller's transaction). */
export async function insertProductImages(
  trx: DB,
  productId: number,
  uploads: readonly SavedUpload[],
  startPosition = 0,
): Promise<number[]> {
  const mediaIds: number[] = [];
  for (const [index, upload] of uploads.entries()) {
    const mediaId = await insertMediaRow(trx, "product_image", upload);
    mediaIds.push(mediaId);
    await trx
      .insertInto("product_images")
      .values({ product_id: productId, media_id: mediaId, position: startPosition + index })
      .execute();
  }
  return mediaIds;
}

/** Queues the committed rows; a failed enqueue is left to the reconcile, so nothing is lost. */
export async function enqueueProductImages(mediaIds: readonly number[]): Promise<void> {
  try {
    await Promise.all(mediaIds.map((id) => enqueueMedia(id, "product_image")));
  } catch (error) {
    logger.error({ err: error, mediaIds }, "enqueue failed; the reconcile will queue these media rows");
  }
}

/** Rewrites positions 0..n-1 in the given order. */
export async function writeImagePositions(trx: DB, productId: number, mediaIds: readonly number[]): Promise<void> {
  for (const [position, mediaId] of mediaIds.entries()) {
    await trx
      .updateTable("product_images")
      .set({ position })
      .where("product_id", "=", productId)
      .where("media_id", "=", mediaId)
      .execute();
  }
}

/** Deletes media rows (their product links go by cascade) inside the caller's transaction; files are removed after commit. */
export async function deleteMediaRows(trx: DB, mediaIds: readonly number[]): Promise<void> {
  if (mediaIds.length > 0) await trx.deleteFrom("media").where("id", "in", [...mediaIds]).execute();
}
