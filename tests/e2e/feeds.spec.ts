import { expect, test, type APIRequestContext } from "./test.ts";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { E2E_BASE_URL } from "../../playwright.config.ts";

// The catalogue feeds over HTTP against the seeded shop: both validate against Meta's and
// Google's published rules, every picture they name answers as a JPEG of the stated size,
// an unchanged feed answers 304, and the product pages state the feeds' price and availability.

type Item = Record<string, string | string[]>;
const FEEDS = { meta: { path: "/feeds/meta.xml", inStock: "in stock" }, google: { path: "/feeds/google.xml", inStock: "in_stock" } } as const;
// PUBLIC_URL of the e2e server (scripts/e2e-server.sh).
const PUBLIC_URL = E2E_BASE_URL;
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === "item" || name === "g:additional_image_link" });

async function feedItems(request: APIRequestContext, path: string): Promise<Item[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as { rss: { "@_version": string; "@_xmlns:g": string; channel: { item?: Item[] } } };
  expect(doc.rss["@_version"]).toBe("2.0");
  expect(doc.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  return doc.rss.channel.item ?? [];
}

const isPublicLink = (value: string) => value.startsWith(`${PUBLIC_URL}/`) || value.startsWith("https://");

for (const [service, feed] of Object.entries(FEEDS)) {
  test(`${service} feed: every public product with the required fields, valid values and absolute links`, async ({ request }) => {
    const items = await feedItems(request, feed.path);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/feeds/");
    const productPages = [...sitemap.matchAll(/<loc>([^<]+\/product\/[^/<]+\/\d+)<\/loc>/g)].map((m) => m[1]);
    // The seeded products all meet both services' rules: the feed carries each public product once.
    expect(items.map((i) => i["g:link"]).sort()).toEqual(productPages.sort());
    expect(new Set(items.map((i) => i["g:id"])).size).toBe(items.length);
    for (const item of items) {
      for (const field of ["id", "title", "description", "link", "image_link", "availability", "condition", "price", "brand", "product_type", "google_product_category"]) {
        expect(String(item[`g:${field}`] ?? "").trim(), `${field} of item ${item["g:id"]}`).not.toBe("");
      }
      expect(item["g:price"]).toMatch(/^\d+\.\d{2} INR$/);
      if (item["g:sale_price"] !== undefined) {
        expect(item["g:sale_price"]).toMatch(/^\d+\.\d{2} INR$/);
        expect(parseFloat(item["g:sale_price"] as string)).toBeLessThan(parseFloat(item["g:price"] as string));
      }
      expect(item["g:availability"]).toBe(feed.inStock);
      expect(item["g:condition"]).toBe("new");
      expect(item["g:identifier_exists"]).toBe(service === "google" ? "no" : undefined);
      expect(Array.from(item["g:title"] as string).length).toBeLessThanOrEqual(150);
      for (const link of [item["g:link"], item["g:image_link"], ...(item["g:additional_image_link"] ?? [])]) {
        expect(isPublicLink(link as string), `${link} is absolute on PUBLIC_URL or https`).toBe(true);
      }
    }
  });

  test(`${service} feed: every image_link answers 200 with a JPEG at least 1200 px on its long side`, async ({ request }) => {
    const items = await feedItems(request, feed.path);
    expect(items.length).toBeGreaterThan(0);
    const links = items.flatMap((i) => [i["g:image_link"] as string, ...((i["g:additional_image_link"] as string[] | undefined) ?? [])]);
    for (const link of links) {
      const response = await request.get(link);
      expect(response.status(), link).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/jpeg");
      const meta = await sharp(await response.body()).metadata();
      expect(meta.format).toBe("jpeg");
      // The seed's pictures are 1200 px square: the feed names a JPEG at least that long.
      expect(Math.max(meta.width, meta.height), link).toBeGreaterThanOrEqual(1200);
    }
  });

  test(`${service} feed: kept out of shared caches, and 304 when nothing changed`, async ({ request }) => {
    const first = await request.get(feed.path);
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe("private, no-cache");
    expect(first.headers()["x-robots-tag"]).toBe("noindex");
    expect(first.headers()["x-cache"]).toBe("BYPASS");
    // The worker's AVIF follow-ups of the seed may still be finishing, and each moves the public
    // version (as every finished media job does). A conditional GET is 304 exactly when the
    // version it names is still current, 200 with new validators when it moved in between.
    const conditional = async (headers: Record<string, string>) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const current = await request.get(feed.path);
        let { etag, "last-modified": lastModified } = current.headers();
        // Last-Modified is given once the version's second is over (app/modules/feeds/response.server.ts).
        if (!lastModified) {
          await new Promise((resolve) => setTimeout(resolve, 1100));
          ({ etag, "last-modified": lastModified } = (await request.get(feed.path)).headers());
          if (!lastModified) continue;
        }
        const sent = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace("ETAG", etag!).replace("DATE", lastModified!)]));
        const answer = await request.get(feed.path, { headers: sent });
        if (answer.status() === 304) {
          expect(answer.headers()["etag"]).toBe(etag);
          expect((await answer.body()).length).toBe(0);
          return;
        }
        expect(answer.status()).toBe(200);
        expect(answer.headers()["etag"], "a full answer only when the version moved").not.toBe(etag);
      }
      throw new Error("the public version never stayed put for two requests");
    };
    await conditional({ "If-None-Match": "ETAG" });
    await conditional({ "If-Modified-Since": "DATE" });
    await conditional({ "If-None-Match": "ETAG", "If-Modified-Since": "DATE" });
    expect((await request.get(feed.path, { headers: { "If-None-Match": '"something-else"' } })).status()).toBe(200);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).not.toMatch(/Disallow: \/feeds/);
  });
}

test("the product page's JSON-LD states the feeds' price and availability (product snippet form)", async ({ page, request }) => {
  const items = await feedItems(request, FEEDS.google.path);
  const metaItems = await feedItems(request, FEEDS.meta.path);
  // One discounted and one full-price product, when the seed has both.
  const picks = [items.find((i) => i["g:sale_price"] !== undefined), items.find((i) => i["g:sale_price"] === undefined)].filter(Boolean) as Item[];
  expect(picks.length).toBeGreaterThan(0);
  for (const item of picks) {
    const metaItem = metaItems.find((m) => m["g:id"] === item["g:id"])!;
    expect([metaItem["g:price"], metaItem["g:sale_price"]]).toEqual([item["g:price"], item["g:sale_price"]]);
    await page.goto(new URL(item["g:link"] as string).pathname);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b["@type"] === "Product")!;
    const offers = product.offers as { price: number; priceCurrency: string; availability: string; "@type": string };
    expect(offers["@type"]).toBe("Offer");
    expect(offers.price.toFixed(2)).toBe(((item["g:sale_price"] ?? item["g:price"]) as string).replace(" INR", ""));
    expect(offers.priceCurrency).toBe("INR");
    expect(offers.availability).toBe("https://schema.org/InStock");
    // Product snippet, not merchant listing: no shipping or return terms claimed.
    expect(offers).not.toHaveProperty("shippingDetails");
    expect(offers).not.toHaveProperty("hasMerchantReturnPolicy");
    expect(product.brand).toEqual({ "@type": "Brand", name: item["g:brand"] });
  }
});
