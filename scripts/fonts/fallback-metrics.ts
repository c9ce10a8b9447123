// Prints the size-adjust, ascent-override and descent-override of app/fonts.css's fallback faces:
// the shop's Noto woff2 files against a phone's own font of that script, both read with
// @capsizecss/unpack (vertical metrics) and fontkitten (its font parser: glyph widths).
//
//   tsx scripts/fonts/fallback-metrics.ts bengali /path/NotoSansBengaliUI-Regular.ttf
//   tsx scripts/fonts/fallback-metrics.ts devanagari /path/NotoSansDevanagariUI-Regular.ttf
//
// Android's system font for these scripts is Noto Sans Bengali UI / Noto Sans Devanagari UI
// (Debian: fonts-noto-ui-core); its outlines match the web font's, only the line metrics differ.
import { readFileSync } from "node:fs";
import { webFontMetrics, fallbackOverrides, averageWidth, type Script } from "./metrics.ts";
import { create } from "fontkitten";

const [script, fallbackFile] = process.argv.slice(2) as [Script, string];
if (!fallbackFile || (script !== "bengali" && script !== "devanagari")) {
  console.error("usage: fallback-metrics.ts bengali|devanagari <fallback font file>");
  process.exit(2);
}
const web = await webFontMetrics(script);
const fallback = create(readFileSync(fallbackFile));
if ("fonts" in fallback) throw new Error("a font collection: pass a single font file");
const overrides = fallbackOverrides(web, averageWidth(fallback, script));
console.log(`${fallback.fullName}: average width ${averageWidth(fallback, script).toFixed(1)}/${fallback.unitsPerEm}; web font ${web.averageWidth.toFixed(1)}/${web.unitsPerEm}`);
console.log(`  size-adjust: ${overrides.sizeAdjust};\n  ascent-override: ${overrides.ascentOverride};\n  descent-override: ${overrides.descentOverride};\n  line-gap-override: ${overrides.lineGapOverride};`);
