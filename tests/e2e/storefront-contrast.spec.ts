import sharp from "sharp";
import { expect, test, type Locator, type Page } from "./test.ts";

// White words over photos (the hero's headline, the slider's titles and lines) measured against
// the pixels behind them (axe cannot judge text over images): a screenshot of each text's box
// with the text made transparent, then WCAG's contrast of white over the brightest of those
// pixels. A photo behind words changes from pixel to pixel (the sun is bright, the shade dark),
// so every pixel must give AA's 4.5:1, headlines included.

const PHONE = { width: 390, height: 844 };
const WIDE = [{ width: 768, height: 1024 }, { width: 1024, height: 768 }, { width: 1366, height: 768 }];

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** Contrast of white text over the brightest pixel behind `text`. */
async function contrastBehind(page: Page, text: Locator): Promise<number> {
  await text.scrollIntoViewIfNeeded();
  await text.evaluate((el) => {
    el.dataset.contrastProbe = "";
    const style = document.createElement("style");
    style.id = "contrast-probe";
    style.textContent = "[data-contrast-probe], [data-contrast-probe] * { color: transparent !important; text-shadow: none !important; }";
    document.head.append(style);
  });
  // The box less its outermost pixel: a box at a fractional position takes in a sliver of what lies
  // beside it (the photo around a name on its own dark ground), which is not behind the letters.
  const box = (await text.boundingBox())!;
  const shot = await page.screenshot({ clip: { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 }, animations: "disabled" });
  await text.evaluate((el) => {
    delete el.dataset.contrastProbe;
    document.getElementById("contrast-probe")?.remove();
  });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let bright = 0;
  for (let i = 0; i < data.length; i += info.channels) bright = Math.max(bright, luminance(data[i]!, data[i + 1]!, data[i + 2]!));
  return 1.05 / (bright + 0.05);
}

const AA = 4.5;

test("the hero's headline and line are readable over the photo, on a phone, a tablet and a laptop", async ({ page }) => {
  for (const viewport of [PHONE, ...WIDE]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const intro = page.getByTestId("home-intro");
    for (const text of [intro.getByRole("heading", { level: 1 }), intro.locator("p").first()]) {
      const contrast = await contrastBehind(page, text);
      expect(contrast, `${viewport.width} px: ${await text.innerText()}`).toBeGreaterThanOrEqual(AA);
    }
  }
});

test("every slide's title and line are readable over its photo on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const slider = page.getByTestId("slider");
  const slides = slider.getByTestId("slide");
  await expect(slides).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await slider.locator(".shop-slider").evaluate((track, index) => track.scrollTo({ left: index * track.clientWidth, behavior: "instant" }), i);
    await slides.nth(i).scrollIntoViewIfNeeded();
    await expect(slides.nth(i)).toBeInViewport({ ratio: 0.9 });
    for (const text of [slides.nth(i).getByRole("heading"), slides.nth(i).locator("p")]) {
      const contrast = await contrastBehind(page, text);
      expect(contrast, `slide ${i + 1}: ${await text.innerText()}`).toBeGreaterThanOrEqual(AA);
    }
  }
});

test("every category tile's name is readable over its photo on a phone, in the longest language too", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of ["/", "/hi"]) {
    await page.goto(path);
    const tiles = page.getByTestId("category-tile");
    await expect(tiles).toHaveCount(6);
    for (const tile of await tiles.all()) {
      await tile.scrollIntoViewIfNeeded();
      await expect.poll(() => tile.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const name = tile.getByRole("heading");
      const contrast = await contrastBehind(page, name);
      expect(contrast, `${path}: ${await name.innerText()}`).toBeGreaterThanOrEqual(AA);
    }
  }
});
