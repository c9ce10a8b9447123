import { sql } from "kysely";
import { loadProductImages, productImageFiles, type ProductImageState } from "#app/modules/media/product-images.server.ts";
import { getDb, type DB } from "#db/index.ts";
import type { ProductRow } from "#db/schema.ts";
import { isCategorySlug } from "./categories.ts";
import { MANAGE_MESSAGES, ManageError } from "./manage-messages.server.ts";
import { toProductFields, type ProductFields } from "./products.server.ts";
import { isProductState } from "./states.ts";
import { loadTranslations } from "./translations.server.ts";
import { noTranslations, type ProductTranslations } from "./translations.ts";

// The admin's reads: every product whatever its state, with each image's processing state.
// The dashboard pages and /api/v1 call these; the changes are in manage.server.ts.

export const ADMIN_PAGE_SIZE = 24;

/** One image of a product as the admin sees it, whatever its processing state. */
export type AdminProductImage = ProductImageState;

export interface AdminProduct extends ProductFields {
  images: AdminProductImage[];
  /** Entry ids in the Gift list and stock collection, null when not in them. */
  giftEntryId: number | null;
  stockEntryId: number | null;
  /** Buyers waiting to hear about a piece like it (a sold or reserved piece's "Tell me when"). */
  waiting: number;
  /** Bengali and Hindi name and description (null: not translated). */
  translations: ProductTranslations;
}

export interface AdminProductPage {
  items: AdminProduct[];
  total: number;
  page: number;
  pageCount: number;
}

type ProductWithEntries = ProductRow & { gift_entry_id: number | null; stock_entry_id: number | null; waiting: number | string };

function adminProductsQuery(db: DB = getDb()) {
  return db
    .selectFrom("products")
    .leftJoin("gift_entries", "gift_entries.product_id", "products.id")
    .leftJoin("stock_entries", "stock_entries.product_id", "products.id")
    .selectAll("products")
    .select(["gift_entries.id as gift_entry_id", "stock_entries.id as stock_entry_id"])
    .select((eb) => eb.selectFrom("waiting_buyers").select(eb.fn.countAll<number>().as("n")).whereRef("waiting_buyers.product_id", "=", "products.id").as("waiting"));
}

/** `%`, `_` and `\` typed by the admin are searched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type AdminListingFilter = { category?: string | null; q?: string | null; state?: string | null };

function adminListingQuery(options: AdminListingFilter) {
  let query = adminProductsQuery();
  if (options.category && isCategorySlug(options.category)) query = query.where("products.category", "=", options.category);
  if (isProductState(options.state)) query = query.where("products.state", "=", options.state);
  // Each word, in any order and wherever it is ("kalash coconut" finds "Coconut Kalash"); an
  // accent typed as a letter and a combining mark is the one letter the names are stored with.
  const words = (options.q ?? "").normalize("NFC").slice(0, 100).split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    const pattern = likePattern(word);
    query = query.where((eb) => eb.or([eb("products.name", "like", pattern), eb("products.description", "like", pattern)]));
  }
  return query;
}

async function withAdminImages(rows: ProductWithEntries[]): Promise<AdminProduct[]> {
  const ids = rows.map((r) => r.id);
  const [images, translations] = await Promise.all([loadProductImages(ids), loadTranslations(ids)]);
  return rows.map((row) => ({
    ...toProductFields(row),
    images: images.get(row.id) ?? [],
    giftEntryId: row.gift_entry_id,
    stockEntryId: row.stock_entry_id,
    waiting: Number(row.waiting),
    translations: translations.get(row.id) ?? noTranslations(),
  }));
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
  return (await withAdminImages([row]))[0]!;
}

/** How many images a product has now; throws ManageError 404. */
export async function countProductImages(productId: number): Promise<number> {
  const db = getDb();
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  return (await productImageFiles(db, productId)).length;
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
  const byId = new Map((await withAdminImages(rows)).map((product) => [product.id, product]));
  return entries.flatMap((e) => {
    const product = byId.get(e.product_id);
    return product ? [{ entryId: e.id, product }] : [];
  });
}

/** Names and categories of products by id, whatever their state (the interest figures' labels). */
export async function productLabels(ids: readonly number[]): Promise<Map<number, { name: string; category: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb().selectFrom("products").select(["id", "name", "category"]).where("id", "in", [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, category: row.category }]));
}
