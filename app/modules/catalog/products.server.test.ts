// The public listing against the real MySQL: ready + available only, price bands in SQL,
// pages of 12, and the Gift/stock lists.
import { describe, expect, it } from "vitest";
import { getDb, queryCounter } from "#db/index.ts";
import { PRICE_BANDS, priceBand } from "./listing-query.ts";
import { PAGE_SIZE, listAllPublicProducts, listPublicEntries, listPublicProducts, listPublicProductRefs } from "./products.server.ts";

async function insertProduct(name: string, price: number, options: { status?: "ready" | "processing"; available?: number; fixed?: number } = {}) {
  const result = await getDb()
    .insertInto("products")
    .values({
      name,
      description: "",
      category: "special-items",
      price_fixed: options.fixed ?? price,
      price_discount: price,
      status: options.status ?? "ready",
      available: options.available ?? 1,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

describe("listPublicProducts", () => {
  it("pages by 12, newest first, and clamps out-of-range pages", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push(await insertProduct(`Piece ${i}`, 1000 + i * 1000));
    await insertProduct("Still processing", 2000, { status: "processing" });
    await insertProduct("Hidden", 2000, { available: 0 });

    const first = await listPublicProducts("special-items", PRICE_BANDS[0], 1);
    expect(first).toMatchObject({ total: 14, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items[0]!.id).toBe(ids.at(-1));
    const second = await listPublicProducts("special-items", PRICE_BANDS[0], 2);
    expect(second.items.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    expect((await listPublicProducts("special-items", PRICE_BANDS[0], 99)).page).toBe(2);
    expect((await listPublicProductRefs()).map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
  });

  it("filters on the selling price in SQL, bounds belonging to the lower band", async () => {
    // Prices 1000..14000 from the test above, plus a discounted one: selling 4999, list 60000.
    await insertProduct("Discounted", 4999, { fixed: 60000 });
    const names = async (key: string) =>
      (await listPublicProducts("special-items", priceBand(key), 1)).items.map((p) => p.name).sort();
    expect(await names("below-5000")).toEqual(["Discounted", "Piece 0", "Piece 1", "Piece 2", "Piece 3"]);
    expect(await names("5000-10000")).toEqual(["Piece 4", "Piece 5", "Piece 6", "Piece 7", "Piece 8", "Piece 9"]);
    expect(await names("10000-50000")).toEqual(["Piece 10", "Piece 11", "Piece 12", "Piece 13"]);
    expect(await names("above-50000")).toEqual([]);
  });

  it("sorts by selling price either way and by newest, within the price band, ties by id", async () => {
    const names = async (sort: "price-asc" | "price-desc" | "newest", page = 1) =>
      (await listPublicProducts("special-items", priceBand("below-5000"), page, sort)).items.map((p) => p.name);
    expect(await names("price-asc")).toEqual(["Piece 0", "Piece 1", "Piece 2", "Piece 3", "Discounted"]);
    expect(await names("price-desc")).toEqual(["Discounted", "Piece 3", "Piece 2", "Piece 1", "Piece 0"]);
    expect(await names("newest")).toEqual(["Discounted", "Piece 3", "Piece 2", "Piece 1", "Piece 0"]);
    const cheapestSecondPage = (await listPublicProducts("special-items", PRICE_BANDS[0], 2, "price-asc")).items.map((p) => p.name);
    expect(cheapestSecondPage).toEqual(["Piece 11", "Piece 12", "Piece 13"]);
  });

  it("lists Gift and stock entries through their own tables", async () => {
    const gift = await insertProduct("Gift piece", 500);
    const stock = await insertProduct("Stock piece", 600);
    await getDb().insertInto("gift_entries").values({ product_id: gift }).execute();
    await getDb().insertInto("stock_entries").values({ product_id: stock }).execute();
    expect((await listPublicEntries("gift_entries", 8)).map((p) => p.id)).toEqual([gift]);
    expect((await listPublicEntries("stock_entries", 5)).map((p) => p.id)).toEqual([stock]);
    expect((await listPublicProducts("trending", PRICE_BANDS[0], 1)).items.map((p) => p.id)).toEqual([gift]);
    expect((await listPublicProducts("available-collection", PRICE_BANDS[0], 1)).items.map((p) => p.id)).toEqual([stock]);
  });
});

describe("listAllPublicProducts", () => {
  it("reads a whole category in the same two queries, however many products it holds", async () => {
    const queriesFor = async () => {
      const before = queryCounter.count;
      const items = await listAllPublicProducts("wall-hanging");
      return { items: items.length, queries: queryCounter.count - before };
    };
    const insertMany = async (count: number) => {
      const rows = Array.from({ length: count }, (_, i) => ({ name: `Wall ${i}`, description: "", category: "wall-hanging", price_fixed: 1000, status: "ready" as const }));
      await getDb().insertInto("products").values(rows).execute();
    };
    await insertMany(3);
    const small = await queriesFor();
    await insertMany(60);
    const large = await queriesFor();
    expect([small.items, large.items]).toEqual([3, 63]);
    expect(large.queries).toBe(small.queries);
    expect(large.queries).toBeLessThanOrEqual(2);
  });
});
