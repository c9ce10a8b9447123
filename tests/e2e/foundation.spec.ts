import { expect, test } from "./test.ts";
import { ADMIN, signIn } from "./helpers.ts";

test("the home page shows seeded products with images the worker made", async ({ page }) => {
  await page.goto("/");
  const images = page.locator("main picture img");
  await expect(images.first()).toBeVisible();
  const src = await images.first().getAttribute("src");
  expect(src).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{40}\.jpg$/);
  const response = await page.request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("the admin signs in and sees the catalogue counts", async ({ page }) => {
  await signIn(page);
  const cards = page.getByTestId("count-card");
  await expect(cards.filter({ hasText: "Total Categories" })).toContainText("8");
  // Other specs add products while this runs; the seeded 42 are the floor, and the
  // total must be the sum of the six category cards.
  const number = async (label: string) => Number((await cards.filter({ hasText: label }).locator("p").nth(1).innerText()).trim());
  const total = await number("Total Products");
  expect(total).toBeGreaterThanOrEqual(42);
  const perCategory = await Promise.all(
    ["Wall Hanging", "Special Items", "Home Decor & Tabletop", "Pen & Napkin Holder", "Candle stand & Pooja Related", "My Creativity"].map(number),
  );
  expect(perCategory.reduce((a, b) => a + b, 0)).toBe(total);
});

test("a wrong password shows the spec's message and keeps the email", async ({ page }) => {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);
});

test("the dashboard redirects guests to the login and back after it", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fdashboard/);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("/healthz reports MySQL and Redis", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true, mysql: "up", redis: "up" });
});
