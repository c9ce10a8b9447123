import { expect, test, type Locator, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";
import { jpeg, portraitMp4 } from "./fixtures/media.ts";

// A video filmed upright on a phone (stored sideways with a rotation flag) is
// shown upright on /about, in a tall box, not squeezed into a 16:9 one; gallery images and
// videos take an optional title, shown as caption and alternative text. JavaScript on and off.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

async function waitReady(page: Page, path: string, card: Locator): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(card.getByTestId("media-state")).toHaveText(/^Ready/, { timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [1000, 2000, 3000] });
}

async function setTitle(page: Page, card: Locator, title: string): Promise<void> {
  await card.getByLabel("Title (optional)").fill(title);
  await card.getByRole("button", { name: "Save title" }).click();
  await expect(page.getByText("Title saved")).toBeVisible();
  await expect(card.getByLabel("Title (optional)")).toHaveValue(title);
}

test("a phone video is shown upright and tall on the About videos view, with its title", async ({ page }, testInfo) => {
  const name = `upright-${testInfo.project.name}-${Date.now()}.mp4`;
  await page.goto("/dashboard/video-upload");
  await page.getByLabel("Video file").setInputFiles([await portraitMp4(name)]);
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByText("Video uploaded successfully. It will appear on the site once processed.")).toBeVisible();
  const card = page.getByTestId("media-card").filter({ hasText: name });
  await waitReady(page, "/dashboard/video-upload", card);
  const src = await card.locator("video").getAttribute("src");
  const title = `Casting day ${testInfo.project.name} ${Date.now()}`;
  await setTitle(page, card, title);

  await page.goto("/about?view=videos");
  const video = page.getByRole("region", { name: "Videos from the workshop" }).getByLabel(title);
  await expect(video.locator("source")).toHaveAttribute("src", src!);
  await expect(page.getByTestId("video-title").filter({ hasText: title })).toBeVisible();
  // She typed it in English: a Bengali page marks it so (a screen reader reads it in English).
  await expect(page.getByTestId("video-title").filter({ hasText: title })).not.toHaveAttribute("lang", /./);
  await page.goto("/bn/about?view=videos");
  await expect(page.getByTestId("video-title").filter({ hasText: title })).toHaveAttribute("lang", "en");
  await page.goto("/about?view=videos");
  const [width, height] = await Promise.all([video.getAttribute("width"), video.getAttribute("height")]);
  expect(Number(height)).toBeGreaterThan(Number(width)); // the worker turned the picture upright
  await video.scrollIntoViewIfNeeded();
  const box = (await video.boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width);
  expect(Math.abs(box.width / box.height - Number(width) / Number(height))).toBeLessThan(0.02);
});

test("a gallery image's title is its caption and alternative text on the shop; an over-long one is refused", async ({ page }, testInfo) => {
  const name = `titled-${testInfo.project.name}-${Date.now()}.jpg`;
  await page.goto("/dashboard/upload-gallery");
  await page.getByLabel("Gallery images").setInputFiles([await jpeg(name, 55)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  await expect(page.getByText("Image added to gallery successfully")).toBeVisible();
  const card = page.getByTestId("media-card").filter({ hasText: name });
  await waitReady(page, "/dashboard/upload-gallery", card);
  const title = `Wax models drying ${testInfo.project.name} ${Date.now()}`;
  await setTitle(page, card, title);

  await page.goto("/gallery");
  await expect(page.getByRole("img", { name: title })).toBeVisible();
  await expect(page.getByTestId("gallery-title").filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId("gallery-title").filter({ hasText: title })).not.toHaveAttribute("lang", /./);
  await page.goto("/hi/gallery");
  await expect(page.getByTestId("gallery-title").filter({ hasText: title })).toHaveAttribute("lang", "en");

  await page.goto("/dashboard/upload-gallery");
  await card.getByLabel("Title (optional)").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await card.getByLabel("Title (optional)").fill("x".repeat(121));
  await card.getByRole("button", { name: "Save title" }).click();
  await expect(page.getByText("Failed to save the title: Please keep the title under 120 characters.")).toBeVisible();
});
