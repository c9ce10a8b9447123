import { expect, test, type Page } from "./test.ts";

// The home page's parts below the first screen stay the server's HTML (app/components/ui/server-html.tsx,
// docs/decisions/122-server-html-below-the-first-screen.md): React never hydrates them on the page's
// load, nothing in them changes once parsed, and their links still go where they say; a client navigation to
// the home page renders them as React parts.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const PARTS = ["home-strip", "home-categories", "home-features", "home-gifts", "home-collection", "home-community"];

/** Per part: its number of links, and whether React holds any element in it (React 18 keeps its fiber on each element it hydrated or made). */
function partsOf(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("[data-server-html]")].map((part) => ({
      name: part.getAttribute("data-server-html"),
      links: part.querySelectorAll("a[href]").length,
      react: [...part.querySelectorAll("*")].some((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"))),
    })),
  );
}

test("the parts below the first screen are left as the server sent them, and their links work", async ({ page }) => {
  // Every change inside a part once the HTML is parsed (before the scripts, which wait for the
  // load event), kept where the page can read it.
  await page.addInitScript(() => {
    const changed: string[] = [];
    (window as unknown as { partChanges: string[] }).partChanges = changed;
    document.addEventListener("DOMContentLoaded", () => {
      new MutationObserver((records) => {
        for (const record of records) {
          const part = (record.target instanceof Element ? record.target : record.target.parentElement)?.closest("[data-server-html]");
          if (part) changed.push(`${part.getAttribute("data-server-html")}: ${record.type}`);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  });
  await page.goto("/");
  const before = await partsOf(page);
  expect(before.map((part) => part.name)).toEqual(PARTS);
  expect(before.filter((part) => part.react)).toEqual([]);
  expect(before.find((part) => part.name === "home-gifts")?.links).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { partChanges: string[] }).partChanges)).toEqual([]);

  // A tap on a link in one loads the page it names (a plain link, as without JavaScript).
  const gift = page.getByTestId("gift-card").first().getByRole("link");
  const href = await gift.getAttribute("href");
  await gift.tap();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a client navigation to the home page renders the parts as React parts, and their links navigate in the page", async ({ page }) => {
  await page.goto("/about");
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page.getByTestId("gift-corner")).toBeVisible();
  const parts = await partsOf(page);
  expect(parts.map((part) => part.name)).toEqual(PARTS);
  expect(parts.filter((part) => !part.react)).toEqual([]);
  await page.getByTestId("gift-card").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/product\/[^/]+\/\d+$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});
