// Both catalogue feeds against the real MySQL, Redis and sharp: every item validated against
// the services' published rules, refusals left out and listed, changes followed at once,
// and the 304 path.
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { sql } from "kysely";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { deleteProduct, toggleAvailability } from "#app/modules/catalog/manage.server.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { setProductState } from "#app/modules/catalog/states.server.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { markMediaReady } from "#app/modules/media/records.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { MEDIA_PREFIX } from "#app/modules/media/views.ts";
import { bumpPublicVersion, publicVersionSeenAt, readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { makeImageVariants } from "#workers/images.ts";
import { feedSummary, feedXml } from "./feed.server.ts";
import { feedResponse, feedValidators, isNotModified } from "./response.server.ts";
import { FEED_SERVICES, GOOGLE_PRODUCT_CATEGORY, REFUSAL_REASONS, type FeedService } from "./rules.ts";

const storage = getDiskStorage();
const db = getDb();
const SERVICES: FeedService[] = ["meta", "google"];

/** A product made as the upload does it, its images processed by the worker's own sharp code. */
async function readyProduct(options: { name: string; price: number; fixedPrice?: number; images?: Array<[number, number]>; description?: string }) {
  const input = productCreateSchema.parse({
    category: "candle-stand-and-pooja-related",
    name: options.name,
    description: options.description ?? "Hand-cast brass by lost-wax.",
    price: String(options.price),
    fixedPrice: options.fixedPrice === undefined ? "" : String(options.fixedPrice),
    height: "6",
    width: "4",
    length: "3",
    weight: "850",
  });
  const sizes = options.images ?? [[1600, 1200]];
  const uploads = await Promise.all(sizes.map(async ([w, h], i) => saveTestUpload(await makeJpeg(w, h, i), `p${i}.jpg`)));
  const { id } = await createProduct(input, uploads);
  const media = await db.selectFrom("product_images").innerJoin("media", "media.id", "product_images.media_id")
    .select(["media.id", "media.original_path"]).where("product_images.product_id", "=", id).orderBy("position").execute();
  for (const row of media) {
    const result = await makeImageVariants(storage.originalPath(row.original_path), storage, { og: true });
    expect(await markMediaReady(db, row.id, result)).toBe(true);
  }
  return id;
}

async function readFeed(service: FeedService): Promise<string> {
  let xml = "";
  for await (const piece of feedXml(service)) xml += piece;
  return xml;
}

type Item = Record<string, string | string[] | number>;
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === "item" || name === "g:additional_image_link" });

