import { test as base, type Page } from "@playwright/test";
import { hydrated } from "./helpers.ts";

export * from "@playwright/test";

/**
 * Playwright's `test`, whose `page.goto` and `page.reload` return, with JavaScript on, only
 * once a page of the app is hydrated. `load` can come before React has attached its handlers
 * (hydration yields to the browser), and a key, swipe or click in between is lost or becomes
 * a plain page load: a race that a busy machine turns into a failure.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const settled = async <T>(response: T, options?: { waitUntil?: string }): Promise<T> => {
        if (options?.waitUntil !== "commit") await whenAppPage(page);
        return response;
      };
      page.goto = async (url, options) => settled(await goto(url, options), options);
      page.reload = async (options) => settled(await reload(options), options);
    }
    await provide(page);
  },
});

/** Waits for hydration when the document is one of the app's pages (not JSON, XML or a media file). */
async function whenAppPage(page: Page): Promise<void> {
  const appPage = await page.evaluate(() => "__remixContext" in window).catch(() => false);
  if (appPage) await hydrated(page);
}
