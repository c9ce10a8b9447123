import type { CategorySlug } from "#app/modules/catalog/categories.ts";

export interface DemoProduct {
  category: CategorySlug;
  name: string;
  description: string;
  /** Selling price (₹). */
  price: number;
  /** List price when discounted (₹). */
  fixedPrice?: number;
  size: [height: number, width: number, length: number];
  weight: number;
  color?: string;
  material?: string;
  utility?: string;
  images: number;
}

const p = (
  category: CategorySlug,
  name: string,
  description: string,
  price: number,
  fixedPrice: number | undefined,
  size: [number, number, number],
  weight: number,
  images = 2,
  extra: Partial<DemoProduct> = {},
): DemoProduct => ({ category, name, description, price, fixedPrice, size, weight, images, ...extra });

/** The pieces whose own text says brass are brass; the rest keep the form's default, Kansa (bell metal). */
const BRASS = { material: "Brass" };

/**
 * 50 believable Dokra pieces, prices spread over every band of the listing filter.
 * Candle stand & Pooja Related holds 15 (14 below ₹5000), so the listing has a second
 * page both unfiltered and under a price filter. The added pieces sit at the end of the
 * list, so the gift and stock indexes below still name the same products.
 */
export const DEMO_PRODUCTS: DemoProduct[] = [
  p("wall-hanging", "Tribal Dancer Wall Hanging", "Three Santhal dancers hand in hand, cast in one piece by the lost-wax method and finished with a warm antique patina.", 3450, 3900, [14, 10, 1.5], 820),
  p("wall-hanging", "Sun Face Wall Plate", "A radiant sun mask with coiled-wire rays, made in Dariyapur from recycled brass scrap.", 2150, undefined, [9, 9, 1], 430, 1, BRASS),
  p("wall-hanging", "Fish Pair Wall Décor", "Two fish, the Bengali symbol of plenty, joined by a braided brass thread. A classic wedding gift.", 1850, 2200, [12, 6, 1], 360, 2, BRASS),
  p("wall-hanging", "Peacock Wall Panel", "A large panel of a dancing peacock with a fan of hand-rolled wax threads, each feather cast separately.", 12800, 14500, [22, 16, 2], 2650, 3),
  p("wall-hanging", "Tree of Life Brass Wall Art", "Birds and leaves on a branching tree, a motif our artisans learned from their grandparents.", 7600, undefined, [18, 14, 1.5], 1540, 2, BRASS),
  p("wall-hanging", "Tribal Musician Wall Hanging", "A dhamsa drummer and a flute player in a round frame. Hangs from a single hook.", 4250, 4800, [12, 12, 1.5], 960),
  p("wall-hanging", "Ganesha Mask Wall Hanging", "Lord Ganesha's face with a spiralled trunk, for the entrance of a home.", 5600, undefined, [11, 8, 2], 1120),
  p("special-items", "Horse with Rider", "The famous Bankura rider, tall-necked horse and proud rider, cast whole with fine wire detailing.", 18500, 21000, [16, 5, 12], 3400, 3),
  p("special-items", "Elephant Family Set", "A mother elephant and two calves, trunks raised for luck. Set of three.", 9800, undefined, [8, 4, 10], 2100, 2),
  p("special-items", "Owl Pair", "Two wide-eyed owls, Lakshmi's vahana, each feather drawn in wax by hand.", 2650, 2950, [6, 3, 3], 540, 2),
  p("special-items", "Durga Face Idol", "Maa Durga's face with her third eye and crown, made for Puja and kept all year.", 15500, 17200, [13, 10, 4], 2850, 2),
  p("special-items", "Tribal Couple on Bullock Cart", "A village couple riding to market on a bullock cart with turning wheels. Our largest piece, made to order.", 68000, 75000, [14, 9, 26], 9800, 3),
  p("special-items", "Lakshmi Chariot", "A miniature chariot carrying Goddess Lakshmi, wheels and canopy all cast in brass.", 24500, undefined, [12, 6, 11], 3900, 2, BRASS),
  p("special-items", "Tortoise Paperweight", "A heavy little tortoise with a coiled shell, perfect on a desk.", 990, undefined, [2, 3, 4], 310, 1),
  p("home-decor-and-tabletop", "Elephant Showpiece", "A standing elephant with a howdah, the best-loved Dokra form for a living-room shelf.", 4850, 5400, [9, 4, 9], 1260),
  p("home-decor-and-tabletop", "Tribal Lady with Pot", "A woman carrying water on her head, tall and slender, patinated by hand.", 3900, undefined, [14, 4, 4], 880),
  p("home-decor-and-tabletop", "Deer Pair Tabletop", "Two deer with branching antlers on a shared base.", 6200, 6900, [10, 3, 8], 1350),
  p("home-decor-and-tabletop", "Jali Flower Vase", "A vase with an open lattice of brass threads; lovely with a single stem.", 5450, undefined, [11, 5, 5], 1180, 2, BRASS),
  p("home-decor-and-tabletop", "Ganesha Playing Drum", "A cheerful Ganesha playing the dhol, for a study or music room.", 8750, 9900, [9, 6, 5], 1680),
  p("home-decor-and-tabletop", "Buddha Head", "A calm Buddha head with curled hair cast one coil at a time.", 11200, 12500, [10, 6, 6], 2240, 2),
  p("home-decor-and-tabletop", "Camel Tabletop", "A camel with a saddle cloth of fine wire patterns.", 2950, undefined, [8, 3, 7], 690, 1),
  p("pen-and-napkin-holder", "Owl Pen Stand", "An owl whose hollow body holds pens and pencils.", 1450, 1650, [5, 3, 3], 420),
  p("pen-and-napkin-holder", "Tribal Napkin Rings, Set of 4", "Four napkin rings, each with a different dancing figure.", 2400, undefined, [2, 2, 2], 380, 1),
  p("pen-and-napkin-holder", "Elephant Pen Holder", "A pen holder carried on an elephant's back.", 1890, 2100, [5, 3, 5], 560),
  p("pen-and-napkin-holder", "Peacock Napkin Holder", "Two peacocks facing each other hold napkins between their tails.", 2250, undefined, [5, 2, 6], 610),
  p("pen-and-napkin-holder", "Fish Card Holder", "A curved fish that holds visiting cards upright.", 1190, undefined, [3, 2, 4], 240, 1),
  p("pen-and-napkin-holder", "Drummer Pen Stand", "A tribal drummer beside a cylinder for pens.", 1750, 1990, [5, 3, 4], 470),
  p("pen-and-napkin-holder", "Horse Napkin Holder", "Two Bankura horses stand guard over the napkins.", 2600, 2900, [5, 2, 7], 720),
  p("candle-stand-and-pooja-related", "Panch Pradip Diya", "A five-wick lamp for aarti with a lotus handle.", 1650, undefined, [3, 4, 8], 390, 1),
  p("candle-stand-and-pooja-related", "Hanging Diya with Bells", "A lamp on a brass chain with three small bells that ring softly.", 3250, 3600, [16, 4, 4], 740, 2, BRASS),
  p("candle-stand-and-pooja-related", "Lakshmi Ganesh Idol Pair", "Lakshmi and Ganesha for the home altar, seated on lotus bases.", 7400, 8200, [6, 4, 8], 1450),
  p("candle-stand-and-pooja-related", "Tribal Lady Candle Stand", "A woman holding a candle cup above her head.", 2850, undefined, [10, 3, 3], 650),
  p("candle-stand-and-pooja-related", "Peacock Kuber Diya", "A Kuber diya with a peacock rising from the oil bowl.", 1350, 1500, [4, 3, 4], 300, 1),
  p("candle-stand-and-pooja-related", "Elephant Incense Holder", "An incense holder on a little elephant, ash falls into its tray.", 1150, undefined, [3, 2, 6], 260, 1),
  p("candle-stand-and-pooja-related", "Bell Cluster Pooja Ghanti", "A hand bell with a Nandi handle and a bright ring.", 2450, 2700, [7, 3, 3], 520),
  p("my-creativity", "Monsoon Fisherwoman", "A workshop original: a fisherwoman with her basket in the rain.", 13500, 15000, [12, 5, 5], 2050, 2),
  p("my-creativity", "Abstract Dokra Mask", "An experiment in open wirework: a mask that is more air than metal.", 4600, undefined, [10, 7, 2], 720, 1),
  p("my-creativity", "Village Life Panel", "A long panel of village life: cattle, huts, a well and the morning market.", 42000, 46000, [10, 2, 30], 5600, 3),
  p("my-creativity", "Dokra Chess Set", "Thirty-two hand-cast pieces, tribal kings and queens, on a sheesham board.", 52000, 58000, [3, 14, 14], 4200, 2),
  p("my-creativity", "Santhal Dancers Trio", "Three dancers on one base, their skirts swinging.", 9200, undefined, [9, 3, 9], 1880, 2),
  p("my-creativity", "Bird Feeder Lamp", "A lamp shaped as a bird feeder, with sparrows on the rim.", 5950, 6500, [11, 6, 6], 1210, 2),
  p("my-creativity", "Mother and Child", "A mother holding her child close, a small piece with a big heart.", 3600, undefined, [7, 3, 3], 640, 1),
  p("candle-stand-and-pooja-related", "Lotus Tea-Light Holder", "An open lotus that cradles a tea-light in its petals.", 1250, undefined, [3, 4, 4], 280, 1),
  p("candle-stand-and-pooja-related", "Tortoise Diya", "A tortoise carrying an oil lamp on its shell, a sign of patience and long life.", 1450, 1650, [3, 3, 5], 330, 1),
  p("candle-stand-and-pooja-related", "Tribal Drummer Candle Stand", "A dhamsa drummer beside a tall candle cup.", 2950, undefined, [9, 3, 4], 610, 1),
  p("candle-stand-and-pooja-related", "Kalash with Coconut", "A small kalash topped with mango leaves and a coconut, for the Puja thali.", 1990, 2250, [6, 4, 4], 470, 1),
  p("candle-stand-and-pooja-related", "Nandi Incense Stand", "Nandi resting before an incense holder, ash caught in a leaf-shaped tray.", 1590, undefined, [3, 2, 7], 350, 1),
  p("candle-stand-and-pooja-related", "Peacock Akhand Diya", "A covered diya with a peacock lid that keeps the flame steady all night.", 3850, 4300, [8, 4, 4], 820, 1),
  p("candle-stand-and-pooja-related", "Hanging Bell Toran", "Five small bells on a brass chain for the door of the prayer room.", 2200, undefined, [14, 1, 10], 430, 1, BRASS),
  p("candle-stand-and-pooja-related", "Om Wall Diya", "An Om symbol with a lamp cup below, hung beside the home altar.", 1750, 1950, [7, 6, 2], 390, 1),
];

/** Which demo products (by index) go to the Gift list and the stock collection. */
export const DEMO_GIFT_INDEXES = [0, 2, 9, 14, 21, 28, 31, 35, 40];
export const DEMO_STOCK_INDEXES = [7, 11, 15, 19, 30, 37];
