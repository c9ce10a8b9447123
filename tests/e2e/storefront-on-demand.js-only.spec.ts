import { expect, test } from "./test.ts";
import { firstWallHangingPath, hydrated } from "./helpers.ts";

// A page loads the code of what it shows (app/components/ui/on-demand.tsx): an available piece's
// page never loads the notify form of a sold one, and "Copy link", which only JavaScript shows,
// loads its code once the page is interactive. A sold piece's form: admin-waiting.spec.ts.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("an available piece's page: no notify form code, and the copy button's only once it shows", async ({ page }) => {
  const path = await firstWallHangingPath(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();

  expect(scripts.filter((script) => /\/notify-form-[\w-]+\.js$/.test(script))).toEqual([]);
  expect(scripts.filter((script) => /\/copy-button-[\w-]+\.js$/.test(script))).toHaveLength(1);
  // Neither is among the modules the page's HTML names (its preloads and the route manifest's imports).
  const html = await (await page.request.get(path)).text();
  expect(html).toContain("/assets/entry.client-");
  expect(html).not.toMatch(/\/(notify-form|copy-button)-/);
});

test("a part whose code cannot be loaded after hydration is left out, asked for once", async ({ page }) => {
  const path = await firstWallHangingPath(page);
  let asked = 0;
  await page.route(/\/assets\/copy-button-[\w-]+\.js$/, (route) => {
    asked += 1;
    return route.abort();
  });
  await page.goto(path);
  await hydrated(page);
  await expect.poll(() => asked).toBe(1);
  // React renders the part again once the failed load settles; that render must not ask again.
  await page.waitForTimeout(1_500);
  expect(asked).toBe(1);
  await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  await expect(page.getByTestId("share-url")).toBeVisible();
});
