import { expect, test, type Page } from "./test.ts";

// Search across scripts against the seeded catalogue, JavaScript on and off: the Bengali and
// Hindi words for a motif find its pieces from every language's search page. Pieces are
// compared by address (a Bengali page shows their Bengali names).

/** The pieces on a results page: their addresses without the language prefix, sorted. */
const pieces = async (page: Page) =>
  [...new Set(await page.getByTestId("product-grid").locator('a[href*="/product/"]').evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? "")))]
    .map((href) => href.replace(/^\/(bn|hi)(?=\/)/, ""))
    .sort();

async function searchFromHeader(page: Page, words: string, path: string) {
  const box = page.getByRole("search").getByRole("searchbox");
  await box.fill(words);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${path}\\?q=${encodeURIComponent(words)}$`));
}

test("hathi, হাতি, हाथी and elephant find the same pieces from the English, Bengali and Hindi pages", async ({ page }) => {
  await page.goto("/search?q=elephant");
  const elephants = await pieces(page);
  expect(elephants).toHaveLength(4);
  for (const [start, path] of [["/", "/search"], ["/bn", "/bn/search"], ["/hi", "/hi/search"]] as const) {
    await page.goto(start);
    for (const words of ["হাতি", "हाथी", "hathi", "elephant"]) {
      await searchFromHeader(page, words, path);
      // Polled: with JavaScript the address can change a moment before the new results show.
      await expect.poll(() => pieces(page), { message: `${words} on ${path}` }).toEqual(elephants);
      await expect(page.getByRole("search").getByRole("searchbox")).toHaveValue(words);
    }
  }
});

test("romanised Bengali finds its motif, and the price filter stays on the Bengali search page", async ({ page }) => {
  await page.goto("/search?q=owl");
  const owls = await pieces(page);
  expect(owls).toHaveLength(2);
  await page.goto(`/bn/search?q=${encodeURIComponent("pecha")}`);
  expect(await pieces(page)).toEqual(owls);
  await page.goto("/search?q=elephant&price=below-5000");
  const cheaper = await pieces(page);
  expect(cheaper).toHaveLength(3);
  await page.goto(`/bn/search?q=${encodeURIComponent("হাতি")}`);
  await page.locator('a[href*="price=below-5000"]').first().click();
  await expect(page).toHaveURL(/\/bn\/search\?q=.+&price=below-5000$/);
  await expect.poll(() => pieces(page)).toEqual(cheaper);
});
