// The fallback faces' overrides, from the fonts' own metrics (see fallback-metrics.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fromBuffer } from "@capsizecss/unpack";
import { create, type Font } from "fontkitten";

export type Script = "bengali" | "devanagari";

const PACKAGE = { bengali: "noto-sans-bengali", devanagari: "noto-sans-devanagari" } as const;

// Ordinary shop sentences: the widths are averaged over the letters as they occur in such text.
const SAMPLE: Record<Script, string> = {
  bengali:
    "ডোকরা শিল্পীরা মোম-গলানো ঢালাই করে পিতলের হাতি, ঘোড়া, প্রদীপ আর দেওয়ালে ঝোলানোর জিনিস বানান। " +
    "প্রতিটি জিনিস হাতে তৈরি, তাই একটির সঙ্গে আরেকটির একটু তফাত থাকে। দাম জানতে হোয়াটসঅ্যাপে লিখুন।",
  devanagari:
    "डोकरा कारीगर मोम-ढलाई से पीतल के हाथी, घोड़े, दीये और दीवार पर टांगने की चीज़ें बनाते हैं। " +
    "हर चीज़ हाथ से बनी है, इसलिए हर एक में थोड़ा फ़र्क होता है। दाम जानने के लिए व्हाट्सऐप पर लिखें।",
};

/** The woff2 file of a script's subset that the shop serves. */
export function webFontFile(script: Script): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`@fontsource-variable/${PACKAGE[script]}/files/${PACKAGE[script]}-${script}-wght-normal.woff2`);
}

/** Mean advance width (font units) of the sample's letters that the font has, marks left out as they take no width. */
export function averageWidth(font: Font, script: Script): number {
  const letters = [...SAMPLE[script]].filter((ch) => /[\p{L}\p{M}]/u.test(ch));
  const glyphs = font.glyphsForString(letters.join("")).filter((glyph) => glyph.id !== 0 && !glyph.isMark);
  return glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / glyphs.length;
}

export async function webFontMetrics(script: Script) {
  const bytes = readFileSync(webFontFile(script));
  const metrics = await fromBuffer(bytes);
  const font = create(bytes);
  if ("fonts" in font) throw new Error("unexpected font collection");
  return { ...metrics, averageWidth: averageWidth(font, script) };
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * A fallback whose letters are on average `fallbackWidth` wide is scaled to the web font's
 * width; its line metrics then become the web font's (the overrides apply after size-adjust,
 * hence the division).
 */
export function fallbackOverrides(web: Awaited<ReturnType<typeof webFontMetrics>>, fallbackWidth: number) {
  const sizeAdjust = web.averageWidth / fallbackWidth;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(web.ascent / web.unitsPerEm / sizeAdjust),
    descentOverride: percent(Math.abs(web.descent) / web.unitsPerEm / sizeAdjust),
    lineGapOverride: percent(web.lineGap / web.unitsPerEm / sizeAdjust),
  };
}
