import { expect, test, type Page } from "./test.ts";
import { firstWallHangingPath } from "./helpers.ts";

// The Bengali and Devanagari web fonts (app/fonts.css): a page fetches the file of the script
// it shows and no other, an English page none, and nothing moves when the font replaces the
// phone's own font (the machine's Noto UI fonts stand in for a phone's, as on Android). With
// JavaScript the faces are added by app/modules/i18n/web-fonts.ts, whose FontFace objects
// name their family in quotes.

// A phone's screen (Lighthouse's mobile one): the fallback faces size a phone's own font.
test.use({ viewport: { width: 412, height: 823 } });

const FONT_FILE = /\/assets\/noto-sans-(bengali|devanagari)-[^/]*\.woff2$/;
const FAMILY = { bengali: "Noto Sans Bengali", devanagari: "Noto Sans Devanagari" } as const;

/**
 * Opens a page with each font file held back, so it arrives after the text was first painted
 * in the fallback; returns the scripts whose files the page asked for.
 */
async function openWithLateFonts(page: Page, path: string): Promise<string[]> {
  const fetched: string[] = [];
  await page.route(FONT_FILE, async (route) => {
    fetched.push(FONT_FILE.exec(route.request().url())![1]!);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(path);
  return fetched;
}

/** The page's layout shifts so far (the buffered entries, read at once: no timers, so JavaScript off works too). */
function layoutShifts(page: Page) {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "layout-shift", buffered: true });
    const entries = observer.takeRecords() as Array<PerformanceEntry & { value?: number; sources?: Array<{ node?: Node | null }> }>;
    observer.disconnect();
    return entries.map((e) => ({ value: e.value ?? 0, at: Math.round(e.startTime), moved: (e.sources ?? []).map((s) => s.node?.textContent?.slice(0, 40) ?? "") }));
  });
}

/** When the first text was painted, and when the font file's last byte arrived (ms since navigation). */
function paintAndFontTimes(page: Page, family: "bengali" | "devanagari") {
  return page.evaluate((script) => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    const font = performance.getEntriesByType("resource").find((e) => e.name.includes(`/noto-sans-${script}-`)) as PerformanceResourceTiming | undefined;
    return { paint, fontArrived: font?.responseEnd ?? NaN };
  }, family);
}

for (const [lang, script, other] of [
  ["bn", "bengali", "devanagari"],
  ["hi", "devanagari", "bengali"],
] as const) {
  test(`/${lang} pages fetch the ${script} font only, and nothing moves when it arrives`, async ({ page }) => {
    const paths = [`/${lang}`, `/${lang}${await firstWallHangingPath(page)}`];
    for (const path of paths) {
      await page.unrouteAll();
      const fetched = await openWithLateFonts(page, path);
      await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-IN`);
      await expect
        .poll(() => page.evaluate((family) => [...document.fonts].find((f) => f.family.replace(/^"|"$/g, "") === family)?.status, FAMILY[script]), { message: path })
        .toBe("loaded");
      expect(fetched, path).toEqual([script]);
      expect(await page.evaluate((family) => [...document.fonts].find((f) => f.family.replace(/^"|"$/g, "") === family)?.status, FAMILY[other]), path).toBe("unloaded");
      // The text was on screen in the fallback before the font came: the swap happened in view.
      const { paint, fontArrived } = await paintAndFontTimes(page, script);
      expect(paint, path).toBeLessThan(fontArrived);
      // Layout shift as Lighthouse reports it (three decimals): 0.000. The phone's font and the
      // web font differ by well under 1 % per word, so a centred button may move a fraction of a pixel.
      const shifts = await layoutShifts(page);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0), `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.0005);
    }
  });
}

test("English pages fetch no Indic font, the language switcher's names included", async ({ page }) => {
  const paths = ["/", await firstWallHangingPath(page)];
  for (const path of paths) {
    await page.unrouteAll();
    const fetched = await openWithLateFonts(page, path);
    // On a phone the switcher is at the top of the menu: open, its names are drawn.
    await page.getByTestId("mobile-menu").locator("summary").click();
    const switcher = page.getByTestId("mobile-menu").getByTestId("language-switcher");
    await expect(switcher).toBeVisible();
    await expect(switcher).toContainText("বাংলা");
    await expect(switcher).toContainText("हिन्दी");
    await page.waitForLoadState("networkidle");
    expect(fetched, path).toEqual([]);
    const statuses = await page.evaluate(() => [...document.fonts].map((f) => f.status));
    expect(statuses.filter((s) => s !== "unloaded"), path).toEqual([]);
  }
});

test("Latin text on a Bengali or Hindi page keeps the English page's font", async ({ page }) => {
  // The shop's name in the header: same letters, so the same width when set in the same font.
  const width = async (path: string) => {
    await page.goto(path);
    const name = page.locator("header a").filter({ hasText: /^Dokra Shilpa Kendra$/ }).first();
    return name.evaluate((el) => el.getBoundingClientRect().width);
  };
  const english = await width("/");
  expect(english).toBeGreaterThan(0);
  expect(await width("/bn")).toBe(english);
  expect(await width("/hi")).toBe(english);
});
