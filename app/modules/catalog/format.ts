// Display rules (docs/product-rules.md: Storefront, What is stored, Numbers), shared by the storefront, the admin and the API.
// The listing's query rules (price bands, orders, pages) are in listing-query.ts.

/**
 * '₹1,00,000.00': rupee sign, Indian (lakh) grouping, two decimals: what
 * `Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" })` writes for the shop's
 * amounts (two decimals at most), which format.test.ts checks against it. Not Intl itself: a
 * browser's first number format loads its locale data, 40–100 ms of a phone's main thread on
 * every storefront page (docs/decisions/121-no-locale-data-on-load.md).
 */
export function formatINR(amount: number | string): string {
  const value = Number(amount);
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (!Number.isFinite(value)) return `${sign}₹${Number.isNaN(value) ? "NaN" : "∞"}`;
  const paise = Math.round(Math.abs(value) * 100);
  const rupees = String(Math.floor(paise / 100));
  const head = rupees.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${rupees.slice(-3)}` : rupees;
  return `${sign}₹${grouped}.${String(paise % 100).padStart(2, "0")}`;
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

/** Bengali and Devanagari hasanta/virama: the letter after it belongs to the same written letter (a conjunct). */
const VIRAMA = /[\u094D\u09CD]/;
const JOINER = /[\u200C\u200D]/;
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

/**
 * The written letters of a text: a code point with its marks (vowel signs, nukta, candrabindu),
 * and a conjunct whole (ক্ষ, স্ট্যা, क्ष). The same rule on the server and in every browser, so
 * a name cut for a card hydrates as rendered (Intl.Segmenter's rules differ between versions).
 */
export function writtenLetters(text: string): string[] {
  const letters: string[] = [];
  let previous = "";
  for (const char of text) {
    const joins = letters.length > 0 && (MARK.test(char) || JOINER.test(char) || JOINER.test(previous) || (VIRAMA.test(previous) && LETTER.test(char)));
    if (joins) letters[letters.length - 1] += char;
    else letters.push(char);
    previous = char;
  }
  return letters;
}

/** Cut to `max` characters (written letters: never inside a Bengali or Hindi one) and add an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  // A string has at least as many UTF-16 units as letters: short ones need no splitting
  // (most names; a listing calls this for every card on every render).
  if (text.length <= max) return text;
  const letters = writtenLetters(text);
  return letters.length > max ? `${letters.slice(0, max).join("")}...` : text;
}

function trimNumber(value: number): string {
  return String(Number(value.toFixed(2)));
}

/**
 * 'X gm' below a kilogram or for whole grams under 1000; 'X kg Y gm' from 1000 g ('X kg' when Y
 * is 0). A Bengali or Hindi page passes its own unit words (app/locales/<lang>/specs.json).
 */
export function formatWeight(grams: number | string | null, units = { gram: "gm", kilogram: "kg" }): string {
  if (grams === null || grams === "") return "N/A";
  const g = Number(grams);
  if (!Number.isFinite(g) || g < 0) return "N/A";
  if (g < 1000) return `${trimNumber(g)} ${units.gram}`;
  const kg = Math.floor(g / 1000);
  const rest = g - kg * 1000;
  return rest > 0 ? `${kg} ${units.kilogram} ${trimNumber(rest)} ${units.gram}` : `${kg} ${units.kilogram}`;
}

/** 'H-{h} * W-{w} * L-{l} inch' from the three stored dimensions ('?' for a missing one), or as `write` puts them. */
export function formatSize(
  height: number | string | null,
  width: number | string | null,
  length: number | string | null,
  write = (h: string, w: string, l: string) => `H-${h} * W-${w} * L-${l} inch`,
): string {
  if (height === null && width === null && length === null) return "N/A";
  const n = (v: number | string | null) => (v === null ? "?" : trimNumber(Number(v)));
  return write(n(height), n(width), n(length));
}
