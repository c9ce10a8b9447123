// Bengali and Hindi names and descriptions against the real MariaDB: written with the product,
// changed field by field, cleared, and read back by the admin and by pages in each language.
import { describe, expect, it } from "vitest";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { getProductForAdmin } from "./admin-products.server.ts";
import { updateProduct } from "./manage.server.ts";
import { PRICE_BANDS } from "./listing-query.ts";
import { productCreateSchema, productEditSchema } from "./product-schema.ts";
import {
  createProduct,
  getPublicProduct,
  getPublicProductWithRelated,
  listHomeProducts,
  listPublicEntries,
  listPublicProducts,
  listPublicProductsByIds,
  toCardView,
} from "./products.server.ts";
import { changesSince, editBase } from "./edit-conflict.ts";
import { ManageError } from "./manage-messages.server.ts";
import { TRANSLATION_MESSAGES } from "./translation-schema.ts";
import { fallbackLang, localizedText } from "./translations.ts";

const OWL = { name: "পিতলের পেঁচা", description: "মোম-গলানো ঢালাইয়ে তৈরি একজোড়া পেঁচা।" };
const OWL_HI = { name: "पीतल का उल्लू", description: "मोम-ढलाई से बना उल्लू का जोड़ा।" };

async function newProduct(translations?: unknown, category = "special-items") {
  const input = productCreateSchema.parse({
    category, name: "Owl Pair", price: "2650", height: "6", width: "3", length: "3", weight: "540", description: "Two wide-eyed owls",
    translations,
  });
  const { id } = await createProduct(input, [await saveTestUpload(await makeJpeg(64, 48, 1), "owl.jpg")]);
  return id;
}

/** Public at once: the worker is not running here. */
const makeReady = (id: number) => getDb().updateTable("products").set({ status: "ready" }).where("id", "=", id).execute();

const rows = (id: number) =>
  getDb().selectFrom("product_translations").select(["lang", "name", "description"]).where("product_id", "=", id).orderBy("lang").execute();

describe("writing translations", () => {
  it("a create stores them with the product; blank ones make no row", async () => {
    const id = await newProduct({ bn: OWL, hi: { name: OWL_HI.name, description: "  " } });
    expect(await rows(id)).toEqual([
      { lang: "bn", ...OWL },
      { lang: "hi", name: OWL_HI.name, description: null },
    ]);
    expect((await getProductForAdmin(id)).translations).toEqual({ bn: OWL, hi: { name: OWL_HI.name, description: null } });
    const bare = await newProduct({ bn: { name: "", description: "" } });
    expect(await rows(bare)).toEqual([]);
    expect((await getProductForAdmin(bare)).translations).toEqual({ bn: { name: null, description: null }, hi: { name: null, description: null } });
  });

  it("an update changes only what it sends; null or blank clears; the version moves on", async () => {
    const id = await newProduct({ bn: OWL, hi: OWL_HI });
    await updateProduct(id, productEditSchema.parse({ translations: { hi: { description: "नई बात" } } }));
    let product = await getProductForAdmin(id);
    expect(product.translations).toEqual({ bn: OWL, hi: { name: OWL_HI.name, description: "नई बात" } });
    expect(product.name).toBe("Owl Pair");
    expect(product.version).toBe(2);

    await updateProduct(id, productEditSchema.parse({ translations: { bn: { name: null }, hi: { name: "" } } }));
    product = await getProductForAdmin(id);
    expect(product.translations).toEqual({ bn: { name: null, description: OWL.description }, hi: { name: null, description: "नई बात" } });

    // A language sent as null clears both texts, and its row goes.
    await updateProduct(id, productEditSchema.parse({ translations: { hi: null } }));
    expect(await rows(id)).toEqual([{ lang: "bn", name: null, description: OWL.description }]);
    // An edit without translations leaves them.
    await updateProduct(id, productEditSchema.parse({ name: "Owl Pair, small" }));
    expect((await getProductForAdmin(id)).translations.bn.description).toBe(OWL.description);
  });

  it("the lost-update check covers them: a stale edit is refused and the conflict lists the translation saved meanwhile", async () => {
    const id = await newProduct({ bn: OWL });
    const opened = await getProductForAdmin(id);
    const base = editBase(opened);
    await updateProduct(id, productEditSchema.parse({ version: String(opened.version), translations: { bn: { name: "পেঁচা" } } }));
    const stale = await updateProduct(id, productEditSchema.parse({ version: String(opened.version), translations: { hi: OWL_HI } })).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ManageError);
    expect((stale as ManageError).status).toBe(409);
    expect(changesSince(base, await getProductForAdmin(id))).toEqual([{ label: "Bengali name", was: OWL.name, now: "পেঁচা" }]);
    expect((await getProductForAdmin(id)).translations.hi).toEqual({ name: null, description: null });
  });

  it("refuses other languages, other fields and texts past the English limits, naming them", () => {
    const issue = (translations: unknown) => {
      const result = productEditSchema.safeParse({ translations });
      return result.success ? null : { path: result.error.issues[0]!.path.join("."), message: result.error.issues[0]!.message };
    };
    expect(issue({ fr: { name: "Hibou" } })).toEqual({ path: "translations", message: TRANSLATION_MESSAGES.languages });
    expect(issue({ bn: { title: "x" } })).toEqual({ path: "translations.bn", message: TRANSLATION_MESSAGES.fields });
    expect(issue({ bn: { name: "ক".repeat(201) } })).toEqual({ path: "translations.bn.name", message: "Bengali name must be at most 200 characters" });
    expect(issue({ hi: { description: "क".repeat(5001) } })).toEqual({ path: "translations.hi.description", message: "Hindi description must be at most 5000 characters" });
    expect(issue({ hi: { name: 5 } })).toEqual({ path: "translations.hi.name", message: "Hindi name must be text" });
    expect(issue("bn")).toEqual({ path: "translations", message: TRANSLATION_MESSAGES.shape });
    expect(issue({ bn: { name: "ক".repeat(200) } })).toBeNull();
  });
});

