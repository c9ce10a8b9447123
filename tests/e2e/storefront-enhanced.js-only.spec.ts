import { expect, test, type Page } from "./test.ts";
import { hydrated } from "./helpers.ts";

// Behaviour only JavaScript can give (docs/product-rules.md, Storefront, Pages, States, Numbers): slider timing,
// zoom, double tap, pinch, lightbox keys, scroll-to-top, menu closing, loading text.

async function openFirstProduct(page: Page, category: string, name: string) {
  await page.goto(`/product/${category}`);
  await page.getByTestId("card-title").filter({ hasText: name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await hydrated(page);
}

/** The home slider advances every 5 seconds; two taps within 300 ms zoom. */
const SLIDE_INTERVAL_MS = 5000;
const DOUBLE_TAP_MS = 300;

const dotState = (page: Page) =>
  page.getByTestId("slider-dot").evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("aria-current") === "true"));

/** Stops the page's clock (a second ahead: the clock keeps running during the call); from here only runFor moves timers. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

test("the slider advances every 5 seconds and wraps both ways with previous/next and dots", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  const slider = page.getByTestId("slider");
  await expect(slider.getByRole("button", { name: "Next slide" })).toBeVisible();
  await expect.poll(() => dotState(page)).toBe(0);
  await pauseClock(page);
  // Autoplay from load: within one interval.
  await page.clock.runFor(SLIDE_INTERVAL_MS);
  await expect.poll(() => dotState(page)).not.toBe(0);
  const advanced = await dotState(page);
  // Hover and focus pause it; once both leave, the next advance is exactly 5 s later, not before.
  await slider.getByRole("button", { name: "Next slide" }).click();
  await expect.poll(() => dotState(page)).toBe((advanced + 1) % 3);
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(SLIDE_INTERVAL_MS - 100);
  expect(await dotState(page)).toBe((advanced + 1) % 3);
  await page.clock.runFor(100);
  await expect.poll(() => dotState(page)).toBe((advanced + 2) % 3);
  await slider.getByTestId("slider-dot").nth(1).click();
  await expect.poll(() => dotState(page)).toBe(1);
  await slider.getByTestId("slider-dot").nth(0).click();
  await expect.poll(() => dotState(page)).toBe(0);
  await slider.getByRole("button", { name: "Previous slide" }).click();
  await expect.poll(() => dotState(page)).toBe(2); // wraps to the last
  await slider.getByRole("button", { name: "Next slide" }).click();
  await expect.poll(() => dotState(page)).toBe(0); // wraps to the first
  await expect
    .poll(() => slider.locator(".shop-slider").evaluate((el) => Math.round(el.scrollLeft / el.clientWidth)))
    .toBe(0);
});

test("the slider answers the arrow keys", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("slider").locator(".shop-slider").focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => dotState(page)).toBe(1);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => dotState(page)).toBe(2);
});

test("zoom buttons go from 1x to 3x in 0.5 steps; a click on the image toggles zoom", async ({ page }) => {
  await openFirstProduct(page, "wall-hanging", "Peacock Wall Panel");
  const level = page.getByTestId("zoom-level");
  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  const zoomOut = page.getByRole("button", { name: "Zoom out" });
  await expect(level).toHaveText("1x");
  await expect(zoomOut).toBeDisabled();
  for (const expected of ["1.5x", "2x", "2.5x", "3x"]) {
    await zoomIn.click();
    await expect(level).toHaveText(expected);
  }
  await expect(zoomIn).toBeDisabled();
  await expect(page.getByTestId("zoom-layer")).toHaveAttribute("style", /scale\(3\)/);
  await zoomOut.click();
  await expect(level).toHaveText("2.5x");
  for (let i = 0; i < 3; i++) await zoomOut.click();
  await expect(level).toHaveText("1x");

  await page.getByTestId("main-image").click();
  await expect(level).toHaveText("2x");
  await expect(page).toHaveURL(/\/product\/wall-hanging\/\d+$/); // the link did not navigate
  await page.getByTestId("main-image").click();
  await expect(level).toHaveText("1x");
});

test("thumbnails and arrows switch the image in place", async ({ page }) => {
  await openFirstProduct(page, "wall-hanging", "Peacock Wall Panel");
  const first = await page.getByTestId("main-image").getAttribute("href");
  await page.getByTestId("thumbnail").nth(2).click();
  await expect(page.getByTestId("thumbnail").nth(2)).toHaveAttribute("aria-current", "true");
  expect(await page.getByTestId("main-image").getAttribute("href")).not.toBe(first);
  await page.getByRole("link", { name: "Next image" }).click();
  await expect(page.getByTestId("thumbnail").nth(0)).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("main-image")).toHaveAttribute("href", first!);
});

test.describe("touch", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("two taps within 300 ms toggle zoom; two slow taps do not", async ({ page }) => {
    await page.clock.install();
    await openFirstProduct(page, "wall-hanging", "Peacock Wall Panel");
    const image = page.getByTestId("main-image");
    const level = page.getByTestId("zoom-level");
    const box = (await image.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await pauseClock(page);
    await page.touchscreen.tap(x, y);
    await page.clock.runFor(DOUBLE_TAP_MS + 1);
    await page.touchscreen.tap(x, y);
    await expect(level).toHaveText("1x");
    await page.clock.runFor(DOUBLE_TAP_MS + 1);
    await page.touchscreen.tap(x, y);
    await page.clock.runFor(DOUBLE_TAP_MS - 1);
    await page.touchscreen.tap(x, y);
    await expect(level).toHaveText("2x");
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await expect(level).toHaveText("1x");
  });

  test("a sideways swipe at 1x shows the next or previous picture; a mostly vertical one does not", async ({ page }) => {
    await openFirstProduct(page, "wall-hanging", "Peacock Wall Panel");
    const image = page.getByTestId("main-image");
    const box = (await image.boundingBox())!;
    const swipe = (from: [number, number], to: [number, number]) =>
      image.evaluate(
        (el, { from, to }) => {
          const fire = (type: string, [x, y]: [number, number]) =>
            el.dispatchEvent(new PointerEvent(type, { pointerId: 9, pointerType: "touch", clientX: x, clientY: y, bubbles: true, isPrimary: true }));
          fire("pointerdown", from);
          fire("pointermove", to);
          fire("pointerup", to);
        },
        { from, to },
      );
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const current = page.locator('[data-testid="thumbnail"][aria-current="true"]');
    await expect(current).toHaveAccessibleName("Show picture 1");
    await swipe([cx + 80, cy], [cx - 80, cy + 10]);
    await expect(current).toHaveAccessibleName("Show picture 2");
    await swipe([cx, cy], [cx + 60, cy + 50]);
    await expect(current).toHaveAccessibleName("Show picture 2");
    await swipe([cx - 80, cy], [cx + 80, cy]);
    await expect(current).toHaveAccessibleName("Show picture 1");
    await expect(page.getByTestId("zoom-level")).toHaveText("1x");
  });

  test("pinching out zooms (capped at 3x) and dragging pans the zoomed image", async ({ page }) => {
    await openFirstProduct(page, "wall-hanging", "Peacock Wall Panel");
    const image = page.getByTestId("main-image");
    const box = (await image.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await image.evaluate(
      (el, { cx, cy }) => {
        const fire = (type: string, id: number, x: number, y: number) =>
          el.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: "touch", clientX: x, clientY: y, bubbles: true, isPrimary: id === 1 }));
        fire("pointerdown", 1, cx - 20, cy);
        fire("pointerdown", 2, cx + 20, cy);
        fire("pointermove", 1, cx - 50, cy);
        fire("pointermove", 2, cx + 50, cy); // distance 40 → 100: 2.5x
        fire("pointerup", 1, cx - 50, cy);
        fire("pointerup", 2, cx + 50, cy);
      },
      { cx, cy },
    );
    await expect(page.getByTestId("zoom-level")).toHaveText("2.5x");
    await image.evaluate(
      (el, { cx, cy }) => {
        const fire = (type: string, id: number, x: number, y: number) =>
          el.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: "touch", clientX: x, clientY: y, bubbles: true }));
        fire("pointerdown", 3, cx - 10, cy);
        fire("pointerdown", 4, cx + 10, cy);
        fire("pointermove", 3, cx - 100, cy);
        fire("pointermove", 4, cx + 100, cy); // ×10 → capped at 3x
        fire("pointerup", 3, cx, cy);
        fire("pointerup", 4, cx, cy);
        fire("pointerdown", 5, cx, cy);
        fire("pointermove", 5, cx + 60, cy + 30);
        fire("pointerup", 5, cx + 60, cy + 30);
      },
      { cx, cy },
    );
    await expect(page.getByTestId("zoom-level")).toHaveText("3x");
    await expect(page.getByTestId("zoom-layer")).toHaveAttribute("style", /translate\(20px, 10px\)/);
  });
});

test("the lightbox answers Escape and the arrow keys, with the 'n / total' counter", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByTestId("gallery-item").first().click();
  const counter = page.getByTestId("lightbox-counter");
  await expect(counter).toHaveText("1 / 12");
  await hydrated(page);
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("2 / 12");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText("12 / 12");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("lightbox")).toHaveCount(0);
  await expect(page).toHaveURL(/\/gallery$/);
});

test("the open lightbox keeps Tab among its own controls, and the page behind comes back on close", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByTestId("gallery-item").nth(2).click();
  const lightbox = page.getByTestId("lightbox");
  await expect(page.getByTestId("lightbox-counter")).toHaveText("3 / 12");
  await hydrated(page);
  // The wheel over the lightbox does not scroll the page behind (a "Scroll to top" it then added would not be inert).
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.mouse.move(200, 200);
  await page.mouse.wheel(0, 2000);
  // A page that can scroll has moved within a few frames (Playwright does not wait for the scroll).
  await page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(done), 300)));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  const focusInLightbox = () => lightbox.evaluate((dialog) => dialog.contains(document.activeElement));
  const stops = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const inside = await focusInLightbox();
    // Past the last control the browser's own toolbar may take focus before the first comes round again.
    if (!inside) expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement === null)).toBe(true);
    else stops.add(await page.evaluate(() => document.activeElement!.getAttribute("aria-label") ?? document.activeElement!.textContent!.trim()));
  }
  expect([...stops].sort()).toEqual(["Close", "Next picture", "Previous picture"]);
  await page.keyboard.press("Escape");
  await expect(lightbox).toHaveCount(0);
  await expect(page.getByTestId("gallery-item").nth(2)).toBeFocused();
  await expect(page.locator("[inert]")).toHaveCount(0);
});

test("scroll-to-top appears past 300 px and Enter takes the page back up", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  const button = page.getByTestId("scroll-to-top");
  await expect(button).toHaveCount(0);
  await page.clock.runFor(150); // the new screen's own scroll to the top (100 ms after load) is done
  // The scroll listener runs before evaluate returns, so the count below is after it.
  await page.evaluate(() => {
    window.scrollTo(0, 250);
    window.dispatchEvent(new Event("scroll"));
  });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(button).toBeVisible();
  await button.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

test("a new screen starts at the top shortly after it loads", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the small-screen menu closes after navigating", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  const menu = page.getByTestId("mobile-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Special Items" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Special Items");
  await expect(menu).not.toHaveAttribute("open", "");
});

test("the small-screen menu tapped open before the scripts load stays open once they have", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  // A slow phone: the page's code arrives after the tap.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for hydration (test.ts's goto would): it cannot come before the release.
  await page.goto("/bn/product/special-items", { waitUntil: "commit" });
  const menu = page.getByTestId("mobile-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  release();
  await hydrated(page);
  await page.waitForTimeout(500);
  await expect(menu).toHaveAttribute("open", "");
});

test("'Loading products...' shows while a listing loads on the client", async ({ page }) => {
  await page.goto("/product/wall-hanging");
  await page.route("**/product/wall-hanging.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole("link", { name: "Below ₹5000" }).click();
  await expect(page.getByTestId("loading-products")).toHaveText("Loading products...");
  await expect(page.getByTestId("product-card")).toHaveCount(4);
  await expect(page.getByTestId("loading-products")).toHaveCount(0);
});

