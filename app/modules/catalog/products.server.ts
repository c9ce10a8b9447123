import { noteChange, productPageTag, productTag, siteListTag, tagRender, withoutTags } from "#app/lib/render-context.server.ts";
import { sql, type SelectQueryBuilder } from "kysely";
import {
  enqueueProductImages,
  insertProductImages,
  loadProductImages,
  readyViews,
} from "#app/modules/media/product-images.server.ts";
import type { CardProduct } from "./card-product.ts";
import type { Lang } from "#app/modules/i18n/languages.ts";
import type { SavedUpload } from "#app/modules/media/upload.server.ts";
import type { ImageView } from "#app/modules/media/views.ts";
import { getDb } from "#db/index.ts";
import { productColumns } from "./product-columns.ts";
import type { Database, MediaStatus, ProductRow, ProductState } from "#db/schema.ts";
import { CATEGORIES, isCategorySlug, type ListingSlug } from "./categories.ts";
import { formatSize } from "./format.ts";
import { PRODUCT_STATES } from "./states.ts";
import type { PriceBand, SortKey } from "./listing-query.ts";
import type { ProductCreateInput } from "./product-schema.ts";
import { localize, writeTranslations, type LangMarks } from "./translations.server.ts";

export const PAGE_SIZE = 12;

/** A product's own fields as pages, the admin and the API read them. Prices are numbers of rupees (exact to the paisa). */
export interface ProductFields {
  id: number;
  name: string;
  description: string;
  category: string;
  priceFixed: number;
  priceDiscount: number | null;
  color: string;
  material: string;
  utility: string;
  height: number | null;
  width: number | null;
  length: number | null;
  size: string;
  weight: number | null;
  available: boolean;
  /** One-of-a-kind: available, reserved, sold or made to order (then shipsInDays, 1–365). */
  state: ProductState;
  shipsInDays: number | null;
  status: MediaStatus;
  /** Moves on with every save (manage.server.ts refuses an edit based on an older one). */
  version: number;
  createdAt: string;
}

/** A public product with its ready images; read for a page in Bengali or Hindi, its texts' languages. */
export interface ProductView extends ProductFields, LangMarks {
  images: ImageView[];
}

const num = (v: string | null) => (v === null ? null : Number(v));

export function toProductFields(row: ProductRow): ProductFields {
  tagRender(productTag(row.id)); // A page showing it: see server/page-cache-freshness.ts.
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    priceFixed: Number(row.price_fixed),
    priceDiscount: num(row.price_discount),
    color: row.color,
    material: row.material,
    utility: row.utility,
    height: num(row.height_in),
    width: num(row.width_in),
    length: num(row.length_in),
    size: formatSize(row.height_in, row.width_in, row.length_in),
    weight: num(row.weight_g),
    available: row.available === 1,
    state: row.state,
    shipsInDays: row.ships_in_days,
    status: row.status,
    version: row.version,
    createdAt: row.created_at.toISOString(),
  };
}

/** What a product card shows (listings, home sections, "You May Also Like"), with the main image only: its page's data carries no more. */
export function toCardView(product: ProductView): CardProduct {
  const { id, name, category, priceFixed, priceDiscount, state, shipsInDays, nameLang } = product;
  const card: CardProduct = { id, name, category, priceFixed, priceDiscount, state, shipsInDays, images: product.images.slice(0, 1) };
  // Only a page in another language carries the marker: English pages' data stay as they were.
  return nameLang ? { ...card, nameLang } : card;
}

function toProductView(row: ProductRow, images: ImageView[]): ProductView {
  return { ...toProductFields(row), images };
}

export async function withImages(rows: ProductRow[]): Promise<ProductView[]> {
  const images = await loadProductImages(rows.map((r) => r.id), { readyOnly: true });
  return rows.map((row) => toProductView(row, readyViews(images.get(row.id))));
}

export type ProductQuery = SelectQueryBuilder<Database, "products", object>;

