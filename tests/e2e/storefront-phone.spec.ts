import { expect, test, type Locator, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";

// On a phone (390×844), with JavaScript on and off: the lightbox keeps the visitor's
// place, tap targets are big enough, the header is one line and WhatsApp is always in reach.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/**
 * Every visible link, button and toggle on the page whose box is under `min` CSS px either way.
 * A product card's name is left out: its "View Product" button, 44 px tall, is the same link.
 */
async function smallTargets(page: Page, min: number, scope = "body"): Promise<string[]> {
  return page.locator(scope).evaluate((root, min) => {
    const targets = root.querySelectorAll<HTMLElement>("a[href]:not([data-testid=card-title]), button, summary, input:not([type=hidden]), select");
    return [...targets]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest("[aria-hidden='true']") && !el.classList.contains("sr-only"))
      .flatMap((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || (box.width >= min && box.height >= min)) return [];
        return [`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`];
      });
  }, min);
}

test("no tap target on the public pages is under 44 CSS px on a phone, with the menu open too", async ({ page }) => {
  const pages = ["/", "/gallery", "/gallery?image=1", "/contact", "/about", "/product/wall-hanging", "/product/candle-stand-and-pooja-related", "/product/wall-hanging/1", "/search?q=elephant", "/enquiry", "/privacy-policy"];
  for (const path of pages) {
    await page.goto(path);
    expect(await smallTargets(page, 44), path).toEqual([]);
  }
  // The enquiry list with a piece in it.
  await page.goto("/product/wall-hanging");
  // The heart shows pressed while its post is on the way (with JS): wait for the answer that sets the cookie.
  const added = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/enquiry"));
  await page.getByTestId("enquiry-heart").first().click();
  await added;
  await page.goto("/enquiry");
  await expect(page.getByTestId("enquiry-piece")).toHaveCount(1);
  expect(await smallTargets(page, 44), "/enquiry with a piece").toEqual([]);
  await page.getByTestId("mobile-menu").locator("summary").click();
  expect(await smallTargets(page, 44, "nav[aria-label='Menu']")).toEqual([]);
});

test("primary controls on a phone are at least 44×44: menu, call, WhatsApp, slider dots, social links", async ({ page }) => {
  await page.goto("/");
  expect(await smallTargets(page, 44, "header")).toEqual([]);
  expect(await smallTargets(page, 44, "[data-testid=slider] ol")).toEqual([]);
  await page.goto("/contact");
  for (const link of await page.getByTestId("social-link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
});

test("on the phone edit page the image buttons are 44 px tall and apart", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard/edit-product/1");
  const image = page.getByTestId("product-image").nth(1);
  const earlier = (await image.getByRole("button", { name: "Move earlier" }).boundingBox())!;
  const remove = (await image.getByRole("button", { name: "Delete image" }).boundingBox())!;
  expect(earlier.height).toBeGreaterThanOrEqual(44);
  expect(remove.height).toBeGreaterThanOrEqual(44);
  const apart = remove.y >= earlier.y + earlier.height ? remove.y - earlier.y - earlier.height : remove.x - earlier.x - earlier.width;
  expect(apart).toBeGreaterThanOrEqual(8);
});

test("the phone header is one line with the logo and name once, a call link, WhatsApp and the menu, then the search box", async ({ page }) => {
  await page.goto("/gallery");
  const header = page.getByRole("banner");
  // The search row (44 px box + 8 px) spans the width under the one-line header.
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64 + 52);
  const logo = (await header.getByRole("link", { name: /home$/ }).boundingBox())!;
  const search = (await header.getByRole("searchbox", { name: "Search pieces" }).boundingBox())!;
  expect(search.y).toBeGreaterThanOrEqual(logo.y + logo.height - 1);
  await expect(page.getByText("Dokra Shilpa Kendra", { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(header.getByTestId("whatsapp-chat")).toHaveAttribute("href", /^https:\/\/wa\.me\/\d{8,15}$/);
  await expect(header.getByTestId("whatsapp-chat")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  await page.goto("/contact");
  await expect(page.getByRole("main").getByTestId("contact-whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\/\d{8,15}$/);
});

test("a phone product page keeps a WhatsApp bar at the bottom of the screen while scrolling", async ({ page }) => {
  await page.goto("/product/wall-hanging/1");
  const bar = page.getByTestId("whatsapp-bar");
  await expect(bar.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  // The piece's name follows the button's words (a reserved piece's read "Ask about this piece about …").
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await expect(bar.getByRole("link")).toHaveAccessibleName(`Chat on WhatsApp — ${name} (opens in a new tab)`);
  await page.mouse.wheel(0, 1500);
  await expect(bar).toBeInViewport();
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(PHONE.height);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(bar).toBeHidden();
});

test("the lightbox keeps the gallery's scroll place and returns to the thumbnail on close", async ({ page, javaScriptEnabled }) => {
  await page.goto("/gallery");
  const items = page.getByTestId("gallery-item");
  await items.nth(11).scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  await items.nth(11).click();
  await expect(page.getByTestId("lightbox-counter")).toHaveText("12 / 12");
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page.getByTestId("lightbox")).toHaveCount(0);
  await expect(items.nth(11)).toBeInViewport();
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/gallery#picture-12$/);
    return;
  }
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(items.nth(11)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  // (The masonry fills column by column: the last picture is at the bottom of the page.)
  // Escape closes the same way, onto the thumbnail of the picture last shown.
  await items.nth(10).click();
  // A key pressed before the lightbox is on screen has nothing to move yet.
  await expect(page.getByTestId("lightbox-counter")).toHaveText("11 / 12");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("lightbox-counter")).toHaveText("12 / 12");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("lightbox")).toHaveCount(0);
  await expect(items.nth(11)).toBeFocused();
});

test("home's first screen says what the shop is and offers a way in, on a phone and a laptop", async ({ page }) => {
  for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const intro = page.getByTestId("home-intro");
    await expect(intro.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 1 });
    await expect(intro.getByRole("link", { name: "Browse the collection" })).toBeInViewport({ ratio: 1 });
    await expect(intro.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
    await expect(intro.getByRole("link", { name: /Chat on WhatsApp/ })).toBeInViewport({ ratio: 1 });
  }
});

test("a photo is shown one way on its card and its detail page: whole, with no stretched blur around it", async ({ page }) => {
  const look = (img: Locator) =>
    img.evaluate((el) => {
      const style = getComputedStyle(el);
      return { fit: style.objectFit, background: style.backgroundSize };
    });
  await page.goto("/product/wall-hanging");
  const card = await look(page.getByTestId("product-card").first().locator("img").first());
  await page.goto("/product/wall-hanging/1");
  const detail = await look(page.getByTestId("main-image").locator("img").first());
  expect(card).toEqual({ fit: "contain", background: "contain" });
  expect(detail).toEqual(card);
});
