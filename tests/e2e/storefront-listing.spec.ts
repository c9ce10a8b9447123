import { expect, test, type Page } from "./test.ts";

// Listing /product/{category} (docs/product-rules.md, Pages and Numbers), from the seeded catalogue.

const INR = /^₹(\d{1,2},)?(\d{2},)*\d{1,3}\.\d{2}$/;
const rupees = (text: string) => Number(text.replace(/[₹,]/g, ""));

async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("product-grid").getByTestId("price").allInnerTexts();
  for (const t of texts) expect(t.trim()).toMatch(INR);
  return texts.map(rupees);
}

test("a category lists its products with a heading, breadcrumbs and a Back link", async ({ page }) => {
  const response = await page.goto("/product/wall-hanging");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wall Hanging");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Wall Hanging");
  await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/");
  await expect(page.getByTestId("product-card")).toHaveCount(7); // the seed has 7 wall hangings
  await expect(page.getByTestId("pagination")).toHaveCount(0); // one page only
  const breadcrumbLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(breadcrumbLd!)).toMatchObject({ "@type": "BreadcrumbList", itemListElement: [{ name: "Home" }, { name: "Wall Hanging" }] });
});

test("the virtual lists: trending is 'Gift Items', available-collection is 'Available Collection'", async ({ page }) => {
  await page.goto("/product/trending");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gift Items");
  await expect(page.getByTestId("product-card")).toHaveCount(9);
  await page.goto("/product/available-collection");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Available Collection");
  await expect(page.getByTestId("product-card")).toHaveCount(6);
});

test("cards: percent-off badge, title at 50, rupee prices, View Product and view links", async ({ page }) => {
  await page.goto("/product/special-items");
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(7);
  let badges = 0;
  for (const card of await cards.all()) {
    const price = rupees(await card.getByTestId("price").innerText());
    const list = card.getByTestId("list-price");
    const badge = card.getByTestId("percent-off");
    if ((await list.count()) > 0) {
      const fixed = rupees((await list.innerText()).replace("List price", ""));
      await expect(badge).toHaveText(`${Math.round(((fixed - price) / fixed) * 100)}% OFF`);
      badges++;
    } else {
      await expect(badge).toHaveCount(0);
    }
    const title = card.getByTestId("card-title");
    const full = (await card.getByRole("heading").getAttribute("title"))!;
    expect(await title.innerText()).toBe(full.length > 50 ? `${full.slice(0, 50)}...` : full);
    const href = await title.getAttribute("href");
    expect(href).toMatch(/^\/product\/special-items\/\d+$/);
    await expect(card.getByRole("link", { name: /View Product/ })).toHaveAttribute("href", href!);
  }
  expect(badges).toBe(4); // Horse with Rider, Owl Pair, Durga Face Idol, Bullock Cart
  // Lakh grouping on the dearest piece (₹68,000.00 now, ₹75,000.00 list).
  await expect(page.getByTestId("product-grid")).toContainText("₹68,000.00");
  await expect(page.getByTestId("product-grid")).toContainText("₹75,000.00");
});

test("the price filter links filter in the database and mark the active band", async ({ page }) => {
  await page.goto("/product/wall-hanging");
  const filters = page.getByRole("navigation", { name: "Price range" }).getByRole("link");
  await expect(filters).toHaveText(["All", "Below ₹5000", "₹5000 – ₹10000", "₹10000 – ₹50000", "Above ₹50000"]);
  await expect(filters.first()).toHaveAttribute("aria-current", "true");

  await page.getByRole("link", { name: "Below ₹5000" }).click();
  await expect(page).toHaveURL(/\/product\/wall-hanging\?price=below-5000$/);
  await expect(page.getByRole("link", { name: "Below ₹5000" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("product-card")).toHaveCount(4);
  for (const p of await shownPrices(page)) expect(p).toBeLessThan(5000);

  await page.getByRole("link", { name: "₹5000 – ₹10000" }).click();
  await expect(page).toHaveURL(/price=5000-10000$/);
  await expect(page.getByTestId("product-card")).toHaveCount(2);
  for (const p of await shownPrices(page)) expect(p >= 5000 && p <= 10000).toBe(true);

  await page.getByRole("link", { name: "₹10000 – ₹50000" }).click();
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(page.getByTestId("product-grid")).toContainText("Peacock Wall Panel");
});

test("an empty band says none are in this price range and links to All", async ({ page }) => {
  await page.goto("/product/wall-hanging?price=above-50000");
  await expect(page.getByTestId("listing-empty")).toContainText("No products in this price range.");
  await expect(page.getByTestId("product-card")).toHaveCount(0);
  await expect(page.getByTestId("pagination")).toHaveCount(0);
  await page.getByTestId("listing-show-all").click();
  await expect(page).toHaveURL(/\/product\/wall-hanging$/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("filter and page survive each other and a reload; an out-of-range page shows the last page", async ({ page }) => {
  const response = await page.goto("/product/special-items?price=10000-50000&page=4");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "₹10000 – ₹50000" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("product-card")).toHaveCount(3); // Horse with Rider, Durga Face, Lakshmi Chariot
  for (const p of await shownPrices(page)) expect(p > 10000 && p <= 50000).toBe(true);
  await page.reload();
  await expect(page.getByTestId("product-card")).toHaveCount(3);
  // Unknown filter values fall back to All.
  await page.goto("/product/special-items?price=cheap");
  await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("product-card")).toHaveCount(7);
});

test("the cards are a 2-column grid on small screens and 4 on large ones", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/product/my-creativity");
  const columns = () => page.getByTestId("product-grid").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  expect(await columns()).toBe(2);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await columns()).toBe(4);
});

test("the first card images load eagerly and the rest lazily, each with width and height", async ({ page }) => {
  await page.goto("/product/my-creativity");
  const imgs = page.getByTestId("product-grid").locator("img");
  await expect(imgs.first()).toHaveAttribute("loading", "eager");
  await expect(imgs.last()).toHaveAttribute("loading", "lazy");
  for (const img of await imgs.all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
  }
});

test("listing pages have their own title, canonical and og tags", async ({ page }) => {
  await page.goto("/product/trending?price=below-5000");
  await expect(page).toHaveTitle(/^Gift Items \|/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/trending\?price=below-5000$/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/product\/trending\?price=below-5000$/);
});
