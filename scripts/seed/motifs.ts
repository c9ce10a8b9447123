// Which drawing a demo piece gets, chosen by its name: "Fish Pair Wall Décor" shows two fish,
// "Owl Pen Stand" an owl beside a pen holder. The first rule whose pattern matches wins.
import { fish, herd, beast, owl, peacock, tortoise } from "./motifs-animals.ts";
import { bells, candleStand, chariot, diya, face, figures, napkinRings, penHolder, tree, vessel } from "./motifs-objects.ts";

interface MotifRule {
  kind: string;
  pattern: RegExp;
  draw: (name: string) => string;
}

const pair = (name: string) => /pair/i.test(name);

export const MOTIF_RULES: MotifRule[] = [
  { kind: "pen holder", pattern: /\bpen\b/i, draw: (name) => penHolder(/owl/i.test(name) ? owl() : /elephant/i.test(name) ? herd("elephant", 1) : figures("drummer")) },
  { kind: "napkin rings", pattern: /napkin rings/i, draw: () => napkinRings() },
  { kind: "candle stand", pattern: /candle/i, draw: (name) => candleStand(/lady/i.test(name) ? "lady" : /drummer/i.test(name) ? "drummer" : undefined) },
  { kind: "lotus lamp", pattern: /lotus tea-light/i, draw: () => diya("lotus") },
  { kind: "diya", pattern: /diya|lamp/i, draw: (name) => diya(/panch/i.test(name) ? "five" : /hanging/i.test(name) ? "hanging" : "bowl") },
  { kind: "bells", pattern: /bell|ghanti/i, draw: (name) => bells(/toran/i.test(name) ? "toran" : "cluster") },
  { kind: "Ganesha", pattern: /ganesh/i, draw: () => face("ganesha") },
  { kind: "goddess face", pattern: /durga/i, draw: () => face("goddess") },
  { kind: "Buddha head", pattern: /buddha/i, draw: () => face("buddha") },
  { kind: "sun face", pattern: /\bsun\b/i, draw: () => face("sun") },
  { kind: "mask", pattern: /mask/i, draw: () => face("mask") },
  { kind: "fisherwoman", pattern: /fisherwoman/i, draw: () => figures("fisherwoman") },
  { kind: "fish", pattern: /fish/i, draw: (name) => fish(pair(name) ? 2 : 1) },
  { kind: "owl", pattern: /owl/i, draw: (name) => owl(pair(name) ? 2 : 1) },
  { kind: "elephant", pattern: /elephant/i, draw: (name) => herd("elephant", /family/i.test(name) ? 3 : 1) },
  { kind: "horse", pattern: /horse/i, draw: (name) => (/rider/i.test(name) ? beast("horse", { rider: true }) : herd("horse", 2)) },
  { kind: "deer", pattern: /deer/i, draw: (name) => herd("deer", pair(name) ? 2 : 1) },
  { kind: "camel", pattern: /camel/i, draw: () => herd("camel", 1) },
  { kind: "bull", pattern: /bullock|nandi|\bbull\b/i, draw: () => herd("bull", 1) },
  { kind: "tortoise", pattern: /tortoise/i, draw: () => tortoise() },
  { kind: "peacock", pattern: /peacock/i, draw: () => peacock() },
  { kind: "tree of life", pattern: /tree/i, draw: () => tree() },
  { kind: "chariot", pattern: /chariot/i, draw: () => chariot() },
  { kind: "kalash", pattern: /kalash/i, draw: () => vessel("kalash") },
  { kind: "vase", pattern: /vase/i, draw: () => vessel("jali") },
  { kind: "dancers", pattern: /dancer|trio|chess/i, draw: () => figures("dancers") },
  { kind: "musician", pattern: /musician|drummer/i, draw: () => figures("drummer") },
  { kind: "tribal lady", pattern: /lady/i, draw: () => figures("lady") },
  { kind: "mother and child", pattern: /mother/i, draw: () => figures("mother") },
  { kind: "village scene", pattern: /village/i, draw: () => figures("village") },
];

/** The rule for a piece's name, or undefined when no rule knows it. */
export function motifFor(name: string): MotifRule | undefined {
  return MOTIF_RULES.find((rule) => rule.pattern.test(name));
}

/** Pieces for pictures that show no one product (gallery, home display), in a fixed order. */
export const SHOWCASE = [
  "Elephant Showpiece", "Owl Pair", "Horse with Rider", "Peacock Wall Panel", "Fish Pair Wall Décor", "Ganesha Mask",
  "Panch Pradip Diya", "Tribal Lady with Pot", "Tortoise Paperweight", "Sun Face Wall Plate", "Deer Pair", "Tree of Life",
];
