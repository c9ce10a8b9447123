import { expect, test } from "./test.ts";

// The small things, with JavaScript on and off: the 404 page's two buttons line
// up, the map box keeps the address readable when the map cannot load, About shows workshop photos.

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 900 },
]) {
  test(`the 404 page's two buttons are the same height and line up (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/no-such-page");
    const home = (await page.getByRole("link", { name: "Return Home" }).boundingBox())!;
    const support = (await page.getByRole("link", { name: "Contact Support" }).boundingBox())!;
    expect(home.height).toBeGreaterThanOrEqual(44);
    expect(support.height).toBe(home.height);
    expect(support.y).toBe(home.y);
  });
}

test("the map box shows the works address as text, even when the map cannot load", async ({ page }) => {
  await page.route(/^https:\/\/(www|maps)\.google\.com\//, (route) => route.abort());
  await page.goto("/contact");
  const box = page.getByTestId("map-box");
  const address = box.getByTestId("map-address");
  await expect(address).toBeVisible();
  await expect(address).toContainText("PIN 713147");
  const outer = (await box.boundingBox())!;
  const inner = (await address.boundingBox())!;
  expect(inner.y).toBeGreaterThanOrEqual(outer.y);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 1);
});

test("About shows photos from the workshop, each opening in the gallery", async ({ page }) => {
  await page.goto("/about");
  const photos = page.getByTestId("workshop-photos").getByRole("link", { name: /^Open workshop photo/ });
  await expect(photos).toHaveCount(4);
  await expect(photos.first()).toHaveAttribute("href", "/gallery?image=1");
  const first = photos.first().locator("img");
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await photos.nth(1).click();
  await expect(page).toHaveURL(/\/gallery\?image=2/);
  await expect(page.getByTestId("lightbox")).toBeVisible();
});
