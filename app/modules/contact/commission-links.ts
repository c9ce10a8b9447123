// The words of the links to /commission (the footer on every page, the product page), apart
// from commission-text.ts so every storefront page does not load the whole form's words.

export const COMMISSION_LINKS = {
  link: "Commission a piece",
  linkSimilar: "Commission a similar piece",
} as const;
