import { expect, test } from "./test.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { signIn } from "./helpers.ts";

// The e2e server runs at PUBLIC_URL http://localhost:<port>, an address only this machine
// reaches, so the dashboard must say so (the decision itself: app/modules/site/public-url.test.ts).
test("the dashboard warns, naming the address, while it points at localhost, and leads to Shop details", async ({ page }) => {
  await signIn(page);
  const warning = page.getByTestId("public-url-warning");
  await expect(warning).toContainText(`The shop's public address points at this machine (${E2E_BASE_URL})`);
  await expect(warning).toContainText("in the dashboard's Shop details");
  await expect(warning).not.toContainText(".env");
  await expect(warning.getByRole("link", { name: "Open Shop details" })).toHaveAttribute("href", "/dashboard/shop-details");
  // Only the dashboard home carries it; the storefront never shows it to visitors.
  await page.goto("/");
  await expect(page.getByText("public address points at")).toHaveCount(0);
});
