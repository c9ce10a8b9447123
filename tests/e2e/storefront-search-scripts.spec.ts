import { expect, test, type Page } from "./test.ts";

// Search across scripts against the seeded (English) catalogue, JavaScript on and off: the
// Bengali and Hindi words for a motif find its pieces from every language's search page.

const ELEPHANTS = ["Elephant Family Set", "Elephant Incense Holder", "Elephant Pen Holder", "Elephant Showpiece"];
const titles = async (page: Page) => (await page.getByTestId("product-grid").getByRole("heading").evaluateAll((els) => els.map((e) => e.getAttribute("title")))).sort();

async function searchFromHeader(page: Page, words: string, path: string) {
  const box = page.getByRole("search").getByRole("searchbox");
  await box.fill(words);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${path}\\?q=${encodeURIComponent(words)}$`));
}

test("hathi, হাতি, हाथी and elephant find the same pieces from the English, Bengali and Hindi pages", async ({ page }) => {
  for (const [start, path] of [["/", "/search"], ["/bn", "/bn/search"], ["/hi", "/hi/search"]] as const) {
    await page.goto(start);
    for (const words of ["হাতি", "हाथी", "hathi", "elephant"]) {
      await searchFromHeader(page, words, path);
      // Polled: with JavaScript the address can change a moment before the new results show.
      await expect.poll(() => titles(page), { message: `${words} on ${path}` }).toEqual(ELEPHANTS);
      await expect(page.getByRole("search").getByRole("searchbox")).toHaveValue(words);
    }
  }
});

test("romanised Bengali finds its motif, and the price filter stays on the Bengali search page", async ({ page }) => {
  await page.goto(`/bn/search?q=${encodeURIComponent("pecha")}`);
  expect(await titles(page)).toEqual(["Owl Pair", "Owl Pen Stand"]);
  await page.goto(`/bn/search?q=${encodeURIComponent("হাতি")}`);
  await page.locator('a[href*="price=below-5000"]').first().click();
  await expect(page).toHaveURL(/\/bn\/search\?q=.+&price=below-5000$/);
  await expect.poll(() => titles(page)).toEqual(["Elephant Incense Holder", "Elephant Pen Holder", "Elephant Showpiece"]);
});
