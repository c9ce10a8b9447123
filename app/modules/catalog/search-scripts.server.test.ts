// Search across scripts against the real MariaDB indexes: English text (migration 0080) and
// Bengali and Hindi translations (0160, read through 0161's search_text).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLoader } from "#app/modules/api/endpoint.server.ts";
import { searchEndpoints } from "#app/modules/api/search.server.ts";
import type { Lang } from "#app/modules/i18n/languages.ts";
import { bumpPublicVersion, closePublicVersion } from "#app/modules/site/public-version.server.ts";
import { getDb } from "#db/index.ts";
import { PRICE_BANDS } from "./listing-query.ts";
import { tableWordFor } from "./search-stems.server.ts";
import { searchPublicProducts } from "./search.server.ts";

afterAll(() => closePublicVersion());

const ZWNJ = "\u200C";
const ZWJ = "\u200D";

type Translations = { bn?: { name: string; description?: string }; hi?: { name: string; description?: string } };

async function product(name: string, description: string, translations: Translations = {}): Promise<number> {
  const result = await getDb()
    .insertInto("products")
    .values({ name, description, category: "home-decor-and-tabletop", material: "Brass", color: "Golden", price_fixed: 1000, status: "ready", available: 1 })
    .executeTakeFirstOrThrow();
  const id = Number(result.insertId);
  for (const [lang, text] of Object.entries(translations)) {
    await getDb()
      .insertInto("product_translations")
      .values({ product_id: id, lang: lang as "bn" | "hi", name: text.name, description: text.description ?? null })
      .execute();
  }
  await bumpPublicVersion();
  return id;
}

const names = async (q: string, lang: Lang = "en") => (await searchPublicProducts(q, PRICE_BANDS[0], 1, "relevance", lang)).items.map((p) => p.name);
const sorted = async (q: string, lang: Lang = "en") => (await names(q, lang)).sort();

beforeAll(async () => {
  await product("Elephant Showpiece", "A standing elephant with a howdah.");
  // English words that never say elephant: only the translations do.
  await product("Howdah Rider", "A rider on a tall beast.", { bn: { name: "হাতির পিঠে সওয়ার", description: "পিতলের ঢালাই।" }, hi: { name: "हाथी पर सवार" } });
  await product("Owl Pair", "Two wide-eyed birds of the night.", { bn: { name: "পেঁচার জোড়া" }, hi: { name: "उल्लू की जोड़ी" } });
  // Bankura's horse, its Bengali name typed with the one-character ড় (U+09DC).
  await product("Bankura Rider", "Tall-necked and proud.", { bn: { name: "বাঁকু\u09DCার ঘো\u09DCা" } });
  await product("Mother and Child", "A small piece with a big heart.", { bn: { name: "মা ও শিশু" }, hi: { name: "माँ और बच्चा" } });
  await product("Fish Card Holder", "Holds visiting cards.", { bn: { name: "মাছের কার্ড হো" + ZWNJ + "ল্ডার" }, hi: { name: "मछली कार्ड होल्डर", description: "घरेलू दफ़्तर के लिए।" } });
  await product("Ganesha Mask", "For the entrance of a home.", { hi: { name: "गणेश मुखौटा", description: "घर के दरवाज़े के लिए।" } });
  // প্যাঁচানো (coiled) starts with প্যাঁচা (owl); ॐ is a one-letter word.
  await product("Coiled Snake", "A snake in rings.", { bn: { name: "প্যাঁচানো সাপ" } });
  await product("Om Wall Diya", "A lamp for the wall.", { hi: { name: "ॐ दीवार दीया" } });
});