export function publicProducts(): ProductQuery {
  return getDb().selectFrom("products").where("products.status", "=", "ready").where("products.available", "=", 1);
}

function inListing(query: ProductQuery, slug: ListingSlug): ProductQuery {
  if (slug === "trending") {
    tagRender(siteListTag("gift_entries"));
    return query.where((eb) => eb.exists(eb.selectFrom("gift_entries").select("gift_entries.id").whereRef("gift_entries.product_id", "=", "products.id")));
  }
  if (slug === "available-collection") {
    tagRender(siteListTag("stock_entries"));
    return query.where((eb) => eb.exists(eb.selectFrom("stock_entries").select("stock_entries.id").whereRef("stock_entries.product_id", "=", "products.id")));
  }
  return query.where("products.category", "=", slug);
}

export function inBand(query: ProductQuery, band: PriceBand): ProductQuery {
  let q = query;
  if (band.above !== null) q = q.where("products.price_effective", ">", String(band.above) as never);
  if (band.atLeast !== null) q = q.where("products.price_effective", ">=", String(band.atLeast) as never);
  if (band.atMost !== null) q = q.where("products.price_effective", "<=", String(band.atMost) as never);
  if (band.below !== null) q = q.where("products.price_effective", "<", String(band.below) as never);
  return q;
}

