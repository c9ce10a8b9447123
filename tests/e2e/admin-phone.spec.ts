import { expect, test, type Locator, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";

// The admin on a phone (390×844 at 2× density), JavaScript on and off: a compact
// menu, counts on one line, a compact All Products list, sharp thumbnails and plain labels.

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** How many lines the text of an element takes (distinct tops of its text boxes). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

/**
 * The thumbnails in view, each as [width of the file shown, box width, largest width on offer].
 * The file's width is read from the srcset entry the browser chose (currentSrc): with `w`
 * descriptors, naturalWidth is scaled by the chosen density and says nothing about the file.
 */
async function thumbnailWidths(page: Page, scope: Locator): Promise<Array<[number, number, number]>> {
  const images = scope.locator("img");
  await expect(images.first()).toBeVisible();
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.currentSrc !== "")).toBe(true);
  return images.evaluateAll((list: HTMLImageElement[]) =>
    list
      .filter((img) => img.complete && img.currentSrc !== "" && img.getBoundingClientRect().top < window.innerHeight)
      .map((img) => {
        const offered = new Map<string, number>();
        for (const el of img.closest("picture")!.querySelectorAll<HTMLImageElement | HTMLSourceElement>("source, img")) {
          for (const candidate of el.srcset.split(",")) {
            const [url, width] = candidate.trim().split(" ");
            if (url && width) offered.set(new URL(url, location.href).href, Number.parseInt(width, 10));
          }
        }
        return [offered.get(img.currentSrc) ?? 0, img.getBoundingClientRect().width, Math.max(...offered.values())] as [number, number, number];
      }),
  );
}

test("the menu is one line that opens to every entry in two columns, 44 px tall each, and says where you are", async ({ page, javaScriptEnabled }) => {
  await page.goto("/dashboard/upload");
  const menu = page.getByTestId("admin-phone-menu");
  expect((await menu.boundingBox())!.height).toBeLessThanOrEqual(64);
  await expect(menu.locator("summary")).toContainText("Menu: Upload");
  await menu.locator("summary").click();
  const links = menu.getByRole("link");
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(8);
  const tops = new Set<number>();
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    tops.add(Math.round(box.y));
  }
  expect(tops.size).toBe(Math.ceil(count / 2));
  await menu.getByRole("link", { name: "All Products" }).click();
  await expect(page).toHaveURL(/\/dashboard\/all-products$/);
  await expect(menu.locator("summary")).toContainText("Menu: All Products");
  await expect(links.first()).toBeHidden(); // closed again after navigating
  if (javaScriptEnabled) expect(await menu.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
});

test("the header's message count and the overview's counts stay on one line", async ({ page }) => {
  await page.goto("/dashboard");
  expect(await lineCount(page.getByTestId("messages-link"))).toBe(1);
  const header = page.getByRole("banner");
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(56);
  const values = page.getByTestId("count-value");
  expect(await values.count()).toBeGreaterThanOrEqual(10);
  for (const value of await values.all()) expect(await lineCount(value)).toBe(1);
});

