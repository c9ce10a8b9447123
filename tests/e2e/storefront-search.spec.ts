import { expect, test, type Page } from "./test.ts";

// Search and sorting (16.4) against the seeded catalogue, JavaScript on and off.

const rupees = (text: string) => Number(text.replace(/[₹,]/g, ""));
const prices = async (page: Page) => (await page.getByTestId("product-grid").getByTestId("price").allInnerTexts()).map(rupees);
const titles = (page: Page) => page.getByTestId("product-grid").getByRole("heading").evaluateAll((els) => els.map((e) => e.getAttribute("title")));

async function searchFromHeader(page: Page, words: string) {
  const box = page.getByRole("search").getByRole("searchbox", { name: "Search pieces" });
  await box.fill(words);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(words).replace(/%20/g, "\\+")}$`));
}

/** The results' titles, sorted; polled by the callers: with JavaScript the address changes a moment before the new results show. */
const sortedTitles = async (page: Page) => (await titles(page)).sort();

test("the header's search box finds pieces by a transliterated word, and the page is not indexed", async ({ page }) => {
  await page.goto("/product/wall-hanging");
  await searchFromHeader(page, "ullu");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for ‘ullu’");
  await expect.poll(() => titles(page)).toEqual(expect.arrayContaining(["Owl Pair", "Owl Pen Stand"]));
  await expect(page.getByRole("searchbox", { name: "Search pieces" })).toHaveValue("ullu");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await searchFromHeader(page, "hathi");
  await expect.poll(() => sortedTitles(page)).toEqual(["Elephant Family Set", "Elephant Incense Holder", "Elephant Pen Holder", "Elephant Showpiece"]);
  await searchFromHeader(page, "Dhokra chess");
  await expect.poll(() => titles(page)).toEqual(["Dokra Chess Set"]);
});

test("a misspelt word is corrected and the page says so", async ({ page }) => {
  await page.goto("/");
  await searchFromHeader(page, "tortise");
  await expect(page.getByTestId("search-corrected")).toHaveText("No pieces match 'tortise'. Showing results for 'tortoise'.");
  await expect.poll(() => sortedTitles(page)).toEqual(["Tortoise Diya", "Tortoise Paperweight"]);
});

test("two words that each find pieces but not together: the page shows one word's pieces and says so", async ({ page }) => {
  // Brass finds the pieces whose text says brass; the elephants' text says Kansa.
  const response = await page.goto("/search?q=brass+elephant");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("search-corrected")).toHaveText("No pieces match 'brass elephant'. Showing results for 'elephant'.");
  const shown = await titles(page);
  expect(shown.length).toBeGreaterThan(0);
  await page.goto("/search?q=elephant");
  expect((await titles(page)).sort()).toEqual([...shown].sort());
});

test("a long unbroken query wraps on a phone, and the title keeps whole characters", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/search", "/bn/search", "/search?price=above-50000&q="]) {
    const q = encodeURIComponent("elephant".repeat(7));
    await page.goto(path.includes("?") ? `${path}${q}` : `${path}?q=${q}`);
    await expect(page.getByTestId("search-empty")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  // The title shows the first 60 characters: an emoji across the cut is kept whole or left out.
  await page.goto(`/search?q=${encodeURIComponent(`${"x".repeat(59)}🐘hathi`)}`);
  expect(await page.title()).not.toContain("\uFFFD");
  expect(await page.title()).toContain("🐘");
});

test("no match: the words are quoted and the categories offered", async ({ page }) => {
  const response = await page.goto("/search?q=xylophone");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("search-empty")).toContainText("No pieces match 'xylophone'.");
  const categories = page.getByTestId("search-categories").getByRole("link");
  await expect(categories).toHaveCount(8);
  await categories.filter({ hasText: "Wall Hanging" }).click();
  await expect(page).toHaveURL(/\/product\/wall-hanging$/);
});

test("an empty box and a too-long query get a clear message, never an error page", async ({ page }) => {
  await page.goto("/search");
  await expect(page.getByTestId("search-problem")).toHaveText("Type a word to search for, such as owl, Ganesha or diya.");
  const response = await page.goto(`/search?q=${"owl ".repeat(40)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByTestId("search-problem")).toHaveText("Please search with at most 100 characters.");
});

