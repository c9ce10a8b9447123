import { expect, test, type Page } from "./test.ts";

// Listing pagination beyond one page (docs/product-rules.md, Pages and Numbers: 12 per page, ?page=N,
// Previous / numbers / Next, filter and page survive each other and a reload).
// The seed puts 15 products in this category, 14 of them below ₹5000, so both the
// plain listing and the 'Below ₹5000' band have a second page. Read-only: JS on and off.

const CATEGORY = "/product/candle-stand-and-pooja-related";
const rupees = (text: string) => Number(text.replace(/[₹,]/g, ""));

async function cardLinks(page: Page): Promise<string[]> {
  return page.getByTestId("product-card").getByTestId("card-title").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
}

async function prices(page: Page): Promise<number[]> {
  return (await page.getByTestId("product-grid").getByTestId("price").allInnerTexts()).map(rupees);
}

test("Previous, page numbers and Next move through the pages; page 2 shows other cards and survives a reload", async ({ page }) => {
  const response = await page.goto(CATEGORY);
  expect(response?.status()).toBe(200);
  const pagination = page.getByTestId("pagination");
  await expect(page.getByTestId("product-card")).toHaveCount(12);
  await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", `${CATEGORY}?page=2`);
  await expect(pagination.getByRole("link", { name: "Page 3" })).toHaveCount(0);
  // On the first page Previous is shown but is not a link.
  await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await expect(pagination.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
  const first = await cardLinks(page);
  expect(new Set(first).size).toBe(12);

  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}\\?page=2$`));
  await expect(page.getByTestId("product-card")).toHaveCount(3);
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(pagination.getByText("Next")).toHaveAttribute("aria-disabled", "true");
  const second = await cardLinks(page);
  expect(second).toHaveLength(3);
  for (const href of second) expect(first).not.toContain(href);

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}\\?page=2$`));
  await expect(page.getByTestId("product-card")).toHaveCount(3);
  expect(await cardLinks(page)).toEqual(second);
  await expect(page.getByTestId("pagination").getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await page.getByTestId("pagination").getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
  await expect(page.getByTestId("product-card")).toHaveCount(12);
  expect(await cardLinks(page)).toEqual(first);

  await page.getByTestId("pagination").getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}\\?page=2$`));
  // With JavaScript the address changes before React has shown the new page's cards.
  await expect.poll(() => cardLinks(page)).toEqual(second);
});

test("?page=N keeps ?price= through the pagination links and a reload; a new band starts at page 1", async ({ page }) => {
  await page.goto(CATEGORY);
  await page.getByRole("navigation", { name: "Price range" }).getByRole("link", { name: "Below ₹5000" }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}\\?price=below-5000$`));
  await expect(page.getByTestId("product-card")).toHaveCount(12);
  for (const p of await prices(page)) expect(p).toBeLessThan(5000);
  const first = await cardLinks(page);

  const pagination = page.getByTestId("pagination");
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", `${CATEGORY}?price=below-5000&page=2`);
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}\\?price=below-5000&page=2$`));
  await expect(page.getByRole("link", { name: "Below ₹5000" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("product-card")).toHaveCount(2); // 14 below ₹5000: 12 + 2
  for (const p of await prices(page)) expect(p).toBeLessThan(5000);
  const second = await cardLinks(page);
  for (const href of second) expect(first).not.toContain(href);
  await expect(page.getByTestId("pagination").getByRole("link", { name: "Previous" })).toHaveAttribute(
    "href",
    `${CATEGORY}?price=below-5000`,
  );

  await page.reload();
  await expect(page.getByRole("link", { name: "Below ₹5000" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("product-card")).toHaveCount(2);
  expect(await cardLinks(page)).toEqual(second);

  // Choosing another band goes back to its first page, and the band survives in the pages after.
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
  await expect(page.getByTestId("product-card")).toHaveCount(12);
  await page.getByRole("link", { name: "₹5000 – ₹10000" }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}\\?price=5000-10000$`));
  await expect(page.getByTestId("product-card")).toHaveCount(1); // Lakshmi Ganesh Idol Pair
  await expect(page.getByTestId("pagination")).toHaveCount(0);
});

test("a page past the end shows the last page, with its filter", async ({ page }) => {
  const response = await page.goto(`${CATEGORY}?price=below-5000&page=9`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("product-card")).toHaveCount(2);
  await expect(page.getByTestId("pagination").getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
});
