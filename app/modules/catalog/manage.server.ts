import { sql } from "kysely";
import { logger } from "#app/lib/logger.server.ts";
import { enqueueMedia } from "#app/modules/media/queue.server.ts";
import { insertMediaRow, refreshProductStatus } from "#app/modules/media/records.server.ts";
import { deleteProductMedia, removeUnreferencedFiles } from "#app/modules/media/library.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { PRODUCT_IMAGE_MESSAGES, UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import type { SavedUpload } from "#app/modules/media/upload.server.ts";
import { toImageView, type ImageView } from "#app/modules/media/views.ts";
import { getDb, type DB } from "#db/index.ts";
import type { MediaStatus, ProductRow } from "#db/schema.ts";
import { isCategorySlug } from "./categories.ts";
import { toProductFields, type ProductFields } from "./products.server.ts";
import type { ProductEditInput } from "./product-schema.ts";

// Every product mutation and admin read: the dashboard pages and /api/v1 call these.

export const ADMIN_PAGE_SIZE = 24;

export const MANAGE_MESSAGES = {
  notFound: "Product not found",
  imageNotFound: "Image not found",
  lastImage: "A product needs at least one image. Upload another before deleting this one.",
  badOrder: "The new order must list every image of the product exactly once.",
  saveFailed: "Failed to save changes. Please try again.",
  deleteImageFailed: "Failed to delete image. Please try again.",
  updated: "Product updated successfully",
  deleted: "Product deleted successfully",
  imageDeleted: "Image deleted successfully",
} as const;

/** A refused product change, with the HTTP status pages and the API answer. */
export class ManageError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

/** One image of a product as the admin sees it, whatever its processing state. */
export interface AdminProductImage {
  mediaId: number;
  position: number;
  status: MediaStatus;
  progress: number;
  error: string | null;
  originalName: string;
  /** Present once the worker made the sizes. */
  view: ImageView | null;
}

export interface AdminProduct extends ProductFields {
  images: AdminProductImage[];
  /** Entry ids in the Gift list and stock collection, null when not in them. */
  giftEntryId: number | null;
  stockEntryId: number | null;
}

export interface AdminProductPage {
  items: AdminProduct[];
  total: number;
  page: number;
  pageCount: number;
}

type ProductWithEntries = ProductRow & { gift_entry_id: number | null; stock_entry_id: number | null };

function adminProductsQuery(db: DB = getDb()) {
  return db
    .selectFrom("products")
    .leftJoin("gift_entries", "gift_entries.product_id", "products.id")
    .leftJoin("stock_entries", "stock_entries.product_id", "products.id")
    .selectAll("products")
    .select(["gift_entries.id as gift_entry_id", "stock_entries.id as stock_entry_id"]);
}

async function loadAdminImages(productIds: readonly number[]): Promise<Map<number, AdminProductImage[]>> {
  const byProduct = new Map<number, AdminProductImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await getDb()
    .selectFrom("product_images")
    .innerJoin("media", "media.id", "product_images.media_id")
    .where("product_images.product_id", "in", productIds)
    .select([
      "product_images.product_id",
      "product_images.position",
      "media.id",
      "media.status",
      "media.progress",
      "media.error",
      "media.original_name",
      "media.variants",
      "media.width",
      "media.height",
      "media.placeholder",
      "media.dominant_color",
    ])
    .orderBy("product_images.product_id")
    .orderBy("product_images.position")
    .execute();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({
      mediaId: row.id,
      position: row.position,
      status: row.status,
      progress: row.progress,
      error: row.error,
      originalName: row.original_name,
      view: row.status === "ready" ? toImageView(row) : null,
    });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

function toAdminProduct(row: ProductWithEntries, images: AdminProductImage[]): AdminProduct {
  return { ...toProductFields(row), images, giftEntryId: row.gift_entry_id, stockEntryId: row.stock_entry_id };
}

/** `%`, `_` and `\` typed by the admin are searched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type AdminListingFilter = { category?: string | null; q?: string | null };

function adminListingQuery(options: AdminListingFilter) {
  let query = adminProductsQuery();
  if (options.category && isCategorySlug(options.category)) query = query.where("products.category", "=", options.category);
  const q = options.q?.trim().slice(0, 100);
  if (q) {
    const pattern = likePattern(q);
    query = query.where((eb) => eb.or([eb("products.name", "like", pattern), eb("products.description", "like", pattern)]));
  }
  return query;
}

async function withAdminImages(rows: ProductWithEntries[]): Promise<AdminProduct[]> {
  const images = await loadAdminImages(rows.map((r) => r.id));
  return rows.map((r) => toAdminProduct(r, images.get(r.id) ?? []));
}

/** Admin listing, any status: optional category filter and search in name or description, newest first. */
export async function listProductsForAdmin(options: AdminListingFilter & { page?: number } = {}): Promise<AdminProductPage> {
  const query = adminListingQuery(options);
  const { total } = await query
    .clearSelect()
    .select(sql<number>`COUNT(*)`.as("total"))
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pageCount);
  const rows = (await query
    .orderBy("products.id", "desc")
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute()) as ProductWithEntries[];
  return { items: await withAdminImages(rows), total: Number(total), page, pageCount };
}