describe("reading for a page in a language", () => {
  it("gives the translation, or the English text marked as English; English reads are unchanged", async () => {
    const id = await newProduct({ bn: OWL, hi: { name: OWL_HI.name } });
    await makeReady(id);
    const english = await getPublicProduct(id);
    expect(english).toMatchObject({ name: "Owl Pair", description: "Two wide-eyed owls" });
    expect(english).not.toHaveProperty("nameLang");
    expect(english).not.toHaveProperty("descriptionLang");
    expect(toCardView(english!)).not.toHaveProperty("nameLang");

    expect(await getPublicProduct(id, "bn")).toMatchObject({ ...OWL, nameLang: "bn", descriptionLang: "bn" });
    const hindi = await getPublicProduct(id, "hi");
    expect(hindi).toMatchObject({ name: OWL_HI.name, nameLang: "hi", description: "Two wide-eyed owls", descriptionLang: "en" });
    expect(toCardView(hindi!)).toMatchObject({ name: OWL_HI.name, nameLang: "hi" });
    expect(fallbackLang(hindi!.descriptionLang)).toBe("en");
    expect(fallbackLang(hindi!.nameLang)).toBeUndefined();
    expect(fallbackLang(english!.nameLang)).toBeUndefined();
  });

  it("listings, related pieces, the enquiry list and the home sections read in the language", async () => {
    const translated = await newProduct({ bn: OWL }, "wall-hanging");
    const plain = await newProduct(undefined, "wall-hanging");
    await Promise.all([makeReady(translated), makeReady(plain)]);
    await getDb().insertInto("gift_entries").values([{ product_id: translated }, { product_id: plain }]).execute();
    const names = (items: Array<{ id: number; name: string; nameLang?: string }>) =>
      Object.fromEntries(items.filter((p) => p.id === translated || p.id === plain).map((p) => [p.id === translated ? "translated" : "plain", [p.name, p.nameLang]]));
    const want = { translated: [OWL.name, "bn"], plain: ["Owl Pair", "en"] };

    expect(names((await listPublicProducts("wall-hanging", PRICE_BANDS[0], 1, "newest", "bn")).items)).toEqual(want);
    expect(names(await listPublicProductsByIds([translated, plain], "bn"))).toEqual(want);
    expect(names(await listPublicEntries("gift_entries", 10, "bn"))).toEqual(want);
    expect(names((await listHomeProducts({ gifts: 10, stock: 10 }, [], "bn")).gifts)).toEqual(want);
    const page = await getPublicProductWithRelated(plain, 15, "bn");
    expect(names([page!.product, ...page!.related])).toEqual(want);
    expect(names((await listPublicProducts("wall-hanging", PRICE_BANDS[0], 1)).items)).toEqual({ translated: ["Owl Pair", undefined], plain: ["Owl Pair", undefined] });
  });

  it("localizedText falls back field by field", () => {
    const product = { name: "Owl", description: "Owls" };
    const translations = { bn: { name: "পেঁচা", description: null }, hi: { name: null, description: null } };
    expect(localizedText(product, translations, "bn")).toEqual({ name: "পেঁচা", nameLang: "bn", description: "Owls", descriptionLang: "en" });
    expect(localizedText(product, translations, "hi")).toEqual({ name: "Owl", nameLang: "en", description: "Owls", descriptionLang: "en" });
    expect(localizedText(product, translations, "en")).toEqual({ name: "Owl", nameLang: "en", description: "Owls", descriptionLang: "en" });
  });
});
