import type { CategorySlug } from "#app/modules/catalog/categories.ts";
import type { ProductState } from "#app/modules/catalog/states.ts";

// What Meta's and Google's catalogue feeds accept, in one place: the feeds, the admin's
// "Catalogue feeds" screen and the product page's structured data all read it.
// See docs/decisions/093-catalogue-feeds.md.

export const FEED_SERVICES = {
  meta: {
    name: "Meta (Facebook and Instagram)",
    path: "/feeds/meta.xml",
    inStock: "in stock",
    steps: [
      "Open Commerce Manager (business.facebook.com/commerce), choose your catalogue, then Catalogue › Data sources.",
      "Choose Add items › Data feed › Scheduled feed, and paste the feed address shown here.",
      "Set the schedule to Hourly or Daily, currency INR, and save. Meta fetches the address on that schedule and skips the upload when nothing changed.",
    ],
  },
  google: {
    name: "Google Merchant Center",
    path: "/feeds/google.xml",
    inStock: "in_stock",
    steps: [
      "Open Merchant Center (merchants.google.com), then Settings › Data sources › Add product source.",
      "Choose Add products from a file › Enter a link to your file, and paste the feed address shown here.",
      "Pick country India and language English, set a daily fetch time, and create the source.",
    ],
  },
} as const;

export type FeedService = keyof typeof FEED_SERVICES;
export const FEED_SERVICE_KEYS = Object.keys(FEED_SERVICES) as FeedService[];

/** The stricter of the two services' published limits, applied to both so both feeds carry the same products. */
export const FEED_LIMITS = {
  /** Google: 150 characters (Meta allows 200). */
  titleMaxChars: 150,
  /** Meta: images at least 500 x 500 (Google: 100 x 100). */
  minImageSide: 500,
  /** The image we send: at least this long on its long side when the original is. */
  imageLongSide: 1200,
  /** Google: 5,000 characters (Meta: 9,999). Longer descriptions are cut, not refused. */
  descriptionMaxChars: 5000,
  /** Both: at most 10 additional images (a product has at most UPLOAD_LIMITS.imagesPerProduct). */
  additionalImages: 10,
} as const;

export const REFUSAL_REASONS = {
  noDescription: "No description",
  smallPicture: `Main picture under ${FEED_LIMITS.minImageSide} px`,
  zeroPrice: "Price is zero",
  longTitle: `Title over ${FEED_LIMITS.titleMaxChars} characters`,
} as const;

/** Google's product taxonomy, by our category: the closest fit for lost-wax brass pieces. */
export const GOOGLE_PRODUCT_CATEGORY: Record<CategorySlug, string> = {
  "wall-hanging": "Home & Garden > Decor > Artwork",
  "special-items": "Home & Garden > Decor > Artwork > Sculptures & Statues",
  "home-decor-and-tabletop": "Home & Garden > Decor",
  "pen-and-napkin-holder": "Home & Garden > Decor",
  "candle-stand-and-pooja-related": "Home & Garden > Decor > Candle Holders",
  "my-creativity": "Home & Garden > Decor > Artwork > Sculptures & Statues",
};

/** The schema.org availability of an available piece (hidden products are never public). */
export const SCHEMA_IN_STOCK = "https://schema.org/InStock";

/** What the page's JSON-LD and both feeds say of a piece, in each one's words. */
export interface PieceAvailability {
  schema: string;
  google: string;
  meta: string;
  /** Google's availability_date (ISO 8601), for made-to-order pieces only. */
  availabilityDate: string | null;
}

const IST_OFFSET_MS = 330 * 60_000;

/** Midnight in India `days` days from now, ISO 8601 with its offset: `2026-12-27T00:00+05:30`. */
export function daysFromNowInIndia(days: number, now = Date.now()): string {
  const day = new Date(now + IST_OFFSET_MS);
  day.setUTCDate(day.getUTCDate() + days);
  return `${day.toISOString().slice(0, 10)}T00:00+05:30`;
}

/**
 * Sold: out of stock, kept in the feeds (its page stays public). Reserved: not buyable now but
 * may come free, so out of stock for the services and schema.org's own Reserved on the page
 * (docs/decisions/107-reserved-availability.md). Made to order: back-order with the date it
 * would ship by.
 */
export function pieceAvailability(piece: { state: ProductState; shipsInDays: number | null }, now = Date.now()): PieceAvailability {
  switch (piece.state) {
    case "sold":
      return { schema: "https://schema.org/SoldOut", google: "out_of_stock", meta: "out of stock", availabilityDate: null };
    case "reserved":
      return { schema: "https://schema.org/Reserved", google: "out_of_stock", meta: "out of stock", availabilityDate: null };
    case "made-to-order":
      return {
        schema: "https://schema.org/BackOrder",
        google: "backorder",
        meta: "available for order",
        availabilityDate: daysFromNowInIndia(piece.shipsInDays ?? 0, now),
      };
    case "available":
      return { schema: SCHEMA_IN_STOCK, google: FEED_SERVICES.google.inStock, meta: FEED_SERVICES.meta.inStock, availabilityDate: null };
  }
}

export interface FeedPrices {
  /** The regular price. */
  price: number;
  /** The lower price it sells at, when discounted. */
  salePrice: number | null;
}

/** Regular and sale price: a sale price only when it is lower than the list price. */
export function feedPrices(priceFixed: number, priceDiscount: number | null): FeedPrices {
  if (priceDiscount !== null && priceDiscount < priceFixed) return { price: priceFixed, salePrice: priceDiscount };
  return { price: priceDiscount ?? priceFixed, salePrice: null };
}

/** What a buyer pays: the sale price when there is one. The product page's JSON-LD states this. */
export function offerPrice(prices: FeedPrices): number {
  return prices.salePrice ?? prices.price;
}

/** `2200.00 INR`, the format both services ask for. */
export function formatFeedPrice(amount: number): string {
  return `${amount.toFixed(2)} INR`;
}

// Characters XML 1.0 cannot carry at all (a pasted control character would break the whole feed).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Plain text for a feed field: no control characters, whitespace runs folded, cut at `max` characters. */
export function feedText(text: string, max: number): string {
  const clean = text.replace(NOT_XML, "").replace(/\s+/g, " ").trim();
  // A string of at most `max` UTF-16 units has at most `max` characters: only a longer one is split.
  if (clean.length <= max) return clean;
  const chars = Array.from(clean);
  return chars.length > max ? chars.slice(0, max).join("") : clean;
}

export interface FeedCandidate {
  name: string;
  description: string;
  priceFixed: number;
  priceDiscount: number | null;
  /** The main image's original size; null when it has none. */
  mainImage: { width: number; height: number } | null;
}

/** Why Meta or Google would refuse this product; empty when both accept it. */
export function feedRefusals(product: FeedCandidate): string[] {
  const reasons: string[] = [];
  if (feedText(product.description, Infinity) === "") reasons.push(REFUSAL_REASONS.noDescription);
  if (!product.mainImage || Math.min(product.mainImage.width, product.mainImage.height) < FEED_LIMITS.minImageSide) {
    reasons.push(REFUSAL_REASONS.smallPicture);
  }
  if (offerPrice(feedPrices(product.priceFixed, product.priceDiscount)) <= 0) reasons.push(REFUSAL_REASONS.zeroPrice);
  const title = feedText(product.name, Infinity);
  // Counted in characters, not UTF-16 units; a title no longer in units is short enough.
  if (title.length > FEED_LIMITS.titleMaxChars && Array.from(title).length > FEED_LIMITS.titleMaxChars) reasons.push(REFUSAL_REASONS.longTitle);
  return reasons;
}
