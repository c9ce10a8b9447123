import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create } from "fontkitten";
import { describe, expect, it } from "vitest";
import { averageWidth, fallbackOverrides, webFontFile, webFontMetrics, type Script } from "./metrics.ts";

// app/fonts.css against the font files the shop serves: the numbers in it are the fonts' own.

const css = readFileSync(join(import.meta.dirname, "..", "..", "app", "fonts.css"), "utf8");
const FAMILY: Record<Script, string> = { bengali: "Noto Sans Bengali", devanagari: "Noto Sans Devanagari" };

function face(family: string): Record<string, string> {
  const block = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!).find((body) => body.includes(`font-family: "${family}";`));
  if (!block) throw new Error(`no @font-face for ${family}`);
  return Object.fromEntries([...block.matchAll(/([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** The code points a unicode-range covers, as [first, last] pairs. */
function ranges(unicodeRange: string): Array<[number, number]> {
  return unicodeRange.split(",").map((part) => {
    const [first, last] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(first!, 16), parseInt(last ?? first!, 16)];
  });
}

const percent = (value: string) => Number(value.replace("%", ""));

describe.each(["bengali", "devanagari"] as const)("the %s faces", (script) => {
  it("serve the package's file of the script's subset, swapped in when it arrives", () => {
    const web = face(FAMILY[script]);
    expect(web.src).toContain(`@fontsource-variable/noto-sans-${script}/files/noto-sans-${script}-${script}-wght-normal.woff2`);
    expect(web["font-display"]).toBe("swap");
    expect(web["font-weight"]).toBe("100 900");
  });

  it("cover the script's letters but no Latin letter, digit or rupee sign (those keep the shop's fonts)", () => {
    for (const family of [FAMILY[script], `${FAMILY[script]} fallback`]) {
      const covered = ranges(face(family)["unicode-range"]!);
      const covers = (cp: number) => covered.some(([first, last]) => cp >= first && cp <= last);
      expect(covers((script === "bengali" ? "ক" : "क").codePointAt(0)!), family).toBe(true);
      for (const ch of ["a", "Z", "0", " ", "é", "₹", "–"]) expect(covers(ch.codePointAt(0)!), `${family}: ${ch}`).toBe(false);
    }
  });

  it("give the fallback the web font's line metrics, after its size-adjust", async () => {
    const metrics = await webFontMetrics(script);
    const fallback = face(`${FAMILY[script]} fallback`);
    const sizeAdjust = percent(fallback["size-adjust"]!) / 100;
    expect(sizeAdjust).toBeGreaterThan(0.8);
    expect(sizeAdjust).toBeLessThan(1.2);
    expect(percent(fallback["ascent-override"]!)).toBeCloseTo((metrics.ascent / metrics.unitsPerEm / sizeAdjust) * 100, 1);
    expect(percent(fallback["descent-override"]!)).toBeCloseTo((-metrics.descent / metrics.unitsPerEm / sizeAdjust) * 100, 1);
    expect(percent(fallback["line-gap-override"]!)).toBe(0);
    expect(fallback.src).toContain(`local("${FAMILY[script]} UI")`);
  });

  it("scale a fallback as wide as the web font by 100 %", async () => {
    const metrics = await webFontMetrics(script);
    const font = create(readFileSync(webFontFile(script)));
    if ("fonts" in font) throw new Error("unexpected collection");
    const width = averageWidth(font, script);
    expect(width).toBeGreaterThan(300);
    expect(fallbackOverrides(metrics, width).sizeAdjust).toBe("100.00%");
    expect(fallbackOverrides(metrics, width * 1.25).sizeAdjust).toBe("80.00%");
  });
});
