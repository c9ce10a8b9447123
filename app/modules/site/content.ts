// Static storefront content (static data, docs/product-rules.md, What is stored): slides, feature cards, social
// links, the trailing section of the product page. Defined once; the home and About pages' words are in
// app/locales/<lang>/home.json and about.json.

/** A home slide: its words are in app/locales/<lang>/home.json under `slide.<id>.`. */
export interface Slide {
  id: number;
}

/** The three home slides. Their pictures are their own media rows (media/slides.server.ts), seeded once. */
export const SLIDES: readonly Slide[] = [{ id: 1 }, { id: 2 }, { id: 3 }];

export interface FeatureCard {
  /** Names the card's title and text in home.json (`feature.<key>.title`, `.text`). */
  key: string;
  /** SVG path data of the card's icon (24×24, stroked): sent as page data, so it adds nothing to the JavaScript. */
  iconPath: string;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    key: "authentic",
    iconPath: "M12 2l2.4 2.3 3.3-.4.6 3.3 2.9 1.6-1.4 3 1.4 3-2.9 1.6-.6 3.3-3.3-.4L12 22l-2.4-2.3-3.3.4-.6-3.3-2.9-1.6 1.4-3-1.4-3 2.9-1.6.6-3.3 3.3.4zM8.5 12l2.5 2.5 4.5-5",
  },
  { key: "quality", iconPath: "M6 3h12l4 6-10 12L2 9zM2 9h20M9 3l-2 6 5 12 5-12-2-6" },
  { key: "custom", iconPath: "M14.7 6.3a4 4 0 00-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 005.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" },
  { key: "budget", iconPath: "M3 7h16a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l12-4v4M16 13h2" },
];

export type SocialKey = "instagram" | "facebook" | "youtube" | "x";

/**
 * The four networks (docs/product-rules.md, Storefront): image sharing, a social network, video, a
 * microblog. What each is for is a home page text (`social.<key>` in home.json).
 */
export const SOCIAL_NETWORKS: ReadonlyArray<{ key: SocialKey; name: string }> = [
  { key: "instagram", name: "Instagram" },
  { key: "facebook", name: "Facebook" },
  { key: "youtube", name: "YouTube" },
  { key: "x", name: "X" },
];

/** The WhatsApp glyph of the detail page's order button (24×24, filled), sent as page data. */
export const WHATSAPP_ICON_PATH =
  "M12 2a10 10 0 00-8.6 15.1L2 22l5-1.3A10 10 0 1012 2zm0 18.2a8.2 8.2 0 01-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1112 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 01-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 00-.7.3 3 3 0 00-.9 2.2 5.2 5.2 0 001.1 2.7 11.8 11.8 0 004.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 001.8-1.2 2.2 2.2 0 00.1-1.2c0-.1-.2-.2-.4-.3z";
