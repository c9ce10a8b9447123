import { expect, test, type Page } from "./test.ts";

// Detail /product/{category}/{id} (docs/product-rules.md, Pages and Numbers), from the seeded catalogue.

async function openProduct(page: Page, category: string, name: string): Promise<string> {
  await page.goto(`/product/${category}`);
  const href = await page.getByTestId("card-title").filter({ hasText: name }).getAttribute("href");
  expect(href).toMatch(new RegExp(`^/product/${category}/\\d+$`));
  const response = await page.goto(href!);
  expect(response?.status()).toBe(200);
  return href!;
}

test("the detail shows name, price, percent-off badge, specifications and description", async ({ page }) => {
  await openProduct(page, "wall-hanging", "Peacock Wall Panel");
  const detail = page.getByTestId("product-detail");
  await expect(detail.getByRole("heading", { level: 1 })).toHaveText("Peacock Wall Panel");
  await expect(detail.getByTestId("detail-price").getByTestId("price")).toHaveText("₹12,800.00");
  await expect(detail.getByTestId("detail-price").getByTestId("list-price")).toContainText("₹14,500.00");
  await expect(detail.getByTestId("percent-off")).toHaveText("12% OFF");
  const specs = detail.getByTestId("specs");
  await expect(specs.locator("dt")).toHaveText(["Colour", "Size", "Material", "Utility", "Weight"]);
  await expect(specs.locator("dd")).toHaveText(["Golden", "H-22 * W-16 * L-2 inch", "Kansa", "Home Decor", "2 kg 650 gm"]);
  await expect(detail.getByTestId("description")).toContainText("dancing peacock");
});

test("weights under a kilogram read 'X gm'", async ({ page }) => {
  await openProduct(page, "wall-hanging", "Sun Face Wall Plate");
  await expect(page.getByTestId("specs").locator("dd").last()).toHaveText("430 gm");
  await expect(page.getByTestId("percent-off")).toHaveCount(0);
  await expect(page.getByTestId("detail-price").getByTestId("price")).toHaveText("₹2,150.00");
  await expect(page.getByTestId("detail-price").getByTestId("list-price")).toHaveCount(0);
});

test("breadcrumbs go Home > category > product, and Back goes to the category without JS history", async ({ page }) => {
  const href = await openProduct(page, "wall-hanging", "Peacock Wall Panel");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByRole("link", { name: "Wall Hanging" })).toHaveAttribute("href", "/product/wall-hanging");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Peacock Wall Panel");
  await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/product/wall-hanging");
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/product\/wall-hanging$/);
  expect(href).toBeTruthy();
});

test("thumbnails (at most 5) are ?image=n links and the main image links to its largest size", async ({ page }) => {
  const href = await openProduct(page, "wall-hanging", "Peacock Wall Panel");
  const thumbs = page.getByTestId("thumbnail");
  await expect(thumbs).toHaveCount(3);
  await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");
  for (const [i, thumb] of (await thumbs.all()).entries()) await expect(thumb).toHaveAttribute("href", `?image=${i + 1}`);
  const first = await page.getByTestId("main-image").getAttribute("href");
  expect(first).toMatch(/^\/media\/.+\.jpg$/);
  const large = await page.request.get(first!);
  expect(large.status()).toBe(200);
  expect(large.headers()["content-type"]).toContain("image/jpeg");

  await page.goto(`${href}?image=2`);
  await expect(page.getByTestId("thumbnail").nth(1)).toHaveAttribute("aria-current", "true");
  const second = await page.getByTestId("main-image").getAttribute("href");
  expect(second).not.toBe(first);
  await expect(page.getByRole("link", { name: "Next image" })).toHaveAttribute("href", "?image=3");
  await expect(page.getByRole("link", { name: "Previous image" })).toHaveAttribute("href", "?image=1");
  await page.goto(`${href}?image=3`);
  await expect(page.getByRole("link", { name: "Next image" })).toHaveAttribute("href", "?image=1"); // wraps
  const main = page.getByTestId("main-image").locator("img");
  await expect(main).toHaveAttribute("loading", "eager");
  await expect(main).toHaveAttribute("fetchpriority", "high");
});

