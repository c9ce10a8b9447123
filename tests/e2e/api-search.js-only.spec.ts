import { expect, test, type APIResponse } from "./test.ts";
import { adminContext, API, expectFail, expectOk, expectProductShape, type ApiProduct } from "./api-support.ts";

// GET /api/v1/products/search: the envelope, the document, validation and caching.
// Reads only; it sits with the API specs because of its name.

interface SearchResult {
  products: ApiProduct[];
  total: number;
  page: number;
  pageCount: number;
  correctedTo: string | null;
}

const search = (query: string) => `${API}/products/search?${query}`;

test("finds public products by transliterated words, in the envelope and the shape of the document", async ({ request }) => {
  const { data } = await expectOk<SearchResult>(await request.get(search("q=ullu")));
  // The seed's two owls; the write specs running beside this one may add owls of their own.
  // Twelve to a page: the owls those specs add may fill more than one.
  expect(data.products).toHaveLength(Math.min(data.total, 12));
  expect(data).toMatchObject({ page: 1, pageCount: Math.ceil(data.total / 12), correctedTo: null });
  const names = data.products.map((p) => p.name);
  for (let page = 2; page <= data.pageCount; page++) {
    names.push(...(await expectOk<SearchResult>(await request.get(search(`q=ullu&page=${page}`)))).data.products.map((p) => p.name));
  }
  expect(names).toHaveLength(data.total);
  expect(names).toEqual(expect.arrayContaining(["Owl Pair", "Owl Pen Stand"]));
  for (const name of names) expect(name).toMatch(/\bowl\b/i);
  for (const product of data.products) {
    expectProductShape(product);
    expect(product).toMatchObject({ status: "ready", available: true });
    expect(product).not.toHaveProperty("imageStates");
  }
  const doc = (await (await request.get(`${API}/openapi.json`)).json()) as {
    paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string; required?: boolean }>; responses: Record<string, unknown> } }>;
  };
  const op = doc.paths["/products/search"]!.get!;
  expect(op.parameters!.map((p) => `${p.in} ${p.name}${p.required ? " required" : ""}`)).toEqual(["query q required", "query price", "query sort", "query page", "query lang"]);
  expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "405", "500", "503"]);
});

test("corrects a misspelt word, pages by 12, filters and sorts", async ({ request }) => {
  const corrected = await expectOk<SearchResult>(await request.get(search("q=tortise")));
  expect(corrected.data.correctedTo).toBe("tortoise");
  expect(corrected.data.products.map((p) => p.name).sort()).toEqual(["Tortoise Diya", "Tortoise Paperweight"]);

  const kansa = await expectOk<SearchResult>(await request.get(search("q=kansha&sort=price-asc")));
  expect(kansa.data.total).toBeGreaterThan(12);
  expect(kansa.data.products).toHaveLength(12);
  const selling = (p: ApiProduct) => p.priceDiscount ?? p.priceFixed;
  const firstPage = kansa.data.products.map(selling);
  expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));
  const second = await expectOk<SearchResult>(await request.get(search("q=kansha&sort=price-asc&page=2")));
  expect(second.data.page).toBe(2);
  expect(Math.min(...second.data.products.map(selling))).toBeGreaterThanOrEqual(Math.max(...firstPage));
  const band = await expectOk<SearchResult>(await request.get(search("q=kansha&price=above-50000")));
  expect(band.data.products.every((p) => selling(p) > 50000)).toBe(true);
  // Each word finds pieces, not together: the results are one word's, and correctedTo says which.
  const apart = await expectOk<SearchResult>(await request.get(search("q=brass%20elephant")));
  expect(apart.data.correctedTo).toBe("elephant");
  expect(apart.data.total).toBeGreaterThan(0);
  const none = await expectOk<SearchResult>(await request.get(search("q=xylophone")));
  expect(none.data).toEqual({ products: [], total: 0, page: 1, pageCount: 1, correctedTo: null });
});

test("refuses missing, too long and malformed parameters with 400 and a clear message", async ({ request }) => {
  await expectFail(await request.get(search("")), 400, "Type a word to search for, such as owl, Ganesha or diya.");
  await expectFail(await request.get(search("q=%20%20")), 400, /Type a word/);
  await expectFail(await request.get(search(`q=${"a".repeat(101)}`)), 400, "Please search with at most 100 characters.");
  await expectFail(await request.get(search("q=owl&sort=cheapest")), 400, /sort must be one of: relevance, newest, price-asc, price-desc/);
  await expectFail(await request.get(search("q=owl&price=free")), 400, /price must be one of/);
  for (const page of ["0", "-1", "1.5", "x", "99999"]) await expectFail(await request.get(search(`q=owl&page=${page}`)), 400, /page must be a whole number/);
  for (const hostile of [`"`, "%2B-*()<>~@", "%25_%25"]) {
    const { data } = await expectOk<SearchResult>(await request.get(search(`q=${hostile}`)));
    expect(data.total).toBe(0);
  }
  // Only its words are searched: 'table' starts 'tabletop' (said as the words searched for), and the table is still there.
  const dropped = await expectOk<SearchResult>(await request.get(search("q='%3B DROP TABLE products%3B --")));
  expect(dropped.data.correctedTo).toBe("table");
  expect((await expectOk<SearchResult>(await request.get(search("q=owl")))).data.total).toBeGreaterThan(0);
  await expectFail(await request.post(search("q=owl"), { data: {} }), 405, /use GET/);
});

test("is cached for guests like the listings, keyed by the words and the order; admins see the same public products", async ({ request }) => {
  const url = search("q=peacock&sort=newest");
  // Writes of other specs move the public version on at any time: fetch until a repeat is a hit.
  let hit: APIResponse | undefined;
  await expect(async () => {
    await request.get(url);
    const again = await request.get(url);
    expect(again.headers()["x-cache"]).toBe("HIT");
    hit = again;
  }).toPass({ timeout: 30_000, intervals: [200, 500, 1000] });
  expect(hit!.headers()["cache-control"]).toContain("public");
  const newest = ((await hit!.json()) as { data: SearchResult }).data.products;
  expect(newest.map((p) => Number(p._id))).toEqual(newest.map((p) => Number(p._id)).sort((a, b) => b - a));
  // Another order of the same words is its own entry, never the newest-first body.
  const dearest = await expectOk<SearchResult>(await request.get(search("q=peacock&sort=price-desc")));
  const selling = dearest.data.products.map((p) => p.priceDiscount ?? p.priceFixed);
  expect(selling).toEqual([...selling].sort((a, b) => b - a));
  expect(dearest.data.products.map((p) => p._id)).not.toEqual(newest.map((p) => p._id));
  const admin = await adminContext();
  const asAdmin = await expectOk<SearchResult>(await admin.get(url));
  expect(asAdmin.data.products.map((p) => p._id)).toEqual(newest.map((p) => p._id));
  await admin.dispose();
});