export interface ProductPage {
  items: ProductView[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * Orders by price or newest, sold pieces last; the id breaks ties in the same direction. 'relevance' is
 * the search's own order and falls back to newest here.
 */
export function inOrder<Q extends ProductQuery>(query: Q, sort: SortKey): Q {
  const q = soldLast(query);
  if (sort === "price-asc") return q.orderBy("products.price_effective", "asc").orderBy("products.id", "asc") as Q;
  if (sort === "price-desc") return q.orderBy("products.price_effective", "desc").orderBy("products.id", "desc") as Q;
  return q.orderBy("products.id", "desc") as Q;
}

/** Sold pieces after all others, whatever the order that follows (listings, search, "You May Also Like"). */
export function soldLast<Q extends ProductQuery>(query: Q): Q {
  return query.orderBy(sql`products.state = 'sold'`, "asc") as Q;
}

/** Count, clamp the page, read that page of 12 (in `order`) with its images: the listing's and the search's paging. */
export async function readPage(filtered: ProductQuery, page: number, order: (query: ProductQuery) => ProductQuery, lang: Lang = "en"): Promise<ProductPage> {
  const { total } = await filtered.select(sql<number>`COUNT(*)`.as("total")).executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await order(filtered)
    .selectAll("products")
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE)
    .execute();
  return { items: await localize(await withImages(rows), lang), total: Number(total), page: current, pageCount };
}

/** The public listing: ready and available products of a category or list, filtered by price band and ordered in SQL. */
export async function listPublicProducts(slug: ListingSlug, band: PriceBand, page: number, sort: SortKey = "newest", lang: Lang = "en"): Promise<ProductPage> {
  return readPage(inBand(inListing(publicProducts(), slug), band), page, (query) => inOrder(query, sort), lang);
}

/** Every public product of a category or list, newest first (the API's list): two queries, whatever the size. */
export async function listAllPublicProducts(slug: ListingSlug): Promise<ProductView[]> {
  return withImages(await inListing(publicProducts(), slug).selectAll("products").orderBy("products.id", "desc").execute());
}

export async function getPublicProduct(id: number, lang: Lang = "en"): Promise<ProductView | null> {
  tagRender(productTag(id), productPageTag(id));
  const row = await publicProducts().selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return (await localize(await withImages([row]), lang))[0]!;
}

/** The public ones among these ids (any order; ids that are not public are simply absent). */
export async function listPublicProductsByIds(ids: readonly number[], lang: Lang = "en"): Promise<ProductView[]> {
  if (ids.length === 0) return [];
  return localize(await withImages(await publicProducts().selectAll().where("id", "in", ids).execute()), lang);
}

/**
 * A public product and up to `relatedLimit` others of its category, newest first (docs/product-rules.md: "You
 * May Also Like", max 15): the two rows read side by side, then one image read for all of them.
 * The page is tagged with this product only: the related pieces may lag their edits briefly.
 */
export async function getPublicProductWithRelated(
  id: number,
  relatedLimit: number,
  lang: Lang = "en",
): Promise<{ product: ProductView; related: ProductView[] } | null> {
  // Also when it is not public (its 404 page): the change that makes it public drops that page.
  tagRender(productTag(id), productPageTag(id));
  const [row, relatedRows] = await Promise.all([
    publicProducts().selectAll().where("id", "=", id).executeTakeFirst(),
    soldLast(
      publicProducts()
        .selectAll()
        .where("category", "=", (eb) => eb.selectFrom("products as self").select("self.category").where("self.id", "=", id))
        .where("id", "!=", id),
    )
      .orderBy("id", "desc")
      .limit(relatedLimit)
      .execute(),
  ]);
  if (!row) return null;
  const [product, ...related] = await withoutTags(async () => localize(await withImages([row, ...relatedRows]), lang));
  return { product: product!, related };
}

type EntryList = "gift_entries" | "stock_entries";

function entryRows(list: EntryList, limit: number, options: { unsold?: boolean } = {}): Promise<ProductRow[]> {
  // Both tables have the same shape; the alias lets one builder serve both.
  const table = `${list} as entry` as "gift_entries as entry";
  tagRender(siteListTag(list));
  let query = publicProducts().innerJoin(table, "entry.product_id", "products.id");
  if (options.unsold) query = query.where("products.state", "!=", "sold");
  return query.selectAll("products").orderBy("entry.id", "desc").limit(limit).execute();
}

/** Products in the Gift list or the stock collection, in the order they were added. */
export async function listPublicEntries(list: EntryList, limit: number, lang: Lang = "en"): Promise<ProductView[]> {
  return localize(await withImages(await entryRows(list, limit)), lang);
}

/** The newest public product's id in each listing (null where it has none). */
async function newestIdPerListing(slugs: readonly ListingSlug[]): Promise<Array<number | null>> {
  if (slugs.length === 0) return [];
  // One statement of scalar subqueries, each the listing's own index read, instead of one round trip per tile.
  const newest = await getDb()
    .selectNoFrom(slugs.map((slug, i) => inListing(publicProducts(), slug).select("products.id").orderBy("products.id", "desc").limit(1).as(`tile${i}`)))
    .executeTakeFirstOrThrow();
  return slugs.map((_, i) => (newest as Record<string, number | null>)[`tile${i}`] ?? null);
}

export interface HomeProducts {
  gifts: ProductView[];
  stock: ProductView[];
  /** Per listing: the main image of its newest public product. */
  tiles: Record<string, ImageView | null>;
}

/**
 * The home page's products: the newest of the Gift list and of the stock collection, and one
 * picture per listing tile. Their three row reads run side by side, then one image read serves them all.
 */
export async function listHomeProducts(sizes: { gifts: number; stock: number }, tileSlugs: readonly ListingSlug[], lang: Lang = "en"): Promise<HomeProducts> {
  // The home page's Gift Corner and Dokra Collection show no sold pieces.
  const unsold = { unsold: true };
  const [giftRows, stockRows, tileIds] = await Promise.all([entryRows("gift_entries", sizes.gifts, unsold), entryRows("stock_entries", sizes.stock, unsold), newestIdPerListing(tileSlugs)]);
  const ids = new Set([...giftRows, ...stockRows].map((row) => row.id));
  for (const id of tileIds) if (id !== null) ids.add(id);
  const images = await loadProductImages([...ids], { readyOnly: true });
  const view = (row: ProductRow) => toProductView(row, readyViews(images.get(row.id)));
  const [gifts, stock] = await Promise.all([localize(giftRows.map(view), lang), localize(stockRows.map(view), lang)]);
  return {
    gifts,
    stock,
    tiles: Object.fromEntries(tileSlugs.map((slug, i) => [slug, readyViews(images.get(tileIds[i] ?? -1))[0] ?? null])),
  };
}

/** Every public product's address parts, for the sitemap. */
export async function listPublicProductRefs(): Promise<Array<{ id: number; category: string; updatedAt: string }>> {
  const rows = await publicProducts().select(["id", "category", "updated_at"]).orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, category: r.category, updatedAt: r.updated_at.toISOString() }));
}

