import { expect, test, type Locator } from "./test.ts";

// The slider's dots mark the slide shown, with JavaScript on and off (without it: the first at
// load, then the one chosen with a dot's link).

const FILLED = "rgb(123, 76, 32)"; // --color-brass-700

const fills = (dots: Locator) => dots.locator("span").evaluateAll((spans) => spans.map((s) => getComputedStyle(s).backgroundColor));

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("one dot marks the slide shown: the first at load, then the one tapped", async ({ page }) => {
  await page.goto("/");
  const dots = page.getByTestId("slider").getByTestId("slider-dot");
  await expect(dots).toHaveCount(3);
  expect(await fills(dots)).toEqual([FILLED, "rgb(255, 255, 255)", "rgb(255, 255, 255)"]);
  for (const i of [2, 1, 0]) {
    await dots.nth(i).click();
    await expect(page.getByTestId("slider").getByTestId("slide").nth(i)).toBeInViewport({ ratio: 0.9 });
    await expect.poll(() => fills(dots)).toEqual([0, 1, 2].map((j) => (j === i ? FILLED : "rgb(255, 255, 255)")));
  }
});