test("All Products is a compact list on a phone: a page of 24 is under 6,000 px, with every action 44 px tall", async ({ page }) => {
  await page.goto("/dashboard/all-products");
  await expect(page.getByTestId("admin-product-card")).toHaveCount(24);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(6000);
  const first = page.getByTestId("admin-product-card").first();
  expect((await first.boundingBox())!.height).toBeLessThanOrEqual(230);
  for (const control of await first.locator("a, button").all()) expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test("the overview's Shop details link and the Edit page's 'Keep existing images' are 44 px tall", async ({ page }) => {
  await page.goto("/dashboard");
  expect((await page.getByTestId("shop-details-link").getByRole("link").boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.goto("/dashboard/all-products");
  const href = await page.getByTestId("admin-product-card").first().getByRole("link", { name: "Full Edit" }).getAttribute("href");
  await page.goto(`/dashboard/edit-product/${new URLSearchParams(href!.split("?")[1]).get("edit")}`);
  const keep = page.locator("label").filter({ has: page.getByRole("checkbox", { name: /Keep existing images/ }) });
  expect((await keep.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test("the gallery, display image and video screens: every control of a media card is 44 px tall", async ({ page }) => {
  for (const path of ["/dashboard/upload-gallery", "/dashboard/image-upload", "/dashboard/video-upload"]) {
    await page.goto(path);
    const card = page.getByTestId("media-card").first();
    await expect(card, path).toBeVisible();
    const controls = await card.locator("a, button, input:not([type=hidden])").all();
    expect(controls.length, path).toBeGreaterThan(0);
    for (const control of controls) {
      const label = `${path}: ${(await control.textContent()) || (await control.getAttribute("name"))}`;
      expect((await control.boundingBox())!.height, label).toBeGreaterThanOrEqual(44);
    }
  }
});

test("the forms' fields and buttons are 44 px tall: Add product, All Products' search, the upload screens, the overview's feeds link", async ({ page }) => {
  const forms: Array<[string, string]> = [
    ["/dashboard/upload", "main form"],
    ["/dashboard/all-products", "form[role=search]"],
    ["/dashboard/upload-gallery", "main form[enctype]"],
    ["/dashboard/image-upload", "main form[enctype]"],
    ["/dashboard/video-upload", "main form[enctype]"],
  ];
  for (const [path, selector] of forms) {
    await page.goto(path);
    const controls = await page.locator(selector).first().locator("button, select, input:not([type=hidden]):not([type=file]), textarea").all();
    expect(controls.length, path).toBeGreaterThan(0);
    for (const control of controls) {
      if (!(await control.isVisible())) continue;
      const label = `${path}: ${(await control.getAttribute("name")) || (await control.textContent())}`;
      expect((await control.boundingBox())!.height, label).toBeGreaterThanOrEqual(44);
    }
  }
  await page.goto("/dashboard");
  expect((await page.getByRole("link", { name: "Catalogue Feeds" }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test("thumbnails are sharp at 2× density: the file is at least twice the box's width", async ({ page }) => {
  for (const [path, scope] of [
    ["/dashboard/all-products", "admin-product-card"],
    ["/dashboard/edit-product/1", "product-image"],
    ["/dashboard/trending", "list-entry"],
    ["/dashboard/upload-gallery", "media-card"],
  ] as const) {
    await page.goto(path);
    const widths = await thumbnailWidths(page, page.getByTestId(scope));
    expect(widths.length, path).toBeGreaterThan(0);
    // A small original offers nothing bigger; then its largest size must be the one shown.
    for (const [file, box, largest] of widths) {
      expect(file, `${path}: a ${file} px file in a ${box} px box`).toBeGreaterThanOrEqual(Math.min(2 * box - 1, largest));
    }
    expect(widths.some(([, box, largest]) => largest >= 2 * box), `${path}: no thumbnail could show its 2× size`).toBe(true);
  }
});

test("labels say what they do: list buttons name their list, the edit page says where the product stands", async ({ page }) => {
  await page.goto("/dashboard/trending");
  const giftName = (await page.getByTestId("list-entry").first().getByRole("heading").textContent())!;
  await expect(page.getByTestId("list-entry").first().getByRole("button", { name: "Remove from Gift Items" })).toBeVisible();
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(giftName)}`);
  const card = page.getByTestId("admin-product-card").filter({ hasText: giftName }).first();
  await expect(card.getByRole("button", { name: "Remove from Gift Items" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove", exact: true })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Delete" })).toBeVisible();

  await page.goto("/dashboard/stock-products");
  const stockName = (await page.getByTestId("list-entry").first().getByRole("heading").textContent())!;
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(stockName)}`);
  await expect(page.getByTestId("admin-product-card").filter({ hasText: stockName }).first()).toContainText("✓ In Available Collection");

  await page.goto("/dashboard/edit-product/1");
  await expect(page.getByTestId("product-state")).toContainText("Shown in the shop");
  await expect(page.getByTestId("product-state")).not.toContainText(/#\d|status/);
});
