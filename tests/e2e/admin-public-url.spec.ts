import { expect, test } from "./test.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { signIn } from "./helpers.ts";

// The e2e server runs at PUBLIC_URL http://localhost:<port>, an address only this machine
// reaches, so the dashboard must say so (the decision itself: app/modules/site/public-url.test.ts).
test("the dashboard warns, naming PUBLIC_URL and its value, while it points at localhost", async ({ page }) => {
  await signIn(page);
  const warning = page.getByRole("alert").filter({ hasText: "PUBLIC_URL" });
  await expect(warning).toContainText(`PUBLIC_URL is unset or points at this machine (${E2E_BASE_URL})`);
  await expect(warning).toContainText("Set PUBLIC_URL in .env");
  // Only the dashboard home carries it; the storefront never shows it to visitors.
  await page.goto("/");
  await expect(page.getByText("PUBLIC_URL")).toHaveCount(0);
});
