// Static storefront content (static data, docs/product-rules.md, What is stored): slides, feature cards, social
// links, the About story, the trailing section of the product page. Defined once.

export interface Slide {
  id: number;
  alt: string;
  title: string;
  description: string;
}

/** The three home slides. Their pictures are their own media rows (media/slides.server.ts), seeded once. */
export const SLIDES: readonly Slide[] = [
  {
    id: 1,
    alt: "Dokra brass figures cooling beside the kiln",
    title: "Four thousand years of lost-wax casting",
    description:
      "Dokra is one of the oldest metal crafts in the world. Our families in Bengal still model every piece in wax and clay before the brass is poured.",
  },
  {
    id: 2,
    alt: "Hand-rolled wax threads on a clay core",
    title: "Every thread rolled by hand",
    description:
      "The fine patterns you see are wax threads rolled between the palms, wound one by one around a clay core from the riverbank.",
  },
  {
    id: 3,
    alt: "Finished Dokra pieces in the village showroom",
    title: "Made in Bengal's craft villages",
    description:
      "Each casting breaks its mould, so no two pieces are ever the same. Buying direct keeps this heritage alive in Dariyapur and Bikna.",
  },
];

export interface FeatureCard {
  /** SVG path data of the card's icon (24×24, stroked): sent as page data, so it adds nothing to the JavaScript. */
  iconPath: string;
  title: string;
  description: string;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    iconPath: "M12 2l2.4 2.3 3.3-.4.6 3.3 2.9 1.6-1.4 3 1.4 3-2.9 1.6-.6 3.3-3.3-.4L12 22l-2.4-2.3-3.3.4-.6-3.3-2.9-1.6 1.4-3-1.4-3 2.9-1.6.6-3.3 3.3.4zM8.5 12l2.5 2.5 4.5-5",
    title: "Authentic",
    description: "Cast by hereditary Dokra artisans using the traditional lost-wax process, never machine-made copies.",
  },
  {
    iconPath: "M6 3h12l4 6-10 12L2 9zM2 9h20M9 3l-2 6 5 12 5-12-2-6",
    title: "Premium Quality",
    description: "Solid recycled brass, a hand-finished antique patina and careful packing for safe delivery.",
  },
  {
    iconPath: "M14.7 6.3a4 4 0 00-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 005.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z",
    title: "Customized Production",
    description: "Need a size, motif or a corporate gift set? We make to order, from one piece to a few hundred.",
  },
  {
    iconPath: "M3 7h16a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l12-4v4M16 13h2",
    title: "Budget Friendly",
    description: "Workshop prices with no middlemen, and pieces for every budget from under ₹1,000.",
  },
];

export type SocialKey = "instagram" | "facebook" | "youtube" | "x";

/** The four networks (docs/product-rules.md, Storefront): image sharing, a social network, video, a microblog. */
export const SOCIAL_NETWORKS: ReadonlyArray<{ key: SocialKey; name: string; kind: string }> = [
  { key: "instagram", name: "Instagram", kind: "Photos of new pieces" },
  { key: "facebook", name: "Facebook", kind: "News from the village" },
  { key: "youtube", name: "YouTube", kind: "Watch the casting" },
  { key: "x", name: "X", kind: "Short updates" },
];

export const ABOUT = {
  story: [
    "We are a family workshop of Dokra artisans from the craft villages of West Bengal. Our grandparents travelled from fair to fair selling horses, owls and lamps cast in brass; today we work together in one yard beside the village pond, and we sell directly to you.",
    "Every piece is made by hand from start to finish, and every casting destroys its own mould. That is why each one carries small differences: the fingerprints of the person who made it.",
  ],
  process: [
    { step: "Clay core", text: "A core is shaped from riverbank clay mixed with rice husk and dried in the sun." },
    { step: "Wax modelling", text: "Beeswax and resin are rolled into fine threads and wound over the core to draw every detail." },
    { step: "Mould", text: "The wax model is covered in layers of fine clay, leaving a small channel for the metal." },
    { step: "Casting", text: "The mould is heated; the wax melts away and molten brass takes its place." },
    { step: "Finishing", text: "The mould is broken, and the piece is cleaned, polished and given its antique patina." },
  ],
  productTypes: [
    "Wall hangings and panels",
    "Figures of animals, deities and village life",
    "Lamps, diyas, bells and other Pooja items",
    "Pen stands, napkin holders and desk pieces",
    "Gift sets and made-to-order corporate gifts",
  ],
  reasons: [
    "Bought directly from the artisans who make it",
    "Each piece is one of a kind",
    "Solid brass that lasts for generations",
    "Friendly help on WhatsApp before and after you buy",
  ],
} as const;

/** The trailing section of the product page (the rules leave its content open; ours is care, craft and ordering). */
export const PRODUCT_NOTES: ReadonlyArray<{ title: string; paragraphs: readonly string[] }> = [
  {
    title: "Caring for your brass",
    paragraphs: [
      "Dust with a soft dry cloth. Keep the piece away from water and damp walls; brass darkens slowly with time, and many people love that deeper patina.",
      "To brighten it, rub gently with a paste of tamarind or lemon juice and salt, rinse quickly, and dry at once. Never use abrasive scrubbers or acid cleaners.",
    ],
  },
  {
    title: "How it is made",
    paragraphs: [
      "This piece was cast by the lost-wax (Dokra) method: modelled in wax over a clay core, covered in clay, then filled with molten brass. The mould is broken to free the piece, so it is truly one of a kind and may differ slightly from the photographs.",
    ],
  },
  {
    title: "Ordering on WhatsApp",
    paragraphs: [
      "Tap Chat on WhatsApp: the message already contains a link to this page. We confirm availability, shipping cost and delivery time, and share a payment link or UPI details.",
      "We pack every piece in cloth and card and ship across India with tracking, usually within 3 to 7 working days.",
    ],
  },
];

/** The WhatsApp glyph of the detail page's order button (24×24, filled), sent as page data. */
export const WHATSAPP_ICON_PATH =
  "M12 2a10 10 0 00-8.6 15.1L2 22l5-1.3A10 10 0 1012 2zm0 18.2a8.2 8.2 0 01-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1112 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 01-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 00-.7.3 3 3 0 00-.9 2.2 5.2 5.2 0 001.1 2.7 11.8 11.8 0 004.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 001.8-1.2 2.2 2.2 0 00.1-1.2c0-.1-.2-.2-.4-.3z";
