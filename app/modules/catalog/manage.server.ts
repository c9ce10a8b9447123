import { sql } from "kysely";
import { noteChange, productGoneTag, productTag } from "#app/lib/render-context.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { refreshProductStatus } from "#app/modules/media/records.server.ts";
import { deleteProductMedia, removeUnreferencedFiles } from "#app/modules/media/library.server.ts";
import {
  deleteMediaRows,
  enqueueProductImages,
  insertProductImages,
  productImageFiles,
  writeImagePositions,
} from "#app/modules/media/product-images.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { PRODUCT_IMAGE_MESSAGES, UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import type { SavedUpload } from "#app/modules/media/upload.server.ts";
import { getDb, type DB } from "#db/index.ts";
import { CONFLICT_MESSAGES } from "./edit-conflict.ts";
import { MANAGE_MESSAGES, ManageError } from "./manage-messages.server.ts";
import { PRICE_ORDER_MESSAGE, priceOrderWrong, type ProductEditInput } from "./product-schema.ts";
import { productColumns } from "./product-columns.ts";
import { applyStateChange } from "./states.server.ts";
import { writeTranslations } from "./translations.server.ts";

// Every product change (the admin's reads are in admin-products.server.ts): the dashboard
// pages and /api/v1 call these. Refusals are ManageError (manage-messages.server.ts).

/** Locks the product row for the rest of the transaction; ManageError 404 when it is gone. */
async function lockProduct(trx: DB, id: number) {
  const product = await trx
    .selectFrom("products")
    .select(["version", "price_fixed", "price_discount", "category"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  return product;
}

/** A product's images in order; ManageError 404 when the product is gone. */
async function imagesOfProduct(db: DB, productId: number) {
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  return productImageFiles(db, productId);
}

/**
 * Updates the fields; with new images, replaces the existing ones unless
 * `keepExistingImages` (then appends). At most 5 in total, else ManageError 400.
 * An edit based on a version that is no longer current is refused (ManageError 409);
 * every save moves the version on.
 */
export async function updateProduct(
  id: number,
  input: ProductEditInput,
  newImages: readonly SavedUpload[] = [],
): Promise<{ id: number }> {
  const db = getDb();
  const removed = await db.transaction().execute(async (trx) => {
    const stored = await lockProduct(trx, id);
    if (input.version !== undefined && input.version !== stored.version) {
      throw new ManageError(CONFLICT_MESSAGES.api(input.version, stored.version), 409);
    }
    // An edit sending a price is checked against the other as stored (one not touching
    // the prices is not refused for a row stored before the rule).
    const listPrice = input.priceFixed ?? Number(stored.price_fixed);
    const sellingPrice = input.priceDiscount !== undefined ? input.priceDiscount : stored.price_discount === null ? null : Number(stored.price_discount);
    const sendsPrice = input.priceFixed !== undefined || input.priceDiscount !== undefined;
    if (sendsPrice && priceOrderWrong(sellingPrice, listPrice)) {
      const field = input.priceDiscount !== undefined ? "priceDiscount" : "priceFixed";
      throw new ManageError(PRICE_ORDER_MESSAGE, 400, { fieldErrors: { [field]: PRICE_ORDER_MESSAGE } });
    }
    const existing = await productImageFiles(trx, id);
    const replace = newImages.length > 0 && !input.keepExistingImages;
    const kept = replace ? 0 : existing.length;
    if (kept + newImages.length > UPLOAD_LIMITS.imagesPerProduct) {
      throw new ManageError(PRODUCT_IMAGE_MESSAGES.tooManyInTotal(existing.length), 400);
    }
    // Only the fields the edit sent: the others keep their stored values.
    const changes = Object.fromEntries(Object.entries(productColumns(input)).filter(([, value]) => value !== undefined));
    await trx
      .updateTable("products")
      .set({ ...changes, version: sql<number>`version + 1` })
      .where("id", "=", id)
      .execute();
    await writeTranslations(trx, id, input.translations);
    await applyStateChange(trx, id, input);
    if (replace) await deleteMediaRows(trx, existing.map((e) => e.id));
    const mediaIds = await insertProductImages(trx, id, newImages, kept);
    if (newImages.length > 0) await refreshProductStatus(trx, id);
    // Pages showing it are rendered again at once; others may be served stale for a moment. A piece
    // not yet public, or whose images were all replaced, is processing until they are ready
    // (refreshProductStatus notes it gone); a public one stays public meanwhile.
    noteChange(productTag(id));
    return { media: replace ? existing : [], mediaIds };
  });
  await enqueueProductImages(removed.mediaIds);
  if (removed.media.length > 0) {
    await removeUnreferencedFiles(db, getStorage(), removed.media).catch((error: unknown) =>
      logger.error({ err: error, productId: id }, "removing replaced image files failed"),
    );
  }
  return { id };
}

/** Deletes the product, its list entries, its media rows and their files; ManageError 404. */
export async function deleteProduct(id: number): Promise<void> {
  const db = getDb();
  const mediaIds = await db.transaction().execute(async (trx) => {
    await lockProduct(trx, id);
    const images = await productImageFiles(trx, id);
    // product_images, gift_entries and stock_entries go by ON DELETE CASCADE.
    await trx.deleteFrom("products").where("id", "=", id).execute();
    return images.map((image) => image.id);
  });
  noteChange(productGoneTag(id));
  // Media rows, queued jobs and files (the media module's one place for that).
  await deleteProductMedia(mediaIds);
}

/**
 * The dashboard's delete: one that finds the piece already gone (a double tap, back and send
 * again, two tabs) has what was asked, and is not reported as a failure.
 */
export async function deleteProductIfPresent(id: number): Promise<void> {
  await deleteProduct(id).catch((error: unknown) => {
    if (!(error instanceof ManageError && error.status === 404)) throw error;
  });
}

/** A media id, or the image URL the API sends (any of its variant URLs). */
export type ImageRef = { mediaId: number } | { imageUrl: string };

/** Deletes one image (not the last one: 400) and its files; ManageError 404 when either is missing. */
export async function deleteProductImage(productId: number, ref: ImageRef): Promise<void> {
  const db = getDb();
  const rows = await imagesOfProduct(db, productId);
  const target = rows.find((r) =>
    "mediaId" in ref ? r.id === ref.mediaId : (r.variants ?? []).some((v) => urlMatches(ref.imageUrl, v.path)),
  );
  if (!target) throw new ManageError(MANAGE_MESSAGES.imageNotFound, 404);
  if (rows.length <= 1) throw new ManageError(MANAGE_MESSAGES.lastImage, 400);
  // Counted again under the product's lock: two deletes at once (two tabs) must not both pass.
  await deleteProductMedia([target.id], async (trx) => {
    if (!(await productImageFiles(trx, productId)).some((image) => image.id !== target.id)) throw new ManageError(MANAGE_MESSAGES.lastImage, 400);
  });
  const rest = rows.filter((r) => r.id !== target.id).map((r) => r.id);
  await db.transaction().execute((trx) => writeImagePositions(trx, productId, rest));
  noteChange(productTag(productId));
}

function urlMatches(url: string, path: string): boolean {
  let pathname = url.trim();
  try {
    pathname = new URL(pathname, "http://local").pathname;
  } catch {
    return false;
  }
  return pathname === `/media/${path}`;
}

/** Puts the images in the given order (every image once; the first is main); ManageError 400/404. */
export async function reorderProductImages(productId: number, mediaIds: readonly number[]): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await lockProduct(trx, productId);
      const current = new Set((await productImageFiles(trx, productId)).map((image) => image.id));
      const unique = new Set(mediaIds);
      if (unique.size !== mediaIds.length || unique.size !== current.size || mediaIds.some((m) => !current.has(m))) {
        throw new ManageError(MANAGE_MESSAGES.badOrder, 400);
      }
      await writeImagePositions(trx, productId, mediaIds);
    });
  noteChange(productTag(productId));
}

