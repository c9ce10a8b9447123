import { expect, test, type Page } from "./test.ts";
import { firstWallHangingPath, signIn } from "./helpers.ts";

// The first screen before the scripts (the Scripts patch in patches/@remix-run+react+2.17.5.patch,
// docs/decisions/119-first-screen-before-scripts.md and 131-scripts-at-the-first-touch.md): a
// storefront page works as well before its JavaScript as after, so its scripts and its Bengali
// or Devanagari web font are asked for only once the visitor reaches for the page (a touch, a
// key, a pointer move, a scroll). The home page, whose slider moves by itself, asks for them at the
// latest when its first move is due (5 s); the dashboard once its largest picture has painted, at
// most 3 s.

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
      now: performance.now(),
      largestPaint: paints.at(-1)?.startTime ?? NaN,
      largestIsPicture: Boolean(paints.at(-1)?.url),
      firstScript: start((path) => path.startsWith("/assets/") && path.endsWith(".js")),
      firstFont: start((path) => path.endsWith(".woff2")),
    };
  });
}

/** Opens a page without touching it (the test fixture's goto would scroll to start its scripts) and lets it settle. */
async function openUntouched(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForLoadState("load");
  await page.waitForTimeout(1500);
}

test("listing and product page ask for no script until the visitor reaches for them, then hydrate", async ({ page }) => {
  const product = await firstWallHangingPath(page);
  const reach: Array<[string, string, () => Promise<void>]> = [
    // The tap lands on the heading: nothing there navigates.
    ["/product/wall-hanging", "a touch", () => page.getByRole("heading", { level: 1 }).tap()],
    [product, "a scroll", () => page.mouse.wheel(0, 200)],
    [`/bn${product}`, "a key", () => page.keyboard.press("Shift")],
    ["/contact", "a pointer move", () => page.mouse.move(100, 300)],
  ];
  for (const [path, how, act] of reach) {
    await openUntouched(page, path);
    await expect(page.locator("html[data-hydrated]"), path).toHaveCount(0);
    const before = await firstScreenTimes(page);
    expect(before.firstScript, `${path}: ${JSON.stringify(before)}`).toBe(Infinity);
    await act();
    await expect(page.locator("html"), `${path}: ${how}`).toHaveAttribute("data-hydrated", "");
    const after = await firstScreenTimes(page);
    expect(after.firstScript, `${path}: ${JSON.stringify(after)}`).toBeGreaterThanOrEqual(before.now);
  }
});

/** Records, in ms since navigation, when the page was marked hydrated and when the slider's current slide changed. */
async function recordSliderTimes(page: Page) {
  await page.addInitScript(() => {
    const times: { hydrated?: number; moved?: number } = {};
    (window as unknown as { sliderTimes: typeof times }).sliderTimes = times;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const element = change.target as HTMLElement;
        if (change.attributeName === "data-hydrated") times.hydrated ??= performance.now();
        if (change.attributeName === "data-index" && element.dataset.index !== "0") times.moved ??= performance.now();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated", "data-index"] });
  });
  return () => page.evaluate(() => (window as unknown as { sliderTimes: { hydrated?: number; moved?: number } }).sliderTimes);
}

test("the home page, untouched, asks for its scripts when the slider's first move is due, and the slide moves then", async ({ page }) => {
  const sliderTimes = await recordSliderTimes(page);
  await openUntouched(page, "/");
  const before = await firstScreenTimes(page);
  expect(before.firstScript, JSON.stringify(before)).toBe(Infinity);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 15_000 });
  await expect(page.getByTestId("slider")).toHaveAttribute("data-index", "1");
  const times = await firstScreenTimes(page);
  expect(times.firstScript, JSON.stringify(times)).toBeGreaterThanOrEqual(5000);
  // The move was due: it comes with hydration, not a further 5 s later.
  const { hydrated, moved } = await sliderTimes();
  expect(moved! - hydrated!, JSON.stringify({ hydrated, moved })).toBeLessThan(2000);
});