test("search results filter by price, sort and page with links that keep each other", async ({ page }) => {
  await page.goto("/search?q=tribal");
  await expect(page.getByTestId("search-count")).toHaveText(/^\d+ pieces$/);
  await page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name: "Price: high to low" }).click();
  await expect(page).toHaveURL(/\/search\?q=tribal&sort=price-desc$/);
  // The address changes before React shows the new list (a transition): read it once the nav marks the choice.
  await expect(page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name: "Price: high to low" })).toHaveAttribute("aria-current", "true");
  const descending = await prices(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await page.getByRole("navigation", { name: "Price range" }).getByRole("link", { name: "Below ₹5000" }).click();
  await expect(page).toHaveURL(/\/search\?q=tribal&price=below-5000&sort=price-desc$/);
  await expect(page.getByRole("navigation", { name: "Price range" }).getByRole("link", { name: "Below ₹5000" })).toHaveAttribute("aria-current", "true");
  const cheap = await prices(page);
  expect(cheap.every((p) => p < 5000)).toBe(true);
  expect(cheap).toEqual([...cheap].sort((a, b) => b - a));
});

test("a listing sorts by price both ways and by newest, kept through filter and pages, canonical unchanged", async ({ page }) => {
  // Candle stand & Pooja Related has 15 pieces: two pages.
  await page.goto("/product/candle-stand-and-pooja-related");
  const sortNav = page.getByRole("navigation", { name: "Sort by" });
  await expect(sortNav.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "true");
  await sortNav.getByRole("link", { name: "Price: low to high" }).click();
  await expect(page).toHaveURL(/\/product\/candle-stand-and-pooja-related\?sort=price-asc$/);
  // The address changes before React shows the new list (a transition): read it once the nav marks the choice.
  await expect(sortNav.getByRole("link", { name: "Price: low to high" })).toHaveAttribute("aria-current", "true");
  const first = await prices(page);
  expect(first).toHaveLength(12);
  expect(first).toEqual([...first].sort((a, b) => a - b));
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveAttribute("href", /\/product\/candle-stand-and-pooja-related$/);

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?sort=price-asc&page=2$/);
  await expect(page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]')).toHaveText("2");
  const second = await prices(page);
  expect(Math.min(...second)).toBeGreaterThanOrEqual(Math.max(...first));
  await expect(canonical).toHaveAttribute("href", /\/product\/candle-stand-and-pooja-related\?page=2$/);

  await sortNav.getByRole("link", { name: "Price: high to low" }).click();
  await expect(page).toHaveURL(/\?sort=price-desc$/);
  await expect(sortNav.getByRole("link", { name: "Price: high to low" })).toHaveAttribute("aria-current", "true");
  const high = await prices(page);
  expect(high).toEqual([...high].sort((a, b) => b - a));
  expect(high[0]).toBe(Math.max(...first, ...second));

  await page.getByRole("navigation", { name: "Price range" }).getByRole("link", { name: "Below ₹5000" }).click();
  await expect(page).toHaveURL(/\?price=below-5000&sort=price-desc$/);
  await expect(page.getByRole("navigation", { name: "Price range" }).getByRole("link", { name: "Below ₹5000" })).toHaveAttribute("aria-current", "true");
  const band = await prices(page);
  expect(band.every((p) => p < 5000)).toBe(true);
  expect(band).toEqual([...band].sort((a, b) => b - a));
  await expect(canonical).toHaveAttribute("href", /\/product\/candle-stand-and-pooja-related\?price=below-5000$/);
});

test("the search box is a 44 px tap target on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  for (const control of [page.getByRole("searchbox", { name: "Search pieces" }), page.getByRole("search").getByRole("button", { name: "Search" })]) {
    const box = (await control.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
});