/** Moves one image to the first position (the main image), keeping the others' order. */
export async function setMainImage(productId: number, mediaId: number): Promise<void> {
  const ids = (await imagesOfProduct(getDb(), productId)).map((image) => image.id);
  if (!ids.includes(mediaId)) throw new ManageError(MANAGE_MESSAGES.imageNotFound, 404);
  await reorderProductImages(productId, [mediaId, ...ids.filter((m) => m !== mediaId)]);
}

/** Moves one image one step earlier or later; no change at the ends. */
export async function moveProductImage(productId: number, mediaId: number, direction: "up" | "down"): Promise<void> {
  const ids = (await imagesOfProduct(getDb(), productId)).map((image) => image.id);
  const from = ids.indexOf(mediaId);
  if (from < 0) throw new ManageError(MANAGE_MESSAGES.imageNotFound, 404);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  await reorderProductImages(productId, ids);
}

/** Flips the product's availability (docs/product-rules.md, States); returns the new value; ManageError 404. */
export async function toggleAvailability(id: number): Promise<{ available: boolean }> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("products").select("available").where("id", "=", id).forUpdate().executeTakeFirst();
      if (!row) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
      const available = row.available === 1 ? 0 : 1;
      await trx.updateTable("products").set({ available }).where("id", "=", id).execute();
      // Hidden: its own pages are dropped at once. Shown again: pages showing it (its 404) render anew.
      noteChange(available === 1 ? productTag(id) : productGoneTag(id));
      return { available: available === 1 };
    });
}
