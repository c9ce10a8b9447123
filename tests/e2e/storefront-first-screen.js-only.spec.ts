import { expect, test, type Page } from "./test.ts";
import { firstWallHangingPath } from "./helpers.ts";

// The first screen before the scripts (the Scripts patch in patches/@remix-run+react+2.17.5.patch,
// docs/decisions/119-first-screen-before-scripts.md): a page's JavaScript and its Bengali or
// Devanagari web font are asked for only after its largest paint is on screen, so on a slow
// phone they never compete with the picture; the page still hydrates when no picture paints.

test.use({ viewport: { width: 412, height: 823 }, hasTouch: true });

/** When the page's largest paint so far was shown, and when its first script and font requests started (ms since navigation). */
function firstScreenTimes(page: Page) {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    const paints = observer.takeRecords() as Array<PerformanceEntry & { url?: string }>;
    observer.disconnect();
    const resources = performance.getEntriesByType("resource");
    const start = (match: (name: string) => boolean) =>
      Math.min(...resources.filter((r) => match(new URL(r.name).pathname)).map((r) => r.startTime));
    return {
      largestPaint: paints.at(-1)?.startTime ?? NaN,
      largestIsPicture: Boolean(paints.at(-1)?.url),
      firstScript: start((path) => path.startsWith("/assets/") && path.endsWith(".js")),
      firstFont: start((path) => path.endsWith(".woff2")),
    };
  });
}

test("home, listing and product page ask for their scripts after the picture's paint, and hydrate", async ({ page }) => {
  for (const path of ["/", "/product/wall-hanging", await firstWallHangingPath(page)]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    const times = await firstScreenTimes(page);
    expect(times.largestIsPicture, path).toBe(true);
    expect(times.firstScript, `${path}: ${JSON.stringify(times)}`).toBeGreaterThanOrEqual(times.largestPaint);
  }
});

test("a Bengali and a Hindi page ask for their web font after the largest paint", async ({ page, browser }) => {
  const product = await firstWallHangingPath(page);
  for (const path of ["/bn", "/hi", `/bn${product}`]) {
    // A browser of its own for each page: a font file an earlier page fetched would show as a cached entry.
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 412, height: 823 }, hasTouch: true });
    const fresh = await context.newPage();
    await fresh.goto(path);
    await expect(fresh.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect.poll(() => fresh.evaluate(() => [...document.fonts].some((f) => f.status === "loaded")), { message: path }).toBe(true);
    const times = await firstScreenTimes(fresh);
    expect(times.firstFont, `${path}: ${JSON.stringify(times)}`).toBeGreaterThanOrEqual(times.largestPaint);
    expect(times.firstScript, `${path}: ${JSON.stringify(times)}`).toBeGreaterThanOrEqual(times.largestPaint);
    await context.close();
  }
});

test("a page whose picture never arrives still hydrates, once the 3 s limit has passed", async ({ page }) => {
  // Every picture refused: the page names its largest picture, but no picture ever paints.
  await page.route(/\/media\//, (route) => route.abort());
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 15_000 });
  const times = await firstScreenTimes(page);
  expect(times.largestIsPicture).toBe(false);
  expect(times.firstScript).toBeGreaterThanOrEqual(3000);
});

test("a tap before the picture has painted starts the scripts at once", async ({ page }) => {
  // The page's clock stands still, so the 3 s limit never comes; the pictures are held back, so
  // no picture paints: only the tap can start the scripts.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.route(/\/media\//, () => {});
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/.*\.js$/.test(request.url())) scripts.push(request.url());
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.waitForSelector("footer", { state: "attached" });
  await page.waitForTimeout(1000);
  expect(scripts).toEqual([]);
  await page.locator("body").dispatchEvent("pointerdown");
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
});

// The main thread's work once the scripts run (docs/decisions/121-no-locale-data-on-load.md):
// no number format of Intl (its locale data is 40–100 ms of a first use) and no function
// compiled on first call in the storefront's own scripts.
test("a page shows its prices without Intl's number format, and its scripts are marked for eager compilation", async ({ page }) => {
  await page.addInitScript(() => {
    const counted = window as unknown as { numberFormats: number };
    counted.numberFormats = 0;
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct(target, args) {
        counted.numberFormats += 1;
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args) {
        counted.numberFormats += 1;
        return Reflect.apply(target, self, args) as Intl.NumberFormat;
      },
    });
  });
  for (const path of ["/", "/product/wall-hanging", await firstWallHangingPath(page), "/bn/product/wall-hanging"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(page.getByText(/₹\d{1,2}(,\d\d)*,?\d{0,3}\.\d\d/).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { numberFormats: number }).numberFormats), path).toBe(0);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname).filter((p) => p.startsWith("/assets/") && p.endsWith(".js")),
    );
    expect(scripts.length, path).toBeGreaterThan(3);
    for (const script of scripts) {
      const code = await (await page.request.get(script)).text();
      // Small shared pieces (a form or a button two routes use) may go without: they are a few hundred bytes.
      if (code.length < 3000) continue;
      expect(code.startsWith("//# allFunctionsCalledOnLoad\n"), `${path}: ${script}`).toBe(true);
    }
  }
});