/** The same filter, every match at once (the API's lists): two queries, whatever the size. */
export async function listAllProductsForAdmin(options: AdminListingFilter = {}): Promise<AdminProduct[]> {
  return withAdminImages((await adminListingQuery(options).orderBy("products.id", "desc").execute()) as ProductWithEntries[]);
}

/** One product in any status with every image's state; throws ManageError 404. */
export async function getProductForAdmin(id: number): Promise<AdminProduct> {
  const row = (await adminProductsQuery().where("products.id", "=", id).executeTakeFirst()) as ProductWithEntries | undefined;
  if (!row) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  const images = await loadAdminImages([id]);
  return toAdminProduct(row, images.get(id) ?? []);
}

/** How many images a product has now; throws ManageError 404. */
export async function countProductImages(productId: number): Promise<number> {
  const db = getDb();
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  const { count } = await db
    .selectFrom("product_images")
    .select(sql<number>`COUNT(*)`.as("count"))
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function insertImages(
  trx: DB,
  productId: number,
  uploads: readonly SavedUpload[],
  startPosition: number,
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

async function enqueueImages(mediaIds: readonly number[]): Promise<void> {
  try {
    await Promise.all(mediaIds.map((id) => enqueueMedia(id, "product_image")));
  } catch (error) {
    logger.error({ err: error, mediaIds }, "enqueue failed; the reconcile will queue these media rows");
  }
}

/** Rewrites positions 0..n-1 in the given order. */
async function writePositions(trx: DB, productId: number, mediaIds: readonly number[]): Promise<void> {
  for (const [position, mediaId] of mediaIds.entries()) {
    await trx
      .updateTable("product_images")
      .set({ position })
      .where("product_id", "=", productId)
      .where("media_id", "=", mediaId)
      .execute();
  }
}

/**
 * Updates the fields; with new images, replaces the existing ones unless
 * `keepExistingImages` (then appends). At most 5 in total, else ManageError 400.
 */
export async function updateProduct(
  id: number,
  input: ProductEditInput,
  newImages: readonly SavedUpload[] = [],
): Promise<{ id: number }> {
  const db = getDb();
  const removed = await db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("products").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
    const existing = await trx
      .selectFrom("product_images")
      .innerJoin("media", "media.id", "product_images.media_id")
      .select(["media.id", "media.original_path", "media.variants"])
      .where("product_images.product_id", "=", id)
      .orderBy("product_images.position")
      .execute();
    const replace = newImages.length > 0 && !input.keepExistingImages;
    const kept = replace ? 0 : existing.length;
    if (kept + newImages.length > UPLOAD_LIMITS.imagesPerProduct) {
      throw new ManageError(PRODUCT_IMAGE_MESSAGES.tooManyInTotal(existing.length), 400);
    }
    // Only the fields the edit sent: the others keep their stored values.
    const changes = Object.fromEntries(
      Object.entries({
        name: input.name,
        description: input.description,
        price_fixed: input.priceFixed,
        price_discount: input.priceDiscount,
        category: input.category,
        color: input.color,
        material: input.material,
        utility: input.utility,
        height_in: input.height,
        width_in: input.width,
        length_in: input.length,
        weight_g: input.weight,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(changes).length > 0) await trx.updateTable("products").set(changes).where("id", "=", id).execute();
    if (replace && existing.length > 0) {
      await trx.deleteFrom("media").where("id", "in", existing.map((e) => e.id)).execute();
    }
    const mediaIds = await insertImages(trx, id, newImages, kept);
    if (newImages.length > 0) await refreshProductStatus(trx, id);
    return { media: replace ? existing : [], mediaIds };
  });
  await enqueueImages(removed.mediaIds);
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
    const product = await trx.selectFrom("products").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
    const rows = await trx.selectFrom("product_images").select("media_id").where("product_id", "=", id).execute();
    // product_images, gift_entries and stock_entries go by ON DELETE CASCADE.
    await trx.deleteFrom("products").where("id", "=", id).execute();
    return rows.map((r) => Number(r.media_id));
  });
  // Media rows, queued jobs and files (the media module's one place for that).
  await deleteProductMedia(mediaIds);
}