test("Back goes one step back in history", async ({ page }) => {
  await page.goto("/product/wall-hanging?price=below-5000");
  await page.getByTestId("card-title").first().click();
  await expect(page.getByTestId("product-detail")).toBeVisible();
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/product\/wall-hanging\?price=below-5000$/);
});

test("a broken product image falls back to the placeholder picture", async ({ page }) => {
  await page.route("**/media/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/product/wall-hanging");
  await expect(page.getByTestId("product-grid").locator("img[data-broken]").first()).toBeVisible();
  await expect(page.getByTestId("product-grid").locator("img[data-broken]").first()).toHaveAttribute("src", /^data:image\/svg\+xml/);
});

test("the about videos view scrolls to the video section", async ({ page }) => {
  await page.goto("/about?view=videos");
  // Scrolled as far as the page allows towards the section's top.
  const expected = await page.evaluate(() => {
    const top = document.getElementById("videos")!.getBoundingClientRect().top + window.scrollY;
    return Math.min(Math.round(top), document.documentElement.scrollHeight - window.innerHeight);
  });
  expect(expected).toBeGreaterThan(50);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(expected - 20);
  // "Back to top" stays at the top: the scroll to the section ran again on every change of address.
  await page.getByRole("contentinfo").getByRole("link", { name: "Back to top" }).click();
  await expect(page).toHaveURL(/#top$/);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(0);
});

test("a video keeps its size while its poster loads, so the videos view lands on the section before any poster", async ({ page }) => {
  // Posters are held back until the end: the box must not wait for them to know its size.
  let release!: () => void;
  const posters = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/media/**", async (route) => {
    await posters;
    await route.continue();
  });
  await page.goto("/about?view=videos", { waitUntil: "domcontentloaded" });
  const heights = () => page.getByTestId("video").evaluateAll((videos) => videos.map((v) => Math.round(v.getBoundingClientRect().height)));
  const before = await heights();
  expect(before.length).toBeGreaterThan(0);
  for (const height of before) expect(height).toBeGreaterThan(100);
  const top = await page.evaluate(() => {
    const top = document.getElementById("videos")!.getBoundingClientRect().top + window.scrollY;
    return Math.min(Math.round(top), document.documentElement.scrollHeight - window.innerHeight);
  });
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(top - 20);
  const posterUrls = await page.getByTestId("video").evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).poster).filter(Boolean));
  expect(posterUrls.length).toBe(before.length);
  const arrived = Promise.all(posterUrls.map((url) => page.waitForResponse(url)));
  release();
  await arrived;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await heights()).toEqual(before);
});

test("contact: after a refused send, focus is on the first wrong field", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("field-error").first()).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  await page.getByLabel("Name", { exact: true }).fill("Asha");
  await page.getByLabel("Email", { exact: true }).fill("asha@example.com");
  await page.getByLabel("Phone / WhatsApp").fill("12");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("field-error")).toHaveCount(3);
  await expect(page.getByLabel("Phone / WhatsApp")).toBeFocused();
});

test("on a phone, a page of videos keeps the scroll-to-top button off their controls", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, shown] of [["/about?view=videos", false], ["/gallery", true]] as const) {
    await page.goto(path);
    await hydrated(page);
    // The videos view scrolls itself to its section 150 ms after hydrating: let it, so it does not
    // undo the scroll below on a busy machine.
    if (!shown) await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const button = page.getByTestId("scroll-to-top");
    // The button is there (past 300 px), but not shown over the videos.
    await expect(button).toHaveCount(1);
    if (shown) await expect(button).toBeVisible();
    else {
      await expect(page.locator("video[controls]").first()).toBeAttached();
      await expect(button).toBeHidden();
    }
  }
});
