// Display rules of SPEC §1, §3 and §9, shared by the storefront, the admin and the API.

const inr = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '₹1,00,000.00': rupee sign, Indian (lakh) grouping, two decimals. */
export function formatINR(amount: number | string): string {
  return inr.format(Number(amount));
}

/** Rounded ((priceFixed − priceDiscount) / priceFixed × 100); 0 when there is no discount. */
export function percentOff(priceFixed: number | string, priceDiscount: number | string | null): number {
  const fixed = Number(priceFixed);
  if (priceDiscount === null || priceDiscount === "" || !(fixed > 0)) return 0;
  const off = Math.round(((fixed - Number(priceDiscount)) / fixed) * 100);
  return off > 0 ? off : 0;
}

/** The price a visitor pays: priceDiscount when present, else priceFixed. */
export function sellingPrice(priceFixed: number | string, priceDiscount: number | string | null): number {
  return priceDiscount === null || priceDiscount === "" ? Number(priceFixed) : Number(priceDiscount);
}

/** A struck-through list price shows only when priceFixed differs from priceDiscount. */
export function showsListPrice(priceFixed: number | string, priceDiscount: number | string | null): boolean {
  return priceDiscount !== null && priceDiscount !== "" && Number(priceFixed) !== Number(priceDiscount);
}

/** Cut to `max` characters and add an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  // A string has at least as many UTF-16 units as characters: short ones need no splitting
  // (most names; a listing calls this for every card on every render).
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

function trimNumber(value: number): string {
  return String(Number(value.toFixed(2)));
}

/** 'X gm' below a kilogram or for whole grams under 1000; 'X kg Y gm' from 1000 g ('X kg' when Y is 0). */
export function formatWeight(grams: number | string | null): string {
  if (grams === null || grams === "") return "N/A";
  const g = Number(grams);
  if (!Number.isFinite(g) || g < 0) return "N/A";
  if (g < 1000) return `${trimNumber(g)} gm`;
  const kg = Math.floor(g / 1000);
  const rest = g - kg * 1000;
  return rest > 0 ? `${kg} kg ${trimNumber(rest)} gm` : `${kg} kg`;
}

/** 'H-{h} * W-{w} * L-{l} inch' from the three stored dimensions. */
export function formatSize(
  height: number | string | null,
  width: number | string | null,
  length: number | string | null,
): string {
  if (height === null && width === null && length === null) return "N/A";
  const n = (v: number | string | null) => (v === null ? "?" : trimNumber(Number(v)));
  return `H-${n(height)} * W-${n(width)} * L-${n(length)} inch`;
}

/** Reads a size text back into numbers (for API clients that send `size` as text). */
export function parseSize(text: string): { height: number; width: number; length: number } | null {
  const match = /^\s*H-\s*([\d.]+)\s*\*\s*W-\s*([\d.]+)\s*\*\s*L-\s*([\d.]+)\s*(?:inch)?\s*$/i.exec(text);
  if (!match) return null;
  const [height, width, length] = match.slice(1).map(Number) as [number, number, number];
  return [height, width, length].every(Number.isFinite) ? { height, width, length } : null;
}

/**
 * The price-range filter of the listing page (SPEC §2, bounds of §9). The bands
 * partition all prices: a bound belongs to the band whose label ends with it
 * (₹10000 is in '₹5000 – ₹10000'), and 'Above ₹50000' means more than 50000.
 */
export const PRICE_BANDS = [
  { key: "all", label: "All", above: null, atLeast: null, atMost: null, below: null },
  { key: "below-5000", label: "Below ₹5000", above: null, atLeast: null, atMost: null, below: 5000 },
  { key: "5000-10000", label: "₹5000 – ₹10000", above: null, atLeast: 5000, atMost: 10000, below: null },
  { key: "10000-50000", label: "₹10000 – ₹50000", above: 10000, atLeast: null, atMost: 50000, below: null },
  { key: "above-50000", label: "Above ₹50000", above: 50000, atLeast: null, atMost: null, below: null },
] as const;

export type PriceBandKey = (typeof PRICE_BANDS)[number]["key"];
export type PriceBand = (typeof PRICE_BANDS)[number];

export function priceBand(key: string | null | undefined): PriceBand {
  return PRICE_BANDS.find((b) => b.key === key) ?? PRICE_BANDS[0];
}

export function inPriceBand(price: number, band: PriceBand): boolean {
  return (
    (band.above === null || price > band.above) &&
    (band.atLeast === null || price >= band.atLeast) &&
    (band.atMost === null || price <= band.atMost) &&
    (band.below === null || price < band.below)
  );
}

// Links of the listing and search pages: the words, price filter, order and page keep each other (SPEC §2, issue 16).

/**
 * Orders of a listing (newest first by default) and of search results (best match first
 * by default). The key is the `?sort=` value.
 */
export const SORTS = [
  { key: "relevance", label: "Best match" },
  { key: "newest", label: "Newest" },
  { key: "price-asc", label: "Price: low to high" },
  { key: "price-desc", label: "Price: high to low" },
] as const;

export type SortKey = (typeof SORTS)[number]["key"];
export const LISTING_SORTS: ReadonlyArray<SortKey> = ["newest", "price-asc", "price-desc"];
export const SEARCH_SORTS: ReadonlyArray<SortKey> = ["relevance", "newest", "price-asc", "price-desc"];

/** Reads ?sort against the orders a page offers; anything else is the page's default (the first). */
export function parseSort(value: string | null | undefined, offered: ReadonlyArray<SortKey>): SortKey {
  return offered.find((key) => key === value) ?? offered[0]!;
}

export function sortLabel(key: SortKey): string {
  return SORTS.find((s) => s.key === key)!.label;
}

export interface ListingState {
  q?: string;
  price: string;
  sort?: SortKey;
  page: number;
}

/**
 * The query string of a listing or search address. Defaults ('all', page 1, the page's
 * default order) are left out so each page has one address; without `sort` it is the
 * canonical address, which never carries an order.
 */
export function listingSearch(state: ListingState, defaultSort: SortKey = "newest"): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.price && state.price !== "all") params.set("price", state.price);
  if (state.sort && state.sort !== defaultSort) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Reads ?page=N: a positive integer, else 1. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export type PageLink = { kind: "page"; page: number } | { kind: "gap"; key: string };

/** Numbered pages: all when few, else the first, the last and the two either side of the current one. */
export function pageLinks(page: number, pageCount: number): PageLink[] {
  if (pageCount <= 1) return [];
  const wanted = new Set([1, pageCount]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pageCount) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const links: PageLink[] = [];
  for (const [i, p] of pages.entries()) {
    if (i > 0 && p - pages[i - 1]! > 1) links.push({ kind: "gap", key: `gap-${p}` });
    links.push({ kind: "page", page: p });
  }
  return links;
}
