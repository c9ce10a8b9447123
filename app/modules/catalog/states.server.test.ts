// Piece states against the real MySQL: the rules shared by the forms and the API, the sold
// pieces last in every order (listing, search, You May Also Like), kept off the home page's
// sections, counted and filtered for the admin.
import { describe, expect, it } from "vitest";
import { getDb } from "#db/index.ts";
import { listProductsForAdmin } from "./admin-products.server.ts";
import { PRICE_BANDS } from "./listing-query.ts";
import { ManageError } from "./manage-messages.server.ts";
import { updateProduct } from "./manage.server.ts";
import { productEditFormSchema, productEditSchema } from "./product-schema.ts";
import { getCatalogCounts, getPublicProductWithRelated, listHomeProducts, listPublicProducts } from "./products.server.ts";
import { searchPublicProducts } from "./search.server.ts";
import { setProductState } from "./states.server.ts";
import { STATE_MESSAGES, resolveState } from "./states.ts";

async function insertProduct(name: string, price: number) {
  const result = await getDb()
    .insertInto("products")
    .values({ name, description: "brass owl", category: "wall-hanging", price_fixed: price, price_discount: price, status: "ready", available: 1 })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

const stored = async (id: number) =>
  getDb().selectFrom("products").select(["state", "ships_in_days"]).where("id", "=", id).executeTakeFirstOrThrow();

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ManageError);
  return (error as ManageError).message;
}

describe("the state rules", () => {
  it("made to order needs 1–365 days; other states have none", () => {
    const available = { state: "available" as const, shipsInDays: null };
    expect(resolveState(available, { state: "made-to-order", shipsInDays: 14 })).toEqual({ state: "made-to-order", shipsInDays: 14 });
    expect(resolveState(available, { state: "made-to-order" })).toEqual({ error: STATE_MESSAGES.shipsInDaysRequired });
    expect(resolveState(available, { state: "sold", shipsInDays: 3 })).toEqual({ error: STATE_MESSAGES.shipsInDaysOnlyMadeToOrder });
    // Days alone change a made-to-order piece's days, and are dropped when it leaves that state.
    const mto = { state: "made-to-order" as const, shipsInDays: 10 };
    expect(resolveState(mto, { shipsInDays: 20 })).toEqual({ state: "made-to-order", shipsInDays: 20 });
    expect(resolveState(mto, { state: "sold" })).toEqual({ state: "sold", shipsInDays: null });
    expect(resolveState(available, { shipsInDays: 20 })).toEqual({ error: STATE_MESSAGES.shipsInDaysOnlyMadeToOrder });
  });

  it("the API's schema refuses an unknown state and days outside 1–365, as text or numbers", () => {
    for (const bad of [{ state: "gone" }, { shipsInDays: 0 }, { shipsInDays: "366" }, { shipsInDays: "2.5" }, { shipsInDays: "ten" }]) {
      expect(productEditSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(productEditSchema.parse({ state: "made-to-order", shipsInDays: "30" })).toMatchObject({ state: "made-to-order", shipsInDays: 30 });
    expect(productEditSchema.parse({ state: "" })).toMatchObject({ state: undefined });
  });

  it("the edit form asks for days with Made to order, and drops its days box with other states", () => {
    const base = { name: "Owl", description: "Brass", priceFixed: "100" };
    const missing = productEditFormSchema.safeParse({ ...base, state: "made-to-order", shipsInDays: "" });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]).toMatchObject({ path: ["shipsInDays"], message: STATE_MESSAGES.shipsInDaysRequired });
    expect(productEditFormSchema.parse({ ...base, state: "sold", shipsInDays: "30" })).toMatchObject({ state: "sold", shipsInDays: undefined });
  });
});

