import { expect, test } from "./test.ts";
import { ADMIN, signIn } from "./helpers.ts";

test("a wrong password shows the red box and keeps the email; the right one signs in", async ({ page }) => {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("repeated failures for one email are refused with 429 and a clear message", async ({ page }, testInfo) => {
  const email = `nobody-${testInfo.project.name}-${Date.now()}@example.com`;
  for (let i = 0; i < 5; i++) {
    await page.goto("/admin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`guess-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  }
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("guess-again");
  // The server answers 429 (the document with JS off, the data request with JS on).
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin"));
  await page.getByRole("button", { name: "Sign in" }).click();
  expect((await answered).status()).toBe(429);
  await expect(page.getByRole("alert")).toContainText(/too many/i);
});

test("a signed-in admin is sent from /admin to /dashboard; Sign out ends the session", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/all-products");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/dashboard/trending");
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fdashboard%2Ftrending/);
});

test("the dashboard shows the menu (the spec's 8), the counts and a View Products link per category", async ({ page }) => {
  await signIn(page);
  const menu = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link");
  await expect(menu).toHaveText([
    "Dashboard",
    "Upload",
    "All Products",
    "Gift Items",
    "Stock Products",
    "Upload Gallery",
    "Image Upload",
    "Video Upload",
  ]);
  for (const label of ["Total Categories", "Total Products", "Gift Items", "Stock Products"]) {
    await expect(page.getByTestId("count-card").filter({ hasText: label })).toBeVisible();
  }
  const wall = page.getByTestId("count-card").filter({ hasText: "Wall Hanging" });
  const count = Number((await wall.locator("p").nth(1).textContent())?.trim());
  await wall.getByRole("link", { name: "View Products" }).click();
  await expect(page).toHaveURL(/\/dashboard\/all-products\?category=wall-hanging/);
  await expect(page.getByTestId("result-count")).toHaveText(`${count} ${count === 1 ? "product" : "products"}`);
  await expect(page.getByRole("link", { name: /^Messages/ })).toBeVisible();
});

const ADMIN_POSTS: Array<[string, Record<string, string>]> = [
  ["/dashboard/upload", { name: "x" }],
  ["/dashboard/all-products", { intent: "delete", productId: "1" }],
  ["/dashboard/edit-product/1", { intent: "delete" }],
  ["/dashboard/trending", { intent: "remove", entryId: "1" }],
  ["/dashboard/stock-products", { intent: "remove", entryId: "1" }],
  ["/dashboard/upload-gallery", { intent: "delete", id: "1" }],
  ["/dashboard/image-upload", { intent: "set-current", id: "1" }],
  ["/dashboard/video-upload", { intent: "delete", id: "1" }],
  ["/dashboard/messages", { intent: "delete", id: "1" }],
];

test("every admin action refuses a request without a session, and changes nothing", async ({ request }) => {
  const before = await (await request.get("/api/v1/products/getTotalProductsCount")).text();
  for (const [path, form] of ADMIN_POSTS) {
    const response = await request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), path).toBeGreaterThanOrEqual(300);
    expect(response.status(), path).toBeLessThan(400);
    expect(response.headers().location, path).toMatch(/^\/admin\?redirectTo=/);
    const data = await request.post(`${path}.data`, { form, maxRedirects: 0 });
    expect(await data.text(), `${path}.data`).toContain("/admin?redirectTo=");
  }
  const getResponse = await request.get("/dashboard/all-products", { maxRedirects: 0 });
  expect(getResponse.headers().location).toMatch(/^\/admin\?redirectTo=/);
  expect(await (await request.get("/api/v1/products/getTotalProductsCount")).text()).toBe(before);
});
