import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@dokra.local", password: "dokra-admin-2026" };

/** Signs in through the real form; works with JavaScript on and off. */
export async function signIn(page: Page, redirectTo?: string): Promise<void> {
  await page.goto(redirectTo ? `/admin?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(redirectTo ? new RegExp(redirectTo.replace(/[?]/g, "\\?")) : /\/dashboard$/);
}

/**
 * Starts the page's scripts as a visitor's first scroll would (a storefront page waits for one:
 * patches/README.md), then waits until the page is hydrated (app/root.tsx marks it): what only
 * JavaScript gives works from here. The scroll event is sent again while it waits, in case the
 * page was still arriving.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => dispatchEvent(new Event("scroll")));
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** The path of the first piece the Wall hanging listing shows, such as /product/wall-hanging/7. */
export async function firstWallHangingPath(page: Page): Promise<string> {
  await page.goto("/product/wall-hanging");
  const href = await page.locator('a[href^="/product/wall-hanging/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/product\/wall-hanging\/\d+$/);
  return href!;
}