test("a touch on the home page before the slider's first move starts the scripts, and the slide stays a full 5 s", async ({ page }) => {
  const sliderTimes = await recordSliderTimes(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.getByTestId("slider").getByRole("heading").first().tap();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  expect(await page.evaluate(() => window.__scriptsOnTime)).toBe(false);
  await expect(page.getByTestId("slider")).toHaveAttribute("data-index", "1", { timeout: 10_000 });
  const { hydrated, moved } = await sliderTimes();
  expect(moved! - hydrated!, JSON.stringify({ hydrated, moved })).toBeGreaterThan(4000);
});

test("a Bengali and a Hindi page ask for their web font with their scripts, after the largest paint", async ({ page, browser }) => {
  const product = await firstWallHangingPath(page);
  for (const path of ["/bn", "/hi", `/bn${product}`]) {
    // A browser of its own for each page: a font file an earlier page fetched would show as a cached entry.
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 412, height: 823 }, hasTouch: true });
    const fresh = await context.newPage();
    await openUntouched(fresh, path);
    await fresh.mouse.wheel(0, 100);
    await expect(fresh.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect.poll(() => fresh.evaluate(() => [...document.fonts].some((f) => f.status === "loaded")), { message: path }).toBe(true);
    const times = await firstScreenTimes(fresh);
    expect(times.firstFont, `${path}: ${JSON.stringify(times)}`).toBeGreaterThanOrEqual(times.largestPaint);
    expect(times.firstScript, `${path}: ${JSON.stringify(times)}`).toBeGreaterThanOrEqual(times.largestPaint);
    await context.close();
  }
});

test("a dashboard page whose pictures never arrive still hydrates, once the 3 s limit has passed", async ({ page }) => {
  await signIn(page);
  // A picture that never arrives: the load event never comes.
  await page.route(/\/media\//, () => {});
  await page.addInitScript(() => {
    (window as unknown as { heldPicture: HTMLImageElement }).heldPicture = Object.assign(new Image(), { src: "/media/held-back.jpg" });
  });
  await page.goto("/dashboard/all-products", { waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 15_000 });
  const times = await firstScreenTimes(page);
  expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
  expect(times.firstScript).toBeGreaterThanOrEqual(3000);
});

test("a tap on the dashboard before its pictures have come starts the scripts at once", async ({ page }) => {
  // The page's clock stands still, so the 3 s limit never comes; the pictures are held back, so
  // the page never finishes loading: only the tap can start the scripts.
  await signIn(page);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.route(/\/media\//, () => {});
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/.*\.js$/.test(request.url())) scripts.push(request.url());
  });
  await page.goto("/dashboard/all-products", { waitUntil: "commit" });
  await page.waitForSelector("main", { state: "attached" });
  await page.waitForTimeout(1000);
  expect(scripts).toEqual([]);
  await page.locator("body").dispatchEvent("pointerdown");
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
});

test("keys pressed while the page hydrates do not stop it hydrating", async ({ page }) => {
  // The first key starts the scripts; the next ones come while React hydrates. Remix suspended its
  // first render until the server's state was decoded, and a key there made React render the page
  // at once, where a suspension is an error: the page never hydrated (React's 426, then 345).
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const product = await firstWallHangingPath(page);
  for (const path of [`/bn${product}`, product, "/product/wall-hanging", `/hi${product}`]) {
    await openUntouched(page, path);
    for (let i = 0; i < 20; i++) await page.keyboard.press("Shift");
    await expect(page.locator("html"), path).toHaveAttribute("data-hydrated", "");
  }
  expect(errors).toEqual([]);
});

test("the dashboard's scripts start on their own once its first screen is on it", async ({ page }) => {
  await signIn(page);
  await openUntouched(page, "/dashboard/all-products");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
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
      // Files under 4 KB go without (COMPILE_HINT_MIN_BYTES in vite.config.ts): re-exports, the client entry, small shared pieces.
      if (code.length < 4 * 1024) continue;
      expect(code.startsWith("//# allFunctionsCalledOnLoad\n"), `${path}: ${script}`).toBe(true);
    }
  }
});
