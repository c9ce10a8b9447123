import { expect, test } from "./test.ts";

// README screenshots of the seeded shop: docs/screenshots/home.png and product.png (laptop),
// home-phone.png and product-phone.png (a 390×844 phone, first screen).

test.use({ viewport: { width: 1280, height: 900 } });

test("home page screenshot", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("gift-card")).toHaveCount(8);
  await page.evaluate(async () => {
    // Let lazy images below the fold load before the full-page capture.
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: "docs/screenshots/home.png", fullPage: true, animations: "disabled" });
});

test("product page screenshot", async ({ page }) => {
  await page.goto("/product/wall-hanging");
  await page.getByTestId("card-title").filter({ hasText: "Peacock Wall Panel" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Peacock Wall Panel");
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: "docs/screenshots/product.png", fullPage: false, animations: "disabled" });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("home page phone screenshot", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("home-intro")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: "docs/screenshots/home-phone.png", animations: "disabled" });
  });

  test("product page phone screenshot", async ({ page }) => {
    await page.goto("/product/wall-hanging");
    await page.getByTestId("card-title").filter({ hasText: "Peacock Wall Panel" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Peacock Wall Panel");
    await expect(page.getByTestId("whatsapp-bar")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: "docs/screenshots/product-phone.png", animations: "disabled" });
  });
});
