// Storefront search against the real MariaDB FULLTEXT index (migration 0080).
import { afterAll, describe, expect, it } from "vitest";
import { bumpPublicVersion, closePublicVersion } from "#app/modules/site/public-version.server.ts";
import { getDb } from "#db/index.ts";
import { PRICE_BANDS, parsePage, priceBand, type PriceBand } from "./listing-query.ts";
import { PAGE_SIZE } from "./products.server.ts";
import { searchPublicProducts } from "./search.server.ts";

afterAll(() => closePublicVersion());

type Fields = { description?: string; category?: string; material?: string; color?: string; price?: number; status?: "ready" | "processing"; available?: number };

async function product(name: string, fields: Fields = {}): Promise<number> {
  const result = await getDb()
    .insertInto("products")
    .values({
      name,
      description: fields.description ?? "",
      category: fields.category ?? "home-decor-and-tabletop",
      material: fields.material ?? "Brass",
      color: fields.color ?? "Golden",
      price_fixed: fields.price ?? 1000,
      status: fields.status ?? "ready",
      available: fields.available ?? 1,
    })
    .executeTakeFirstOrThrow();
  await bumpPublicVersion();
  return Number(result.insertId);
}

const all: PriceBand = PRICE_BANDS[0];
const names = async (q: string, sort: Parameters<typeof searchPublicProducts>[3] = "relevance", band: PriceBand = all) =>
  (await searchPublicProducts(q, band, 1, sort)).items.map((p) => p.name);

