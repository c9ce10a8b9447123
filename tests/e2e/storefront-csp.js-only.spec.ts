import { expect, test } from "./test.ts";

// A page-cache answer allows its scripts by their hashes, a render by its nonce
// (docs/decisions/097-hash-csp-for-cached-pages.md): either way the browser runs them all.
// A mistake in the policy shows as a violation here, and as a page that never hydrates.

test("the home page, a listing and a product page hydrate, from a render and from the cache, with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto("/product/wall-hanging");
  const product = await page.locator('a[href^="/product/wall-hanging/"]').first().getAttribute("href");
  expect(product).toBeTruthy();
  for (const path of ["/", "/product/wall-hanging", product!]) {
    // Until a cache hit: anything that moves the catalogue's version (a write spec run beside
    // this one, a media job still finishing) empties the cache, so one repeat is not always a hit.
    const seen: string[] = [];
    for (let i = 0; i < 5 && !seen.includes("HIT"); i++) {
      const response = await page.goto(path);
      seen.push(response!.headers()["x-cache"] ?? "none");
      expect(response!.headers()["content-security-policy"], path).toMatch(/script-src 'self' 'sha256-/);
      await expect.poll(() => page.evaluate(() => "__remixRouter" in window), { message: `${path} hydrates` }).toBe(true);
    }
    expect(seen, `${path}: answers until a cache hit`).toContain("HIT");
  }
  expect(violations).toEqual([]);
});
