// The listing and search pages' query: price bands, orders, page numbers and the links
// that keep them (docs/product-rules.md, Pages, Numbers). Apart from format.ts, so the JavaScript of pages
// without a listing (home, product pages) does not carry them (decision 042).

/**
 * The price-range filter of the listing page (docs/product-rules.md, Pages and Numbers). The bands
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

// Links of the listing and search pages: the words, price filter, order and page keep each other (docs/product-rules.md, Pages).

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
  // Past what a number holds exactly (1e20 is an "integer" too) its offset would reach SQL as
  // 1.2e+21; any page past the end shows the last one, so the largest exact one serves.
  return Number.isInteger(n) && n >= 1 ? Math.min(n, Number.MAX_SAFE_INTEGER) : 1;
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