describe("searchPublicProducts", () => {
  it("finds by name, description, material, colour and category, public pieces only", async () => {
    const owl = await product("Dokra Owl pair", { description: "A wise pair for the study.", price: 2400 });
    await product("Ganesha idol", { category: "candle-stand-and-pooja-related", material: "Kansa", color: "Antique", price: 7600 });
    await product("Elephant with rider", { description: "The hathi of the village fair.", category: "wall-hanging", price: 12000 });
    await product("Owl still processing", { status: "processing" });
    await product("Owl hidden", { available: 0 });

    expect(await names("owl")).toEqual(["Dokra Owl pair"]);
    expect(await names("study")).toEqual(["Dokra Owl pair"]);
    expect(await names("kansa")).toEqual(["Ganesha idol"]);
    expect(await names("antique")).toEqual(["Ganesha idol"]);
    expect(await names("pooja")).toEqual(["Ganesha idol"]);
    expect(await names("wall hanging")).toEqual(["Elephant with rider"]);
    expect((await searchPublicProducts("owl", all, 1, "relevance")).items[0]!.id).toBe(owl);
    // Two words that each find a piece, but not the same one: the search drops one and says so.
    expect(await searchPublicProducts("antique study", all, 1, "relevance")).toMatchObject({ correctedTo: "study", total: 1, items: [{ name: "Dokra Owl pair" }] });
    // Of the two, the one that leaves fewer pieces is kept: ganesha (one piece), not brass (two).
    expect(await searchPublicProducts("brass ganesha", all, 1, "relevance")).toMatchObject({ correctedTo: "ganesha", total: 1 });
    // A word that finds nothing on its own is left out first, and said so.
    expect(await searchPublicProducts("owl zzzqqq", all, 1, "relevance")).toMatchObject({ correctedTo: "owl", total: 1, items: [{ name: "Dokra Owl pair" }], findingNothing: ["zzzqqq"] });
    expect(await searchPublicProducts("zzzqqq owl antique xxxjjj", all, 1, "relevance")).toMatchObject({ correctedTo: "antique", total: 1, findingNothing: ["zzzqqq", "xxxjjj"] });
    // Left out because the others find no piece together, not because it finds nothing: not a miss.
    expect((await searchPublicProducts("owl elephant", all, 1, "relevance")).findingNothing).toBeUndefined();
    expect(await searchPublicProducts("zzzqqq xxxjjj", all, 1, "relevance")).toMatchObject({ correctedTo: null, total: 0 });
  });

  it("finds every public piece for the craft's own name in any spelling, and lets the other words decide", async () => {
    const every = ["Elephant with rider", "Ganesha idol", "Dokra Owl pair"];
    for (const q of ["dokra", "Dhokra", "DHOKRA", "dokras", "dhokhra", "dokhra", "dokara", "docra"]) expect(await names(q), q).toEqual(every);
    // A misspelling of it is corrected to it.
    expect(await searchPublicProducts("dhokrra", all, 1, "relevance")).toMatchObject({ correctedTo: expect.stringMatching(/^dh?okh?a?ra$/), total: 3 });
    expect(await names("dhokra elephant")).toEqual(["Elephant with rider"]);
    expect(await names("dokra owl")).toEqual(["Dokra Owl pair"]);
    expect(await searchPublicProducts("dokra zzzqqq", all, 1, "relevance")).toMatchObject({ correctedTo: "dokra", total: 3 });
  });

  it("matches prefixes, transliterations and synonyms, and requires every word", async () => {
    expect(await names("eleph")).toEqual(["Elephant with rider"]);
    expect(await names("ullu")).toEqual(["Dokra Owl pair"]);
    // The craft's own name finds every piece (all of them are Dokra); see the test below.
    expect(await names("Dhokra")).toEqual(["Elephant with rider", "Ganesha idol", "Dokra Owl pair"]);
    expect(await names("ganpati")).toEqual(["Ganesha idol"]);
    expect(await names("elephants")).toEqual(["Elephant with rider"]);
    // Every word is required: no piece is both, so the search shows one word's pieces and says so.
    expect(await searchPublicProducts("owl elephant", all, 1, "relevance")).toMatchObject({ correctedTo: "elephant", total: 1 });
  });

  it("corrects one misspelt word when nothing matched, and says so", async () => {
    const result = await searchPublicProducts("elefant", all, 1, "relevance");
    expect(result.items.map((p) => p.name)).toEqual(["Elephant with rider"]);
    expect(result.correctedTo).toBe("elephant");
    const ganesa = await searchPublicProducts("ganeshaa idol", all, 1, "relevance");
    expect(ganesa.correctedTo).toBe("ganesha idol");
    expect((await searchPublicProducts("zzzqqq", all, 1, "relevance")).correctedTo).toBeNull();
  });

  it("counts two swapped neighbouring letters as one edit, so a word of up to 6 letters typed that way is corrected", async () => {
    // Up to 6 letters one edit is allowed; plain Levenshtein counts a swap as two.
    const swapped = await searchPublicProducts("rdier", all, 1, "relevance");
    expect(swapped.correctedTo).toBe("rider");
    expect(swapped.items.map((p) => p.name)).toEqual(["Elephant with rider"]);
    expect((await searchPublicProducts("ganesha idlo", all, 1, "relevance")).correctedTo).toBe("ganesha idol");
  });

  it("sees a new product's words for correction once the catalogue changed", async () => {
    expect(await names("peacok")).toEqual([]);
    await product("Peacock lamp", { price: 3100 });
    expect(await names("peacok")).toEqual(["Peacock lamp"]);
  });

  it("falls back to a word-start match for words shorter than the index's three letters", async () => {
    await product("Ox cart", { price: 900 });
    await product("Jewellery box", { price: 950 });
    expect(await names("ox")).toEqual(["Ox cart"]);
    expect(await names("ox cart")).toEqual(["Ox cart"]);
    expect(await names("a")).toEqual([]);
  });

  it("filters by price band and sorts by price and newest", async () => {
    expect(await names("brass", "price-asc", priceBand("below-5000"))).toEqual(["Ox cart", "Jewellery box", "Dokra Owl pair", "Peacock lamp"]);
    expect(await names("brass", "price-desc")).toEqual(["Elephant with rider", "Peacock lamp", "Dokra Owl pair", "Jewellery box", "Ox cart"]);
    expect(await names("brass", "newest")).toEqual(["Jewellery box", "Ox cart", "Peacock lamp", "Elephant with rider", "Dokra Owl pair"]);
  });

  it("pages by 12 and never lets the words reach SQL as operators", async () => {
    for (let i = 0; i < 14; i++) await product(`Tortoise number ${i}`);
    const second = await searchPublicProducts("kachua", all, 2, "newest");
    expect(second).toMatchObject({ total: 14, page: 2, pageCount: 2 });
    expect(second.items).toHaveLength(14 - PAGE_SIZE);
    // A page number too large for an exact offset (1e20) shows the last page, as any page past the end does.
    await expect(searchPublicProducts("kachua", all, parsePage("99999999999999999999"), "newest")).resolves.toMatchObject({ total: 14, page: 2 });
    for (const hostile of [`"`, "+-*()<>~@", "%_%", "\\"]) {
      await expect(searchPublicProducts(hostile, all, 1, "relevance")).resolves.toMatchObject({ total: 0 });
    }
    // Only its words are searched ('table' starts 'tabletop'); the table is still there (below).
    expect((await searchPublicProducts("'; DROP TABLE products; --", all, 1, "relevance")).words.join(" ")).toMatch(/^[a-z ]+$/);
    expect(await names("tortoise%")).toHaveLength(12);
  });

  it("reads the craft's two-word names and leaves out courtesy words", async () => {
    await product("Bell metal bowl", { material: "Kansa", price: 1500 });
    expect(await names("bell metal")).toEqual(["Bell metal bowl", "Ganesha idol"]);
    expect(await names("bell-metal ganesha")).toEqual(["Ganesha idol"]);
    expect(await names("ganesh ji")).toEqual(["Ganesha idol"]);
    // 'mor' (peacock) is a whole word: not the start of 'more'.
    await product("Tea cup", { description: "Made for more than tea." });
    expect(await names("mor")).toEqual(["Peacock lamp"]);
  });
});