/** Public (ready, available) products after `afterId`, by id: the catalogue feeds read it in batches. */
export async function listPublicProductsAfter(afterId: number, limit: number): Promise<ProductFields[]> {
  const rows = await publicProducts().selectAll().where("id", ">", afterId).orderBy("id").limit(limit).execute();
  return rows.map(toProductFields);
}

export interface CatalogCounts {
  totalProducts: number;
  giftItems: number;
  stockProducts: number;
  byCategory: Record<string, number>;
  byState: Record<ProductState, number>;
}

/** Dashboard counts, every product whatever its state, in four queries. */
export async function getCatalogCounts(): Promise<CatalogCounts> {
  const db = getDb();
  const [byCategoryRows, gift, stock, byStateRows] = await Promise.all([
    db.selectFrom("products").select(["category", sql<number>`COUNT(*)`.as("count")]).groupBy("category").execute(),
    db.selectFrom("gift_entries").select(sql<number>`COUNT(*)`.as("count")).executeTakeFirstOrThrow(),
    db.selectFrom("stock_entries").select(sql<number>`COUNT(*)`.as("count")).executeTakeFirstOrThrow(),
    db.selectFrom("products").select(["state", sql<number>`COUNT(*)`.as("count")]).groupBy("state").execute(),
  ]);
  const byState = Object.fromEntries(PRODUCT_STATES.map((state) => [state, 0])) as Record<ProductState, number>;
  for (const row of byStateRows) byState[row.state] = Number(row.count);
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c.slug, 0]));
  let totalProducts = 0;
  for (const row of byCategoryRows) {
    totalProducts += Number(row.count);
    if (isCategorySlug(row.category)) byCategory[row.category] = Number(row.count);
  }
  return { totalProducts, giftItems: Number(gift.count), stockProducts: Number(stock.count), byCategory, byState };
}

/**
 * Writes the product and one media row per image (status processing) in one
 * transaction, then queues one job per image. A failed enqueue is left to the
 * reconcile: the rows are committed, so nothing is lost.
 */
export async function createProduct(input: ProductCreateInput, images: readonly SavedUpload[]): Promise<{ id: number; repeated: boolean }> {
  const db = getDb();
  let made: { productId: number; mediaIds: number[] };
  try {
    made = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("products")
        .values({ ...productColumns(input), status: "processing" })
        .executeTakeFirstOrThrow();
      const productId = Number(inserted.insertId);
      await writeTranslations(trx, productId, input.translations);
      // The form's token, in the same transaction: a second post of the same form waits here
      // for the first to commit, then fails on the key and rolls its product back.
      if (input.formToken) await trx.insertInto("product_form_tokens").values({ token: input.formToken, product_id: productId }).execute();
      return { productId, mediaIds: await insertProductImages(trx, productId, images) };
    });
  } catch (error) {
    const earlier = input.formToken && (error as { code?: string }).code === "ER_DUP_ENTRY" ? await productOfFormToken(input.formToken) : null;
    if (earlier === null) throw error;
    return { id: earlier, repeated: true };
  }
  await enqueueProductImages(made.mediaIds);
  noteChange(productTag(made.productId)); // Not public yet: no page shows it.
  return { id: made.productId, repeated: false };
}

/** The piece an Add form (its one-time token) made already, if any. */
export async function productOfFormToken(token: string): Promise<number | null> {
  const row = await getDb().selectFrom("product_form_tokens").select("product_id").where("token", "=", token).executeTakeFirst();
  return row ? Number(row.product_id) : null;
}