function itemsOf(xml: string): Item[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as { rss: { "@_version": string; "@_xmlns:g": string; channel: { item?: Item[] } } };
  expect(doc.rss["@_version"]).toBe("2.0");
  expect(doc.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  return doc.rss.channel.item ?? [];
}

const ids = (items: Item[]) => items.map((item) => Number(item["g:id"]));

let discounted = 0;
let plain = 0;

beforeAll(async () => {
  await storage.ensureDirs();
  discounted = await readyProduct({ name: `Owl & "Lamp" <brass>\u0007`, price: 2200, fixedPrice: 2500, images: [[1600, 1200], [900, 1400], [400, 400]] });
  plain = await readyProduct({ name: "Diya stand", price: 1800, images: [[1000, 1000]] });
});

describe("the catalogue feeds", () => {
  it("carry every public product with the fields both services require, each in its own words", async () => {
    const base = (await getShopSettings()).publicUrl;
    // The stated size: 1200 px on the long side, or the whole original when it is smaller (never upscaled).
    const longSide: Record<number, number> = { [discounted]: 1200, [plain]: 1000 };
    for (const service of SERVICES) {
      const items = itemsOf(await readFeed(service));
      expect(ids(items)).toEqual([discounted, plain]);
      for (const item of items) {
        for (const field of ["id", "title", "description", "link", "image_link", "availability", "condition", "price", "brand", "product_type", "google_product_category"]) {
          expect(String(item[`g:${field}`] ?? "").trim(), `${service} ${field}`).not.toBe("");
        }
        expect(item["g:price"]).toMatch(/^\d+\.\d{2} INR$/);
        if (item["g:sale_price"] !== undefined) expect(item["g:sale_price"]).toMatch(/^\d+\.\d{2} INR$/);
        expect(item["g:availability"]).toBe(FEED_SERVICES[service].inStock);
        expect(item["g:condition"]).toBe("new");
        expect(item["g:brand"]).toBe((await getShopSettings()).name);
        expect(item["g:identifier_exists"]).toBe(service === "google" ? "no" : undefined);
        expect(item["g:product_type"]).toBe("Candle stand & Pooja Related");
        expect(item["g:google_product_category"]).toBe(GOOGLE_PRODUCT_CATEGORY["candle-stand-and-pooja-related"]);
        expect(item["g:link"]).toBe(`${base}/product/candle-stand-and-pooja-related/${item["g:id"]}`);
        for (const link of [item["g:image_link"], ...((item["g:additional_image_link"] as string[] | undefined) ?? [])]) {
          expect(String(link).startsWith(`${base}${MEDIA_PREFIX}`)).toBe(true);
          // The file behind the link: a JPEG at least that long on its long side.
          const file = await sharp(path.join(storage.mediaDir, String(link).slice(`${base}${MEDIA_PREFIX}`.length))).metadata();
          expect(file.format).toBe("jpeg");
          expect(Math.max(file.width, file.height)).toBeGreaterThanOrEqual(longSide[Number(item["g:id"])]!);
        }
      }
      const [first, second] = items;
      // Title kept as text: escaped in the XML, control characters dropped.
      expect(first!["g:title"]).toBe(`Owl & "Lamp" <brass>`);
      expect([first!["g:price"], first!["g:sale_price"]]).toEqual(["2500.00 INR", "2200.00 INR"]);
      // The 400 px picture is not offered to services that refuse under 500 px.
      expect(first!["g:additional_image_link"]).toHaveLength(1);
      expect([second!["g:price"], second!["g:sale_price"]]).toEqual(["1800.00 INR", undefined]);
      expect(second!["g:additional_image_link"]).toBeUndefined();
    }
  });

  it("leave out, and list for the admin, what a service would refuse", async () => {
    const noDescription = await readyProduct({ name: "No words", price: 900 });
    await db.updateTable("products").set({ description: "  \n " }).where("id", "=", noDescription).execute();
    const small = await readyProduct({ name: "Tiny photo", price: 900, images: [[480, 640]] });
    const free = await readyProduct({ name: "Free", price: 900 });
    await db.updateTable("products").set({ price_fixed: "0.00", price_discount: null }).where("id", "=", free).execute();
    const long = await readyProduct({ name: "Long", price: 900 });
    await db.updateTable("products").set({ name: "x".repeat(151) }).where("id", "=", long).execute();
    const exactly150 = await readyProduct({ name: "y".repeat(150), price: 900 });

    for (const service of SERVICES) expect(ids(itemsOf(await readFeed(service)))).toEqual([discounted, plain, exactly150]);
    const summary = await feedSummary();
    expect(summary.carried).toBe(3);
    expect(summary.refused).toEqual([
      { id: noDescription, name: "No words", reasons: [REFUSAL_REASONS.noDescription] },
      { id: small, name: "Tiny photo", reasons: [REFUSAL_REASONS.smallPicture] },
      { id: free, name: "Free", reasons: [REFUSAL_REASONS.zeroPrice] },
      { id: long, name: "x".repeat(151), reasons: [REFUSAL_REASONS.longTitle] },
    ]);
    for (const id of [noDescription, small, free, long, exactly150]) await deleteProduct(id);
  });

  it("follow the catalogue at once: an unavailable or deleted product leaves both feeds", async () => {
    const leaving = await readyProduct({ name: "Leaving", price: 700 });
    const deleted = await readyProduct({ name: "Deleted", price: 700 });
    for (const service of SERVICES) expect(ids(itemsOf(await readFeed(service)))).toEqual([discounted, plain, leaving, deleted]);
    await toggleAvailability(leaving);
    await deleteProduct(deleted);
    for (const service of SERVICES) expect(ids(itemsOf(await readFeed(service)))).toEqual([discounted, plain]);
    await toggleAvailability(leaving);
    for (const service of SERVICES) expect(ids(itemsOf(await readFeed(service)))).toEqual([discounted, plain, leaving]);
    await deleteProduct(leaving);
  });

  it("name an image's new JPEG once its sizes were made again (the pick kept per image follows updated_at)", async () => {
    const remade = await readyProduct({ name: "Remade", price: 900 });
    const imageLink = async () => String(itemsOf(await readFeed("meta")).find((item) => Number(item["g:id"]) === remade)!["g:image_link"]);
    const before = await imageLink();
    expect(before).toMatch(/\.jpg$/);
    const { media_id } = await db.selectFrom("product_images").select("media_id").where("product_id", "=", remade).executeTakeFirstOrThrow();
    // As if the worker had made every size again under new names: the row's updated_at moves.
    await db.updateTable("media").set({ variants: sql`REPLACE(variants, '.jpg', '-again.jpg')` }).where("id", "=", media_id).execute();
    expect(await imageLink()).toBe(before.replace(/\.jpg$/, "-again.jpg"));
    await deleteProduct(remade);
  });
});

describe("a piece's state in the feeds", () => {
  it("keeps sold and reserved pieces as out of stock, and a made-to-order one as back-order with its ship date (Google)", async () => {
    const piece = await readyProduct({ name: "One of a kind", price: 1500 });
    const item = async (service: FeedService) => itemsOf(await readFeed(service)).find((i) => Number(i["g:id"]) === piece)!;
    await setProductState(piece, { state: "sold" });
    expect(ids(itemsOf(await readFeed("meta")))).toEqual([discounted, plain, piece]);
    expect((await item("google"))["g:availability"]).toBe("out_of_stock");
    expect((await item("meta"))["g:availability"]).toBe("out of stock");
    await setProductState(piece, { state: "reserved" });
    expect([(await item("google"))["g:availability"], (await item("meta"))["g:availability"]]).toEqual(["out_of_stock", "out of stock"]);
    await setProductState(piece, { state: "made-to-order", shipsInDays: 30 });
    const google = await item("google");
    const meta = await item("meta");
    expect(google["g:availability"]).toBe("backorder");
    expect(google["g:identifier_exists"]).toBe("no");
    const expected = new Date(Date.now() + 330 * 60_000 + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(google["g:availability_date"]).toBe(`${expected}T00:00+05:30`);
    expect(meta["g:availability"]).toBe("available for order");
    expect(meta["g:availability_date"]).toBeUndefined();
    await setProductState(piece, { state: "available" });
    expect((await item("google"))["g:availability"]).toBe("in_stock");
    expect((await item("google"))["g:availability_date"]).toBeUndefined();
    await deleteProduct(piece);
  });
});

describe("the feed as an HTTP answer", () => {
  const get = (service: FeedService, headers: Record<string, string> = {}) =>
    feedResponse(new Request(`http://localhost${FEED_SERVICES[service].path}`, { headers }), service);

  it("answers 304 to the validators it gave, and 200 with new ones once the catalogue moved", async () => {
    await bumpPublicVersion();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // let the version's second close
    for (const service of SERVICES) {
      const first = await get(service);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      expect(first.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const etag = first.headers.get("etag")!;
      const lastModified = first.headers.get("last-modified")!;
      expect(etag).toMatch(new RegExp(`^W/"${service}-\\d+-`));
      expect(new Date(lastModified).getTime()).toBeLessThanOrEqual(Date.now());
      expect(ids(itemsOf(await first.text()))).toEqual([discounted, plain]);

      expect((await get(service, { "If-None-Match": etag })).status).toBe(304);
      const ims = await get(service, { "If-Modified-Since": lastModified });
      expect([ims.status, ims.headers.get("last-modified"), ims.headers.get("etag")]).toEqual([304, lastModified, etag]);
      const unchanged = await get(service, { "If-None-Match": etag, "If-Modified-Since": lastModified });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get("etag")).toBe(etag);
      expect(unchanged.body).toBeNull();
      // If-None-Match decides when both are sent (RFC 9110): another tag means a full answer.
      expect((await get(service, { "If-None-Match": '"other"', "If-Modified-Since": lastModified })).status).toBe(200);
    }
    const before = (await get("meta")).headers.get("etag")!;
    const google = (await get("google")).headers.get("etag")!;
    expect(google).not.toBe(before);
    await bumpPublicVersion();
    const after = await get("meta", { "If-None-Match": before });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
    await after.body?.cancel();
  });

  it("gives no Last-Modified while the version's second is open, so two changes in one second are never one date", async () => {
    await bumpPublicVersion();
    const seenAt = (await publicVersionSeenAt((await readPublicVersion())!))!;
    const second = Math.floor(seenAt / 1000) * 1000;
    expect((await feedValidators("meta", seenAt))!.lastModified).toBeNull();
    expect((await feedValidators("meta", second + 999))!.lastModified).toBeNull();
    const closed = (await feedValidators("meta", second + 1000))!;
    expect(closed.lastModified!.getTime()).toBe(second);
    expect(isNotModified(new Headers({ "If-Modified-Since": new Date(second).toUTCString() }), closed)).toBe(true);
    expect(isNotModified(new Headers({ "If-Modified-Since": new Date(second - 1000).toUTCString() }), closed)).toBe(false);
    expect(isNotModified(new Headers({ "If-Modified-Since": "not a date" }), closed)).toBe(false);
    expect(isNotModified(new Headers({ "If-None-Match": "*" }), closed)).toBe(true);
  });
});
