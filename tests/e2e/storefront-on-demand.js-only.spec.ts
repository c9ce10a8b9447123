import { expect, test } from "./test.ts";
import { firstWallHangingPath, hydrated } from "./helpers.ts";

// A page loads the code of what it shows (app/components/ui/on-demand.tsx): an available piece's
// page never loads the notify form of a sold one. A sold piece's form, and a client navigation to
// one whose form's code cannot be loaded: admin-waiting.spec.ts.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("an available piece's page loads no notify form code", async ({ page }) => {
  const path = await firstWallHangingPath(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();

  expect(scripts.some((script) => /\/entry\.client-[\w-]+\.js$/.test(script))).toBe(true);
  expect(scripts.filter((script) => /\/notify-form-[\w-]+\.js$/.test(script))).toEqual([]);
  // Nor is it among the modules the page's HTML names (its preloads and the route manifest's imports).
  const html = await (await page.request.get(path)).text();
  expect(html).toContain("/assets/entry.client-");
  expect(html).not.toMatch(/\/notify-form-/);
});
