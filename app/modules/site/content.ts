// Static storefront content (SPEC §3 "Static data"): slides, feature cards, social
// links, the About story, the trailing section of the product page. Defined once.

export interface Slide {
  id: number;
  alt: string;
  title: string;
  description: string;
}

/** The three home slides. Their pictures are the first gallery images (see the home loader). */
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
  icon: "seal" | "gem" | "tools" | "wallet";
  title: string;
  description: string;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    icon: "seal",
    title: "Authentic",
    description: "Cast by hereditary Dokra artisans using the traditional lost-wax process, never machine-made copies.",
  },
  {
    icon: "gem",
    title: "Premium Quality",
    description: "Solid recycled brass, a hand-finished antique patina and careful packing for safe delivery.",
  },
  {
    icon: "tools",
    title: "Customized Production",
    description: "Need a size, motif or a corporate gift set? We make to order, from one piece to a few hundred.",
  },
  {
    icon: "wallet",
    title: "Budget Friendly",
    description: "Workshop prices with no middlemen, and pieces for every budget from under ₹1,000.",
  },
];

export type SocialKey = "instagram" | "facebook" | "youtube" | "x";

/** The four networks of SPEC §1: image sharing, a social network, video, a microblog. */
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

/** The trailing section of the product page (SPEC: content not shown; ours is care, craft and ordering). */
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