describe("search across scripts", () => {
  it("finds the same elephants for hathi, হাতি, हाथी and elephant, from every language", async () => {
    const elephants = ["Elephant Showpiece", "Howdah Rider"];
    for (const lang of ["en", "bn", "hi"] as const) {
      for (const q of ["hathi", "হাতি", "हाथी", "elephant"]) expect(await sorted(q, lang), `${q} in ${lang}`).toEqual(elephants);
    }
  });

  it("finds by the colour's Bengali and Hindi words what the owner's English colour finds", async () => {
    const golden = await sorted("golden");
    expect(golden.length).toBeGreaterThan(0);
    for (const q of ["সোনালি", "सुनहरा", "sonali"]) expect(await sorted(q, "bn"), q).toEqual(golden);
  });

  it("ranks the visitor's language's matches first; English keeps the English order", async () => {
    expect(await names("elephant", "en")).toEqual(["Elephant Showpiece", "Howdah Rider"]);
    expect(await names("elephant", "bn")).toEqual(["Howdah Rider", "Elephant Showpiece"]);
    expect(await names("হাতি", "hi")).toEqual(["Howdah Rider", "Elephant Showpiece"]);
    // Translated names and descriptions are searched, and every word must match somewhere.
    expect(await names("ঢালাই")).toEqual(["Howdah Rider"]);
    expect(await names("হাতি সওয়ার")).toEqual(["Howdah Rider"]);
    // পিতল is brass: the English showpiece matches it through its material.
    expect(await sorted("হাতি পিতল")).toEqual(["Elephant Showpiece", "Howdah Rider"]);
    expect(await names("হাতি rider")).toEqual(["Howdah Rider"]);
    // No piece is both an elephant and an owl: the owls are shown instead, and the page says so.
    expect(await searchPublicProducts("হাতি পেঁচা", PRICE_BANDS[0], 1, "relevance")).toMatchObject({ correctedTo: "পেঁচা", items: [{ name: "Owl Pair" }] });
  });

  it("ignores zero-width joiners inside a query and inside stored text, and keeps the owner's text as typed", async () => {
    expect(await names(`হা${ZWNJ}তি`, "bn")).toEqual(["Howdah Rider", "Elephant Showpiece"]);
    expect(await names(`ह${ZWJ}ाथी`, "hi")).toEqual(["Howdah Rider", "Elephant Showpiece"]);
    // Stored with a ZWNJ inside হোল্ডার: found without it and with either joiner.
    expect(await names("হোল্ডার", "bn")).toEqual(["Fish Card Holder"]);
    expect(await names(`কার্ড হো${ZWJ}ল্ডার`, "bn")).toEqual(["Fish Card Holder"]);
    const stored = await getDb().selectFrom("product_translations").select("name").where("name", "like", "মাছের%").executeTakeFirstOrThrow();
    expect(stored.name).toBe(`মাছের কার্ড হো${ZWNJ}ল্ডার`);
  });

  it("matches two-letter Bengali and Hindi words as whole words", async () => {
    expect(await names("মা", "bn")).toEqual(["Mother and Child"]);
    // 'घर' (home) and not 'घरेलू' (household).
    expect(await names("घर", "hi")).toEqual(["Ganesha Mask"]);
    expect(await names("गणेश घर", "hi")).toEqual(["Ganesha Mask"]);
    // Three characters with the vowel sign: through the index, as a prefix ('মাছ' finds 'মাছের').
    expect(await names("মাছ", "bn")).toEqual(["Fish Card Holder"]);
  });

  it("matches a word that starts other words only as itself, and a one-letter word", async () => {
    expect(await names("প্যাঁচা", "bn")).toEqual(["Owl Pair"]);
    expect(await names("ॐ", "hi")).toEqual(["Om Wall Diya"]);
  });

  it("finds a Bengali or Hindi word with an ending through the table word it is a form of", async () => {
    for (const q of ["हाथियों", "हाथियाँ", "হাতিগুলো", "হাতিটা"]) expect(await sorted(q), q).toEqual(["Elephant Showpiece", "Howdah Rider"]);
    expect(await names("পেঁচাগুলো", "bn")).toEqual(["Owl Pair"]);
    expect(await names("उल्लुओं", "hi")).toEqual(["Owl Pair"]);
    expect(await names("मछलियों", "hi")).toEqual(["Fish Card Holder"]);
    // Only a form at least as long as the table word: हाथ (hand) is not हाथी (elephant).
    expect([tableWordFor("हाथियों"), tableWordFor("ঘোড়ার"), tableWordFor("हाथ"), tableWordFor("हाथी"), tableWordFor("owls")]).toEqual(["हाथी", "ঘোড়া", null, null, null]);
  });

  it("finds Bengali words typed in Latin letters the Avro way", async () => {
    expect(await sorted("hati", "bn")).toEqual(["Elephant Showpiece", "Howdah Rider"]);
    expect(await names("pecha", "bn")).toEqual(["Owl Pair"]);
    expect(await names("ghora", "bn")).toEqual(["Bankura Rider"]);
    expect(await names("ঘোড়া", "bn")).toEqual(["Bankura Rider"]);
    expect(await names("mach", "bn")).toEqual(["Fish Card Holder"]);
  });

  it("corrects a misspelt Bengali word from the translated names", async () => {
    const result = await searchPublicProducts("জোড়ার পেঁচ", PRICE_BANDS[0], 1, "relevance", "bn");
    expect(result.correctedTo).toBe("জোড়া পেঁচ".normalize("NFC"));
    expect(result.items.map((p) => p.name)).toEqual(["Owl Pair"]);
  });
});

describe("GET /api/v1/products/search with lang", () => {
  const get = (query: string) => apiLoader(searchEndpoints.search)({ request: new Request(`http://localhost/api/v1/products/search?${query}`), params: {}, context: {} });

  it("takes en (the default), bn or hi and ranks that language's matches first", async () => {
    for (const [query, expected] of [
      ["q=hathi", ["Elephant Showpiece", "Howdah Rider"]],
      ["q=hathi&lang=en", ["Elephant Showpiece", "Howdah Rider"]],
      ["q=hathi&lang=bn", ["Howdah Rider", "Elephant Showpiece"]],
      [`q=${encodeURIComponent("हाथी")}&lang=hi`, ["Howdah Rider", "Elephant Showpiece"]],
      // A parameter given twice: its first value, as the search page reads it.
      ["q=hathi&q=pecha&lang=bn&lang=xx", ["Howdah Rider", "Elephant Showpiece"]],
    ] as const) {
      const response = await get(query);
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as { success: boolean; data: { products: Array<{ name: string }>; total: number } };
      expect(body.data.products.map((p) => p.name), query).toEqual(expected);
    }
  });

  it("refuses another language with 400 in the error envelope", async () => {
    for (const lang of ["fr", "BN", ""]) {
      const response = await get(`q=hathi&lang=${lang}`);
      expect(response.status, lang).toBe(400);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body).toMatchObject({ success: false, message: "lang must be one of: en, bn, hi" });
    }
  });
});
