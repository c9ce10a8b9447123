import { expect, test, type Page } from "./test.ts";

// A product page on a phone (390×844, touch), JavaScript on and off: the first screen shows the
// picture, name and price; one chat button at a time; no fixed element covers the page's text.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const PRODUCTS = ["/product/wall-hanging/1", "/product/special-items/12", "/product/pen-and-napkin-holder/23"];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the screen shows: boxes of the fixed elements, the chat links on screen, the text under fixed elements. */
async function screenFacts(page: Page) {
  return page.evaluate(() => {
    const box = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    const overlaps = (a: DOMRect, b: DOMRect) => a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const onScreen = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
    const fixed = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (el) => ["fixed", "sticky"].includes(getComputedStyle(el).position) && shown(el) && onScreen(el.getBoundingClientRect()),
    );
    // A full-width band at the bottom (the WhatsApp bar) is the screen's lower edge: what is behind it
    // is below the fold. Every other fixed element must leave the text above that edge uncovered.
    const band = fixed.find((el) => el.getBoundingClientRect().width >= window.innerWidth - 1 && el.getBoundingClientRect().bottom >= window.innerHeight - 1);
    const fold = band ? band.getBoundingClientRect().top : window.innerHeight;
    const covered: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!text || !parent || !shown(parent) || parent.closest(".sr-only")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (!onScreen(rect) || rect.top >= fold) continue;
        for (const el of fixed) {
          if (el === band || el.contains(node)) continue;
          // Only the part of the line above the fold is seen.
          const seen = new DOMRect(rect.x, rect.y, rect.width, Math.min(rect.bottom, fold) - rect.y);
          if (overlaps(seen, el.getBoundingClientRect())) covered.push(`"${text.slice(0, 30)}" under ${el.tagName.toLowerCase()}[${el.dataset.testid ?? el.className.slice(0, 30)}]`);
        }
      }
    }
    const chats = [...document.querySelectorAll("a")].filter(
      (a) => /Chat on WhatsApp/.test(a.textContent ?? "") && shown(a) && onScreen(a.getBoundingClientRect()),
    );
    return {
      fold,
      fixed: fixed.map((el) => ({ id: el.dataset.testid ?? el.className, ...box(el.getBoundingClientRect()) })),
      chats: chats.length,
      covered: [...new Set(covered)],
      scrollY: window.scrollY,
      height: document.documentElement.scrollHeight,
    };
  });
}

const inside = (inner: Box, outer: { top: number; bottom: number }) => inner.height > 0 && inner.y >= outer.top && inner.y + inner.height <= outer.bottom;

test("the first screen shows the picture, the name and the whole price, clear of the WhatsApp bar", async ({ page }) => {
  for (const path of PRODUCTS) {
    await page.goto(path);
    const facts = await screenFacts(page);
    const screen = { top: 0, bottom: facts.fold };
    const detail = page.getByTestId("product-detail");
    const name = (await detail.getByRole("heading", { level: 1 }).boundingBox())!;
    const price = (await page.getByTestId("detail-price").boundingBox())!;
    const picture = (await detail.getByRole("img").first().boundingBox())!;
    expect(inside(name, screen), `${path}: name ${JSON.stringify(name)} above the fold at ${facts.fold}`).toBe(true);
    expect(inside(price, screen), `${path}: price ${JSON.stringify(price)} above the fold at ${facts.fold}`).toBe(true);
    expect(inside(picture, screen), `${path}: picture ${JSON.stringify(picture)} above the fold at ${facts.fold}`).toBe(true);
    expect(picture.width).toBeGreaterThanOrEqual(300);
    // The bar is there on the first screen: the way to buy is in reach.
    await expect(page.getByTestId("whatsapp-bar")).toBeInViewport();
  }
});

test("one Chat on WhatsApp button is on screen at a time, and nothing fixed covers text, wherever the page is scrolled", async ({ page, javaScriptEnabled }) => {
  for (const path of PRODUCTS) {
    await page.goto(path);
    const { height } = await screenFacts(page);
    let sawToTop = false;
    for (let y = 0; y <= height; y += 211) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      // With JS the scroll-to-top button follows the scroll position: wait for it to settle.
      if (javaScriptEnabled) {
        const far = await page.evaluate(() => window.scrollY > 300);
        await expect(page.getByTestId("scroll-to-top")).toHaveCount(far ? 1 : 0);
        sawToTop ||= far;
      }
      const facts = await screenFacts(page);
      expect(facts.chats, `${path} at ${facts.scrollY}: chat buttons on screen`).toBe(1);
      expect(facts.covered, `${path} at ${facts.scrollY}: text under ${JSON.stringify(facts.fixed)}`).toEqual([]);
    }
    if (javaScriptEnabled) expect(sawToTop).toBe(true);
    // At the very end the footer's last line is above the bar.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    const fold = (await screenFacts(page)).fold;
    const footer = (await page.getByRole("contentinfo").getByText(/©|Copyright/).last().boundingBox())!;
    expect(footer.y + footer.height, `${path}: the footer's last line clears the bar`).toBeLessThanOrEqual(fold);
  }
});