describe("setting a state", () => {
  it("writes state and days, refuses what the rules refuse and leaves the row as it was", async () => {
    const id = await insertProduct("Owl lamp", 1000);
    await setProductState(id, { state: "made-to-order", shipsInDays: 21 });
    expect(await stored(id)).toEqual({ state: "made-to-order", ships_in_days: 21 });
    expect(await refusal(setProductState(id, { state: "reserved", shipsInDays: 5 }))).toBe(STATE_MESSAGES.shipsInDaysOnlyMadeToOrder);
    expect(await stored(id)).toEqual({ state: "made-to-order", ships_in_days: 21 });
    await updateProduct(id, productEditSchema.parse({ state: "sold" }));
    expect(await stored(id)).toEqual({ state: "sold", ships_in_days: null });
    expect(await refusal(updateProduct(id, productEditSchema.parse({ name: "Renamed", state: "made-to-order" })))).toBe(STATE_MESSAGES.shipsInDaysRequired);
    // The whole edit is refused: the name did not change either.
    expect((await getDb().selectFrom("products").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe("Owl lamp");
    expect(await refusal(setProductState(999_999, { state: "sold" }))).toMatch(/not found/i);
  });

  it("a button pressed for a state the piece has left is refused: an old tab never undoes a sale", async () => {
    const id = await insertProduct("Owl bell", 1200);
    await setProductState(id, { state: "sold", from: "available" });
    expect(await refusal(setProductState(id, { state: "reserved", from: "available" }))).toBe(STATE_MESSAGES.movedOn("Sold"));
    expect(await stored(id)).toEqual({ state: "sold", ships_in_days: null });
    await setProductState(id, { state: "available", from: "sold" });
    expect(await stored(id)).toEqual({ state: "available", ships_in_days: null });
  });
});

describe("sold pieces in lists", () => {
  it("come after all others in every order, in listings, search and You May Also Like; never on the home page's sections", async () => {
    await getDb().deleteFrom("products").execute();
    const cheap = await insertProduct("Cheap owl", 100);
    const soldCheapest = await insertProduct("Sold owl", 50);
    const dear = await insertProduct("Dear owl", 900);
    const soldNewest = await insertProduct("Sold newest owl", 500);
    await setProductState(soldCheapest, { state: "sold" });
    await setProductState(soldNewest, { state: "sold" });
    await setProductState(dear, { state: "reserved" });
    const listing = async (sort: "newest" | "price-asc" | "price-desc") =>
      (await listPublicProducts("wall-hanging", PRICE_BANDS[0], 1, sort)).items.map((p) => p.id);
    expect(await listing("newest")).toEqual([dear, cheap, soldNewest, soldCheapest]);
    expect(await listing("price-asc")).toEqual([cheap, dear, soldCheapest, soldNewest]);
    expect(await listing("price-desc")).toEqual([dear, cheap, soldNewest, soldCheapest]);
    for (const sort of ["relevance", "newest", "price-asc", "price-desc"] as const) {
      const found = (await searchPublicProducts("owl", PRICE_BANDS[0], 1, sort)).items.map((p) => p.id);
      expect(found.slice(-2).sort(), sort).toEqual([soldCheapest, soldNewest].sort());
    }
    const related = (await getPublicProductWithRelated(cheap, 15))!.related.map((p) => p.id);
    expect(related).toEqual([dear, soldNewest, soldCheapest]);

    for (const id of [cheap, soldCheapest, dear, soldNewest]) {
      await getDb().insertInto("gift_entries").values({ product_id: id }).execute();
      await getDb().insertInto("stock_entries").values({ product_id: id }).execute();
    }
    const home = await listHomeProducts({ gifts: 8, stock: 5 }, []);
    expect(home.gifts.map((p) => p.id)).toEqual([dear, cheap]);
    expect(home.stock.map((p) => p.id)).toEqual([dear, cheap]);
  });

  it("are counted by state and filtered on All Products", async () => {
    const counts = await getCatalogCounts();
    expect(counts.byState).toEqual({ available: 1, reserved: 1, sold: 2, "made-to-order": 0 });
    const sold = await listProductsForAdmin({ state: "sold" });
    expect(sold.items.map((p) => p.name).sort()).toEqual(["Sold newest owl", "Sold owl"]);
    expect((await listProductsForAdmin({ state: "nonsense" })).total).toBe(4);
  });
});
