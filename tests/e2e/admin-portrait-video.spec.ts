import { expect, test } from "@playwright/test";
import { signIn } from "./helpers.ts";
import { portraitMp4 } from "./fixtures/media.ts";

// Issue 15.14: a video filmed upright on a phone (stored sideways with a rotation flag) is
// shown upright on /about, in a tall box, not squeezed into a 16:9 one.

test("a phone video is shown upright and tall on the About videos view", async ({ page }, testInfo) => {
  await signIn(page);
  const name = `upright-${testInfo.project.name}-${Date.now()}.mp4`;
  await page.goto("/dashboard/video-upload");
  await page.getByLabel("Video file").setInputFiles([await portraitMp4(name)]);
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByText("Video uploaded successfully. It will appear on the site once processed.")).toBeVisible();
  const card = page.getByTestId("media-card").filter({ hasText: name });
  await expect(async () => {
    await page.goto("/dashboard/video-upload");
    await expect(card.getByTestId("media-state")).toHaveText("Ready", { timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [1000, 2000, 3000] });
  const src = await card.locator("video").getAttribute("src");

  await page.goto("/about?view=videos");
  const video = page.locator("video").filter({ has: page.locator(`source[src="${src}"]`) });
  await expect(video).toHaveCount(1);
  const [width, height] = await Promise.all([video.getAttribute("width"), video.getAttribute("height")]);
  expect(Number(height)).toBeGreaterThan(Number(width)); // the worker turned the picture upright
  await video.scrollIntoViewIfNeeded();
  const box = (await video.boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width);
  expect(Math.abs(box.width / box.height - Number(width) / Number(height))).toBeLessThan(0.02);
});
