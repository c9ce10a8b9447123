// The public listing against the real MySQL: ready + available only, price bands in SQL,
// pages of 12, and the Gift/stock lists.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb, queryCounter } from "#db/index.ts";
import { PRICE_BANDS, priceBand } from "./listing-query.ts";
import type { MediaVariant } from "#db/schema.ts";
import {
  PAGE_SIZE,
  getPublicProduct,
  getPublicProductWithRelated,
  listAllPublicProducts,
  listHomeProducts,
  listPublicEntries,
  listPublicProducts,
  listPublicProductRefs,
} from "./products.server.ts";

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
    const home = await listHomeProducts({ gifts: 8, stock: 5 }, ["special-items", "trending"]);
    expect([home.gifts.map((p) => p.id), home.stock.map((p) => p.id)]).toEqual([[gift], [stock]]);
    expect(home.tiles).toEqual({ "special-items": null, trending: null });
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

describe("a public product's images", () => {
  async function insertImage(productId: number, position: number, status: "ready" | "processing", name: string) {
    const variants: MediaVariant[] = [320, 640].flatMap((width) =>
      (["jpeg", "webp"] as const).map((format) => ({ role: `w${width}`, format, path: `${name}/${width}.${format}`, width, height: width, bytes: 1 })),
    );
    const media = await getDb()
      .insertInto("media")
      .values({
        kind: "product_image",
        status,
        original_path: `originals/${name}`,
        original_name: `${name}.jpg`,
        original_bytes: 1,
        mime_type: "image/jpeg",
        variants: status === "ready" ? JSON.stringify(variants) : null,
        width: status === "ready" ? 640 : null,
        height: status === "ready" ? 640 : null,
      })
      .executeTakeFirstOrThrow();
    await getDb().insertInto("product_images").values({ product_id: productId, media_id: Number(media.insertId), position }).execute();
  }

  it("are the ready ones, in their positions' order whatever the insert order, on the product, the listing and the home tile", async () => {
    const productId = await insertProduct("Pictured piece", 1500);
    await getDb().updateTable("products").set({ category: "my-creativity" }).where("id", "=", productId).execute();
    await insertImage(productId, 2, "ready", "third");
    await insertImage(productId, 0, "ready", "first");
    await insertImage(productId, 1, "processing", "second");
    await insertImage(productId, 3, "ready", "fourth");

    const product = await getPublicProduct(productId);
    expect(product!.images.map((image) => image.fallback)).toEqual(["/media/first/320.jpeg", "/media/third/320.jpeg", "/media/fourth/320.jpeg"]);
    expect(product!.images[0]!.webpSrcset).toBe("/media/first/320.webp 320w, /media/first/640.webp 640w");
    const listed = (await listPublicProducts("my-creativity", PRICE_BANDS[0], 1)).items.find((item) => item.id === productId);
    expect(listed!.images.map((image) => image.url)).toEqual(["/media/first/640.jpeg", "/media/third/640.jpeg", "/media/fourth/640.jpeg"]);
    expect((await listHomeProducts({ gifts: 8, stock: 5 }, ["my-creativity"])).tiles["my-creativity"]!.url).toBe("/media/first/640.jpeg");

    const bare = await insertProduct("No picture yet", 1500);
    expect((await getPublicProduct(bare))!.images).toEqual([]);
  });

  it("are read with their sizes kept per image: a repeat read fetches no sizes, and sizes made again show at once", async () => {
    const productId = await insertProduct("Remade piece", 1500);
    await insertImage(productId, 0, "ready", "remade");
    const readCounted = async () => {
      const before = queryCounter.count;
      const product = await getPublicProduct(productId);
      return { srcset: product!.images[0]!.jpegSrcset, queries: queryCounter.count - before };
    };
    const first = await readCounted();
    expect(first.srcset).toBe("/media/remade/320.jpeg 320w, /media/remade/640.jpeg 640w");
    // The product, its image rows, and that image's sizes the first time.
    expect(first.queries).toBe(3);
    expect(await readCounted()).toEqual({ srcset: first.srcset, queries: 2 });

    // As if the worker had made every size again under new names: the row's updated_at moves.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await getDb()
      .updateTable("media")
      .set({ variants: sql`REPLACE(variants, 'remade/', 'remade-again/')` })
      .where("original_name", "=", "remade.jpg")
      .execute();
    expect(await readCounted()).toEqual({ srcset: "/media/remade-again/320.jpeg 320w, /media/remade-again/640.jpeg 640w", queries: 3 });
  });
});

describe("getPublicProductWithRelated", () => {
  it("reads the product and the newest public others of its category, with all their images, in three statements and the new image's sizes", async () => {
    const inCategory = async (name: string, options: Parameters<typeof insertProduct>[2] = {}) => {
      const id = await insertProduct(name, 900, options);
      await getDb().updateTable("products").set({ category: "pen-and-napkin-holder" }).where("id", "=", id).execute();
      return id;
    };
    const older = await inCategory("Older holder");
    const newer = await inCategory("Newer holder");
    await inCategory("Hidden holder", { available: 0 });
    await insertProduct("Elsewhere", 900);
    const newest = await inCategory("Newest holder");
    const variants = [{ role: "w320", format: "jpeg", path: "holder/320.jpeg", width: 320, height: 320, bytes: 1 }];
    const picture = await getDb()
      .insertInto("media")
      .values({ kind: "product_image", status: "ready", original_path: "originals/holder", original_name: "holder.jpg", original_bytes: 1, mime_type: "image/jpeg", width: 320, height: 320, variants: JSON.stringify(variants) })
      .executeTakeFirstOrThrow();
    await getDb().insertInto("product_images").values({ product_id: older, media_id: Number(picture.insertId), position: 0 }).execute();

    const before = queryCounter.count;
    const found = await getPublicProductWithRelated(newer, 15);
    expect(queryCounter.count - before).toBe(4);
    expect(found!.product.name).toBe("Newer holder");
    expect(found!.related.map((p) => p.name)).toEqual(["Newest holder", "Older holder"]);
    expect(found!.related[1]!.images.map((image) => image.url)).toEqual(["/media/holder/320.jpeg"]);
    expect((await getPublicProductWithRelated(newest, 1))!.related.map((p) => p.id)).toEqual([newer]);
    expect(await getPublicProductWithRelated(await inCategory("Processing holder", { status: "processing" }), 15)).toBeNull();
  });
});
