/** The id of the shop header's last element: a shop page's first paint waits until it has arrived (app/root.tsx, decision 120). */
export const HEADER_END_ID = "header-end";

/** The handle of the route that draws the shop's header (app/routes/_shop.tsx, mounted once per language). */
export const SHOP_HEADER_HANDLE = { shopHeader: true } as const;

/** Whether the page's routes include the one that draws the shop's header. */
export function drawsShopHeader(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => (match.handle as Partial<typeof SHOP_HEADER_HANDLE> | undefined)?.shopHeader === true);
}