/** A media id, or the image URL the API sends (any of its variant URLs). */
export type ImageRef = { mediaId: number } | { imageUrl: string };

/** Deletes one image (not the last one: 400) and its files; ManageError 404 when either is missing. */
export async function deleteProductImage(productId: number, ref: ImageRef): Promise<void> {
  const db = getDb();
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  const rows = await db
    .selectFrom("product_images")
    .innerJoin("media", "media.id", "product_images.media_id")
    .select(["media.id", "media.variants"])
    .where("product_images.product_id", "=", productId)
    .orderBy("product_images.position")
    .execute();
  const target = rows.find((r) =>
    "mediaId" in ref ? r.id === ref.mediaId : (r.variants ?? []).some((v) => urlMatches(ref.imageUrl, v.path)),
  );
  if (!target) throw new ManageError(MANAGE_MESSAGES.imageNotFound, 404);
  if (rows.length <= 1) throw new ManageError(MANAGE_MESSAGES.lastImage, 400);
  await deleteProductMedia([target.id]);
  const rest = rows.filter((r) => r.id !== target.id).map((r) => r.id);
  await db.transaction().execute((trx) => writePositions(trx, productId, rest));
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
      const product = await trx.selectFrom("products").select("id").where("id", "=", productId).forUpdate().executeTakeFirst();
      if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
      const rows = await trx.selectFrom("product_images").select("media_id").where("product_id", "=", productId).execute();
      const current = new Set(rows.map((r) => r.media_id));
      const unique = new Set(mediaIds);
      if (unique.size !== mediaIds.length || unique.size !== current.size || mediaIds.some((m) => !current.has(m))) {
        throw new ManageError(MANAGE_MESSAGES.badOrder, 400);
      }
      await writePositions(trx, productId, mediaIds);
    });
}

/** Moves one image to the first position (the main image), keeping the others' order. */
export async function setMainImage(productId: number, mediaId: number): Promise<void> {
  const product = await getProductForAdmin(productId);
  const ids = product.images.map((i) => i.mediaId);
  if (!ids.includes(mediaId)) throw new ManageError(MANAGE_MESSAGES.imageNotFound, 404);
  await reorderProductImages(productId, [mediaId, ...ids.filter((m) => m !== mediaId)]);
}

/** Moves one image one step earlier or later; no change at the ends. */
export async function moveProductImage(productId: number, mediaId: number, direction: "up" | "down"): Promise<void> {
  const product = await getProductForAdmin(productId);
  const ids = product.images.map((i) => i.mediaId);
  const from = ids.indexOf(mediaId);
  if (from < 0) throw new ManageError(MANAGE_MESSAGES.imageNotFound, 404);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  await reorderProductImages(productId, ids);
}

/** Flips the product's availability (SPEC §4); returns the new value; ManageError 404. */
export async function toggleAvailability(id: number): Promise<{ available: boolean }> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("products").select("available").where("id", "=", id).forUpdate().executeTakeFirst();
      if (!row) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
      const available = row.available === 1 ? 0 : 1;
      await trx.updateTable("products").set({ available }).where("id", "=", id).execute();
      return { available: available === 1 };
    });
}

/** One Gift list or stock collection entry with its product, for the admin grids. */
export interface AdminListEntry {
  entryId: number;
  product: AdminProduct;
}

/** Every entry of the Gift list or the stock collection (any product status), newest first. */
export async function listEntriesForAdmin(list: "gift_entries" | "stock_entries"): Promise<AdminListEntry[]> {
  const entries = await getDb().selectFrom(list).select(["id", "product_id"]).orderBy("id", "desc").execute();
  if (entries.length === 0) return [];
  const rows = (await adminProductsQuery()
    .where("products.id", "in", entries.map((e) => e.product_id))
    .execute()) as ProductWithEntries[];
  const images = await loadAdminImages(rows.map((r) => r.id));
  const byId = new Map(rows.map((r) => [r.id, toAdminProduct(r, images.get(r.id) ?? [])]));
  return entries.flatMap((e) => {
    const product = byId.get(e.product_id);
    return product ? [{ entryId: e.id, product }] : [];
  });
}