test("Chat on WhatsApp is a server-rendered wa.me link with the message and the page address", async ({ page, baseURL }) => {
  const href = await openProduct(page, "special-items", "Owl Pair");
  const link = page.getByRole("link", { name: /Chat on WhatsApp/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  const wa = new URL((await link.getAttribute("href"))!);
  expect(wa.origin).toBe("https://wa.me");
  expect(wa.pathname).toMatch(/^\/\d{8,15}$/);
  expect(wa.searchParams.get("text")).toBe(`Hi! I want to buy this. Here is the page I was on: ${baseURL}${href}`);
});

test("'You May Also Like' shows up to 15 others of the same category with titles at 20", async ({ page }) => {
  const href = await openProduct(page, "home-decor-and-tabletop", "Elephant Showpiece");
  await expect(page.getByRole("heading", { name: "You May Also Like" })).toBeVisible();
  const related = page.getByTestId("related").getByRole("link");
  await expect(related).toHaveCount(6); // 7 in the category, minus this one
  for (const link of await related.all()) {
    const target = await link.getAttribute("href");
    expect(target).toMatch(/^\/product\/home-decor-and-tabletop\/\d+$/);
    expect(target).not.toBe(href);
    const full = (await link.getAttribute("title"))!;
    const shown = await link.getByTestId("related-title").innerText();
    expect(shown).toBe(full.length > 20 ? `${full.slice(0, 20)}...` : full);
  }
  await expect(page.getByTestId("related-title").filter({ hasText: "Ganesha Playing Drum" })).toHaveCount(1);
  await expect(page.getByTestId("related-title").filter({ hasText: "Tribal Lady with Pot" })).toHaveCount(1);
});

test("the trailing section covers brass care, how it is made and ordering on WhatsApp", async ({ page }) => {
  await openProduct(page, "pen-and-napkin-holder", "Owl Pen Stand");
  const notes = page.getByTestId("product-notes");
  await expect(notes.getByRole("heading")).toHaveText(["Caring for your brass", "How it is made", "Ordering on WhatsApp"]);
});

test("unknown, malformed and mismatched ids", async ({ page }) => {
  for (const path of ["/product/wall-hanging/999999", "/product/wall-hanging/abc", "/product/nope/1"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  }
  // A product reached through a list slug moves to its real category address.
  await page.goto("/product/trending");
  const giftHref = (await page.getByTestId("card-title").first().getAttribute("href"))!;
  const id = giftHref.split("/").pop();
  await page.goto(`/product/trending/${id}`);
  await expect(page).toHaveURL(new RegExp(`${giftHref}$`));
  // So does the same id written with leading zeros, keeping the query.
  for (const zeros of ["00", "0".repeat(20)]) {
    const padded = await page.request.get(`${giftHref.replace(/\/(\d+)$/, `/${zeros}$1`)}?image=2`, { maxRedirects: 0 });
    expect([zeros.length, padded.status(), padded.headers()["location"]]).toEqual([zeros.length, 301, `${giftHref}?image=2`]);
  }
});

test("SEO: title, canonical, og:image 1200×630 JPEG under 300 KB, JSON-LD Product in INR", async ({ page }) => {
  const href = await openProduct(page, "special-items", "Tribal Couple on Bullock Cart");
  await expect(page).toHaveTitle(/^Tribal Couple on Bullock Cart \|/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${href}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
  const ogUrl = (await page.locator('meta[property="og:image"]').getAttribute("content"))!;
  const og = await page.request.get(ogUrl);
  expect(og.status()).toBe(200);
  expect(og.headers()["content-type"]).toContain("image/jpeg");
  expect((await og.body()).length).toBeLessThan(300 * 1024);

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const parsed = blocks.map((b) => JSON.parse(b) as { "@type": string; offers?: { price: unknown; priceCurrency: string } });
  const product = parsed.find((b) => b["@type"] === "Product")!;
  expect(product.offers).toMatchObject({ priceCurrency: "INR", price: 68000 });
  expect(typeof product.offers!.price).toBe("number");
  const crumbs = parsed.find((b) => b["@type"] === "BreadcrumbList") as unknown as { itemListElement: Array<{ name: string }> };
  expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["Home", "Special Items", "Tribal Couple on Bullock Cart"]);
});
