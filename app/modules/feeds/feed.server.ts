import { categoryName, isCategorySlug } from "#app/modules/catalog/categories.ts";
import { listPublicProductsAfter, type ProductFields } from "#app/modules/catalog/products.server.ts";
import { loadProductJpegs } from "#app/modules/media/product-images.server.ts";
import type { JpegView } from "#app/modules/media/views.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { escapeXml } from "#app/modules/site/xml.ts";
import {
  FEED_LIMITS,
  GOOGLE_PRODUCT_CATEGORY,
  feedPrices,
  feedRefusals,
  feedText,
  formatFeedPrice,
  pieceAvailability,
  type FeedService,
} from "./rules.ts";

// The catalogue feeds: every public product, read in batches by id and written as RSS 2.0
// with Google's `g:` namespace as each batch arrives, so 10,000 products never sit in memory
// as one document. See docs/decisions/093-catalogue-feeds.md.

/** Products read per query: two queries (products, their images) per batch. */
const BATCH = 500;

export interface FeedImage {
  /** The original's size (what the services' minimum applies to). */
  width: number;
  height: number;
  /** The JPEG the feed names. */
  jpeg: JpegView;
}

export interface FeedEntry {
  product: ProductFields;
  images: FeedImage[];
  /** Why a service would refuse it; such a product is left out of both feeds. */
  refusals: string[];
}

/** The public products after `after` (by id) with their feed images and refusals; null past the last. */
async function readBatch(after: number): Promise<{ entries: FeedEntry[]; last: number } | null> {
  const products = await listPublicProductsAfter(after, BATCH);
  if (products.length === 0) return null;
  const images = await loadProductJpegs(products.map((p) => p.id), FEED_LIMITS.imageLongSide);
  const entries = products.map((product) => {
    const own = (images.get(product.id) ?? []).flatMap(({ width, height, jpeg }) => (width && height ? [{ width, height, jpeg }] : []));
    const refusals = feedRefusals({ ...product, mainImage: own[0] ?? null });
    return { product, images: own, refusals };
  });
  return { entries, last: products.at(-1)!.id };
}

/**
 * Every public product with its feed images and refusals, a batch at a time, by id. The next
 * batch is read while the caller writes this one, so the database and the XML overlap.
 */
export async function* feedEntries(): AsyncGenerator<FeedEntry[]> {
  let next = readBatch(0);
  try {
    for (;;) {
      const batch = await next;
      if (!batch) return;
      next = readBatch(batch.last);
      yield batch.entries;
    }
  } finally {
    // A caller that stops early (a fetcher hung up) leaves one read in flight: not an error.
    next.catch(() => undefined);
  }
}

const tag = (name: string, value: string) => `<g:${name}>${escapeXml(value)}</g:${name}>`;

interface FeedContext {
  service: FeedService;
  base: string;
  brand: string;
}

/** One `<item>`: the fields both services require, in their own words where they differ. */
export function itemXml({ product, images }: FeedEntry, { service, base, brand }: FeedContext): string {
  const { price, salePrice } = feedPrices(product.priceFixed, product.priceDiscount);
  const [main, ...others] = images;
  const availability = pieceAvailability(product);
  const additional = others
    .filter((img) => Math.min(img.width, img.height) >= FEED_LIMITS.minImageSide)
    .slice(0, FEED_LIMITS.additionalImages);
  const fields = [
    tag("id", String(product.id)),
    tag("title", feedText(product.name, FEED_LIMITS.titleMaxChars)),
    tag("description", feedText(product.description, FEED_LIMITS.descriptionMaxChars)),
    tag("link", `${base}/product/${product.category}/${product.id}`),
    tag("image_link", `${base}${main!.jpeg.url}`),
    ...additional.map((img) => tag("additional_image_link", `${base}${img.jpeg.url}`)),
    tag("availability", availability[service]),
    // Google asks the date a back-ordered item ships by; Meta has no such field.
    ...(service === "google" && availability.availabilityDate ? [tag("availability_date", availability.availabilityDate)] : []),
    tag("condition", "new"),
    tag("price", formatFeedPrice(price)),
    ...(salePrice === null ? [] : [tag("sale_price", formatFeedPrice(salePrice))]),
    tag("brand", brand),
    // Handmade pieces have no GTIN or MPN. Meta has no such field (brand is enough there).
    ...(service === "google" ? [tag("identifier_exists", "no")] : []),
    tag("product_type", categoryName(product.category)),
    ...(isCategorySlug(product.category) ? [tag("google_product_category", GOOGLE_PRODUCT_CATEGORY[product.category])] : []),
  ];
  return `<item>\n${fields.join("\n")}\n</item>\n`;
}

/** The feed document in pieces: the channel's head, one piece per batch of items, the tail. */
export async function* feedXml(service: FeedService): AsyncGenerator<string> {
  const shop = await getShopSettings();
  const context: FeedContext = { service, base: shop.publicUrl.replace(/\/+$/, ""), brand: feedText(shop.name, 100) };
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    `<title>${escapeXml(shop.name)}</title>`,
    `<link>${escapeXml(`${context.base}/`)}</link>`,
    `<description>${escapeXml(`Handmade Dokra brass from ${shop.name}`)}</description>`,
    "",
  ].join("\n");
  for await (const batch of feedEntries()) {
    const items = batch.filter((entry) => entry.refusals.length === 0).map((entry) => itemXml(entry, context));
    if (items.length > 0) yield items.join("");
  }
  yield "</channel>\n</rss>\n";
}

export interface FeedSummary {
  /** Products both feeds carry (the same products go to both). */
  carried: number;
  /** Public products a service would refuse, with the reasons, by id. */
  refused: Array<{ id: number; name: string; reasons: string[] }>;
}

/** What the admin's "Catalogue feeds" screen shows. */
export async function feedSummary(): Promise<FeedSummary> {
  const summary: FeedSummary = { carried: 0, refused: [] };
  for await (const batch of feedEntries()) {
    for (const entry of batch) {
      if (entry.refusals.length === 0) summary.carried++;
      else summary.refused.push({ id: entry.product.id, name: entry.product.name, reasons: entry.refusals });
    }
  }
  return summary;
}
