import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "./test.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { signIn } from "./helpers.ts";
import { addProduct, findProductId, waitForProductReady } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";
import { fetchUntilHit as untilHit } from "./fixtures/page-cache.ts";

// The page cache (docs/decisions/050-page-cache.md), seen from outside: anonymous reads are
// served from it, every admin write and finished media job is visible at once, every hit is
// the same bytes with a hash-based CSP (decision 097), and a signed-in admin never gets a cached page.

let guest: APIRequestContext;

test.beforeAll(async () => {
  // A client with no cookies at all: the anonymous visitor the cache is for.
  guest = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
});

test.afterAll(async () => {
  await guest.dispose();
});

function nonces(body: string): string[] {
  return [...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!))];
}

function cspNonce(response: APIResponse): string | undefined {
  return /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
}

const fetchUntilHit = (path: string, headers: Record<string, string> = {}) => untilHit(guest, path, headers);

test("an anonymous repeat is a hit, and every hit is the same bytes, without a nonce, under the same hash-based CSP", async () => {
  // Two hits in a row (a write elsewhere may move the version on between them: try again).
  let pages: APIResponse[] = [];
  await expect(async () => {
    const first = await fetchUntilHit("/");
    const second = await guest.get("/");
    expect(second.headers()["x-cache"]).toBe("HIT");
    pages = [first, second];
  }).toPass({ timeout: 30_000 });
  const [first, second] = pages as [APIResponse, APIResponse];
  const seen = [];
  for (const response of pages) {
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
    expect(response.headers()["etag"]).toMatch(/^"/);
    expect(nonces(await response.text())).toEqual([]);
    expect(cspNonce(response)).toBeUndefined();
    expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    seen.push(response.headers()["content-security-policy"]);
  }
  expect(seen[0]).toBe(seen[1]);
  expect((await first.body()).equals(await second.body())).toBe(true);
});

test("an uncompressed hit has the same headers as a compressed one, and no nonce", async () => {
  const identity = { "Accept-Encoding": "identity" };
  const viaExpress = await fetchUntilHit("/gallery");
  let pair: APIResponse[] = [];
  await expect(async () => {
    const one = await fetchUntilHit("/gallery", identity);
    const two = await guest.get("/gallery", { headers: identity });
    expect(two.headers()["x-cache"]).toBe("HIT");
    pair = [one, two];
  }).toPass({ timeout: 30_000 });
  const [first, second] = pair as [APIResponse, APIResponse];
  const expected = viaExpress.headers();
  for (const response of [first, second]) {
    const headers = response.headers();
    for (const name of ["x-frame-options", "x-content-type-options", "referrer-policy", "cross-origin-opener-policy", "cache-control", "etag", "content-type"]) {
      expect(headers[name], name).toBe(expected[name]);
    }
    expect(headers["vary"]).toContain("Cookie");
    expect(nonces(await response.text())).toEqual([]);
    expect(headers["content-security-policy"]).toBe(expected["content-security-policy"]);
  }
  await expect(async () => {
    const notModified = await guest.get("/gallery", { headers: { ...identity, "If-None-Match": expected["etag"]! } });
    expect(notModified.status()).toBe(304);
    expect(notModified.headers()["content-security-policy"]).toBe(expected["content-security-policy"]);
  }).toPass({ timeout: 30_000 });
});

test("If-None-Match answers 304: a page with its CSP, its data with the same strong ETag", async ({ page }) => {
  const html = await fetchUntilHit("/");
  const notModified = await guest.get("/", { headers: { "If-None-Match": html.headers()["etag"]! } });
  expect(notModified.status()).toBe(304);
  expect(notModified.headers()["content-security-policy"]).toBe(html.headers()["content-security-policy"]);
  expect(await notModified.body()).toHaveLength(0);

  // The data a client-side navigation asks for.
  const data = await fetchUntilHit("/_root.data");
  expect(data.headers()["cache-control"]).toBe("public, no-cache");
  const etag = data.headers()["etag"]!;
  expect(etag).toMatch(/^"/);
  // A hit on the same version is byte-identical, so its ETag is the same and it is not sent again.
  await expect(async () => {
    const again = await guest.get("/_root.data", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  }).toPass({ timeout: 30_000 });

  // The same requests from a signed-in admin bypass the cache.
  await signIn(page);
  const admin = await page.request.get("/");
  expect(admin.status()).toBe(200);
  expect(admin.headers()["x-cache"]).toBe("BYPASS");
  expect(admin.headers()["etag"]).toBeUndefined();
});

test("an admin's edit and the worker's finished images show on the cached storefront at once", async ({ page }) => {
  await signIn(page);
  const name = uniqueName("Cached Horse");
  // Large images keep the product processing (not public: its page is a 404) for a while.
  const images = await Promise.all([1, 2, 3, 4, 5].map((i) => jpeg(`h${i}.jpg`, 40 + i, 3000, 2000)));
  const id = await addProduct(page, { name, category: "my-creativity", images });
  const path = `/product/my-creativity/${id}`;

  // While the worker runs, the guest's 404 is cached like any page...
  const before = await guest.get(path);
  expect(before.status(), "the worker finished before the first look: use larger images").toBe(404);
  // ...and the worker's result replaces it without any admin write. (The worker bumps the
  // version just after its last commit, so allow it a moment after the admin sees "Ready".)
  await waitForProductReady(page, id);
  await expect(async () => {
    const ready = await guest.get(path);
    expect(ready.status()).toBe(200);
    expect(await ready.text()).toContain(name);
  }).toPass({ timeout: 5_000 });

  // Cache the page and its data, then rename the product in the admin.
  await fetchUntilHit(path);
  await fetchUntilHit(`${path}.data`);
  const renamed = uniqueName("Renamed Horse");
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  const pageAfter = await guest.get(path);
  expect(pageAfter.headers()["x-cache"]).not.toBe("HIT");
  const body = await pageAfter.text();
  expect(body).toContain(renamed);
  expect(body).not.toContain(name);
  const dataAfter = await guest.get(`${path}.data`);
  expect(await dataAfter.text()).toContain(renamed);
  // And the listing and the public API agree.
  expect(await (await guest.get("/product/my-creativity")).text()).toContain(renamed);
  const api = await guest.get("/api/v1/products/getAvailableProductsByCategory/my-creativity");
  expect(api.status()).toBe(200);
  expect(await api.text()).toContain(renamed);

  await findProductId(page, renamed);
});

test("a public piece stays on show while photos added to it are made, then shows them", async ({ page }) => {
  await signIn(page);
  const name = uniqueName("Photo Owl");
  const id = await addProduct(page, { name, category: "my-creativity", images: [await jpeg("o1.jpg", 61)] });
  await waitForProductReady(page, id);
  const path = `/product/my-creativity/${id}`;
  const thumbnails = (html: string) => html.match(/data-testid="thumbnail"/g)?.length ?? 0;
  await expect.poll(async () => (await guest.get(path)).status()).toBe(200);
  const shownBefore = thumbnails(await (await guest.get(path)).text());

  // Large photos, so the worker takes a while; the piece was "Page Not Found" all that time.
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByLabel("New images").setInputFiles(await Promise.all([2, 3].map((i) => jpeg(`o${i}.jpg`, 61 + i, 3000, 2000))));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  const looks: Array<{ status: number; shown: number }> = [];
  await expect(async () => {
    const response = await guest.get(path);
    looks.push({ status: response.status(), shown: thumbnails(await response.text()) });
    expect(looks.at(-1)!.shown).toBeGreaterThan(shownBefore);
  }).toPass({ timeout: 90_000, intervals: [200] });
  expect(looks.map((look) => look.status), "every look while the photos were made").toEqual(looks.map(() => 200));
  expect(looks.length, "the worker finished before the first look: use larger images").toBeGreaterThan(1);
});

test("HEAD is answered from the GET entry", async () => {
  const get = await fetchUntilHit("/about");
  const head = await guest.head("/about");
  expect(head.status()).toBe(200);
  expect(["HIT", "MISS"]).toContain(head.headers()["x-cache"]);
  expect(await head.body()).toHaveLength(0);
  await expect(async () => {
    const again = await guest.head("/about");
    expect(again.headers()["x-cache"]).toBe("HIT");
    expect(again.headers()["etag"]).toBe(get.headers()["etag"]);
  }).toPass({ timeout: 30_000 });
});
