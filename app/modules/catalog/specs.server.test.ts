import { describe, expect, it } from "vitest";
import bnSpecs from "#app/locales/bn/specs.json" with { type: "json" };
import hiSpecs from "#app/locales/hi/specs.json" with { type: "json" };
import { formatSize, formatWeight } from "./format.ts";
import { productSpecs } from "./specs.server.ts";

const piece = { color: "Golden", material: "Kansa", utility: "Home Decor", height: 22, width: 16, length: 2, weight: 2650 };

describe("productSpecs", () => {
  it("keeps the English page's words as the specification writes them", () => {
    expect(productSpecs(piece, "en")).toEqual([
      { label: "Colour", value: "Golden" },
      { label: "Size", value: "H-22 * W-16 * L-2 inch" },
      { label: "Material", value: "Kansa" },
      { label: "Utility", value: "Home Decor" },
      { label: "Weight", value: "2 kg 650 gm" },
    ]);
    // The owner's words as typed, and the page's size and weight as the catalogue's own formats.
    const odd = { color: "golden ", material: "Brass", utility: "Wall hanging", height: 7.5, width: null, length: 3, weight: 950.25 };
    expect(productSpecs(odd, "en").map((line) => line.value)).toEqual(["golden ", formatSize(7.5, null, 3), "Brass", "Wall hanging", formatWeight(950.25)]);
  });

  it("writes the shop's common words, sizes and weights in Bengali and Hindi", () => {
    expect(productSpecs(piece, "bn").map((line) => line.value)).toEqual(["সোনালি", "উচ্চতা 22, চওড়া 16, লম্বা 2 ইঞ্চি", "কাঁসা", "ঘর সাজানো", "2 কেজি 650 গ্রাম"]);
    expect(productSpecs(piece, "hi").map((line) => line.value)).toEqual(["सुनहरा", "ऊँचाई 22, चौड़ाई 16, लंबाई 2 इंच", "कांसा", "घर की सजावट", "2 किलो 650 ग्राम"]);
    expect(productSpecs(piece, "bn").map((line) => line.label)).toEqual([bnSpecs.colour, bnSpecs.size, bnSpecs.material, bnSpecs.utility, bnSpecs.weight]);
  });

  it("knows a word however the owner spelt its case and spaces", () => {
    const typed = { ...piece, color: " GOLDEN", material: "bell  metal", utility: "home decor " };
    expect(productSpecs(typed, "hi").slice(0, 4).map((line) => line.value)).toEqual([hiSpecs["colour.golden"], expect.any(String), hiSpecs["material.bell metal"], hiSpecs["utility.home decor"]]);
  });

  it("shows any other word as typed, marked English when it is in Latin letters", () => {
    const typed = { ...piece, color: "Dark bronze-green", material: "পিতল ও তামা", utility: "Door knocker (pair)" };
    const [colour, , material, utility] = productSpecs(typed, "bn");
    expect(colour).toEqual({ label: bnSpecs.colour, value: "Dark bronze-green", lang: "en" });
    expect(material).toEqual({ label: bnSpecs.material, value: "পিতল ও তামা" });
    expect(utility).toEqual({ label: bnSpecs.utility, value: "Door knocker (pair)", lang: "en" });
  });

  it("says a missing value is not given, in the page's language", () => {
    const empty = { color: "", material: "N/A", utility: "  ", height: null, width: null, length: null, weight: null };
    expect(productSpecs(empty, "en").map((line) => line.value)).toEqual(["N/A", "N/A", "N/A", "N/A", "N/A"]);
    expect(new Set(productSpecs(empty, "bn").map((line) => line.value))).toEqual(new Set([bnSpecs.notGiven]));
    expect(productSpecs({ ...piece, height: 5, width: null, length: null, weight: 400 }, "hi").map((line) => line.value).filter((v) => /\d/.test(v))).toEqual([
      "ऊँचाई 5, चौड़ाई ?, लंबाई ? इंच",
      "400 ग्राम",
    ]);
  });
});
