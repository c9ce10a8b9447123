/** The six real categories, in menu order. Defined once; everything else derives from here. */
export const CATEGORIES = [
  { slug: "wall-hanging", name: "Wall Hanging" },
  { slug: "special-items", name: "Special Items" },
  { slug: "home-decor-and-tabletop", name: "Home Decor & Tabletop" },
  { slug: "pen-and-napkin-holder", name: "Pen & Napkin Holder" },
  { slug: "candle-stand-and-pooja-related", name: "Candle stand & Pooja Related" },
  { slug: "my-creativity", name: "My Creativity" },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

/** The two virtual lists: the Gift (trending) list and the stock (available) collection. */
export const VIRTUAL_LISTS = [
  { slug: "trending", name: "Gift Items", menuName: "Gift Collection" },
  { slug: "available-collection", name: "Available Collection", menuName: "Available Collection" },
] as const;

export type VirtualListSlug = (typeof VIRTUAL_LISTS)[number]["slug"];
export type ListingSlug = CategorySlug | VirtualListSlug;

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(value);
}

export function isListingSlug(value: string): value is ListingSlug {
  return isCategorySlug(value) || VIRTUAL_LISTS.some((l) => l.slug === value);
}

/** Heading of a listing page: the category name, or 'Gift Items' / 'Available Collection'. */
export function listingName(slug: ListingSlug): string {
  return (
    CATEGORIES.find((c) => c.slug === slug)?.name ?? VIRTUAL_LISTS.find((l) => l.slug === slug)!.name
  );
}

export function categoryName(slug: string): string {
  return CATEGORIES.find((c) => c.slug === slug)?.name ?? slug;
}

/** The 8-entry main menu (docs/product-rules.md, Pages): six categories then the two virtual lists, Gift before Available. */
export const MENU: ReadonlyArray<{ name: string; slug: ListingSlug; menuKey: string }> = [
  ...CATEGORIES.slice(0, 5).map((c) => ({ name: c.name, slug: c.slug, menuKey: `category.${c.slug}` })),
  { name: "My Creativity", slug: "my-creativity", menuKey: "category.my-creativity" },
  { name: "Gift Collection", slug: "trending", menuKey: "menu.trending" },
  { name: "Available Collection", slug: "available-collection", menuKey: "menu.available-collection" },
];

/** The six home tiles (docs/product-rules.md, Pages): My Creativity and Available Collection appear only in the menu. */
export const HOME_TILE_SLUGS: readonly ListingSlug[] = [
  "wall-hanging",
  "special-items",
  "home-decor-and-tabletop",
  "pen-and-napkin-holder",
  "candle-stand-and-pooja-related",
  "trending",
];
