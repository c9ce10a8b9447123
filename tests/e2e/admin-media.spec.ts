import { expect, test, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";
import { confirmAction, failMedia, sqlQuery } from "./fixtures/admin.ts";
import { brokenJpeg, fakeImage, jpeg, mp4 } from "./fixtures/media.ts";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** Reloads until the card is Ready and returns it. */
async function waitReady(page: Page, path: string, card: () => ReturnType<Page["getByTestId"]>, timeout = 90_000) {
  await expect(async () => {
    await page.goto(path);
    await expect(card().getByTestId("media-state")).toHaveText("Ready", { timeout: 1000 });
  }).toPass({ timeout, intervals: [1000, 2000, 3000] });
  return card();
}

test("Upload Gallery: several images at once, ready on /gallery, then deleted", async ({ page, javaScriptEnabled }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now()}`;
  await page.goto("/dashboard/upload-gallery");
  // Other pictures in each project: the two projects run this at once, and the same bytes would be one picture file shown twice.
  const seed = javaScriptEnabled ? 30 : 130;
  await page.getByLabel("Gallery images").setInputFiles([await jpeg(`g1-${tag}.jpg`, seed), await jpeg(`g2-${tag}.jpg`, seed + 1)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  await expect(page.getByText("Image added to gallery successfully")).toBeVisible();
  await expect(page.getByTestId("media-card").filter({ hasText: tag })).toHaveCount(2);
  // A second batch sent from the page the first one landed on (?status=added) is a success too.
  await page.getByLabel("Gallery images").setInputFiles([await jpeg(`g3-${tag}.jpg`, seed + 2)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  await expect(page.getByTestId("media-card").filter({ hasText: tag })).toHaveCount(3);
  await expect(page.getByText("Image added to gallery successfully")).toBeVisible();
  await expect(page.getByText(/Upload failed|The server answered/)).toHaveCount(0);
  const mine = () => page.getByTestId("media-card").filter({ hasText: `g1-${tag}` });
  const card = await waitReady(page, "/dashboard/upload-gallery", mine);
  const src = await card.locator("img").getAttribute("src");
  await page.goto("/gallery");
  await expect(page.locator(`main img[src="${src}"]`)).toHaveCount(1);

  await page.goto("/dashboard/upload-gallery");
  const question = "Are you sure you want to delete this image from the gallery?";
  await confirmAction(page, javaScriptEnabled, () => mine().getByRole("button", { name: "Delete" }).click(), question);
  await expect(page.getByText("Image deleted from gallery successfully")).toBeVisible();
  await expect(mine()).toHaveCount(0);
  await expect(page.getByTestId("media-card").filter({ hasText: `g2-${tag}` })).toHaveCount(1);
  expect((await page.request.get(src!)).status()).toBe(404);
});

test("Upload Gallery: a file that is not an image is refused", async ({ page, javaScriptEnabled }) => {
  await page.goto("/dashboard/upload-gallery");
  await page.getByLabel("Gallery images").setInputFiles([fakeImage("fake.jpg")]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  if (javaScriptEnabled) {
    await expect(page.getByTestId("pending-upload")).toContainText("Upload failed");
  } else {
    await expect(page.getByText(/^Failed to add image to gallery: This file is not a supported image/)).toBeVisible();
  }
});

test("A damaged photo is refused at upload, naming it; one the worker failed shows Failed with the reason, and Retry makes it again", async ({ page, javaScriptEnabled }, testInfo) => {
  const broken = `broken-${testInfo.project.name}-${Date.now()}.jpg`;
  await page.goto("/dashboard/upload-gallery");
  await page.getByLabel("Gallery images").setInputFiles([await brokenJpeg(broken)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  if (javaScriptEnabled) await expect(page.getByTestId("pending-upload")).toContainText("Upload failed");
  await expect(page.getByText(`${broken}: The image file is damaged or incomplete and cannot be read.`)).toBeVisible();
  await page.goto("/dashboard/upload-gallery");
  await expect(page.getByTestId("media-card").filter({ hasText: broken })).toHaveCount(0);

  const name = `failed-${testInfo.project.name}-${Date.now()}.jpg`;
  await page.getByLabel("Gallery images").setInputFiles([await jpeg(name, javaScriptEnabled ? 41 : 141)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  await expect(page.getByText("Image added to gallery successfully")).toBeVisible();
  const card = () => page.getByTestId("media-card").filter({ hasText: name });
  await waitReady(page, "/dashboard/upload-gallery", card);
  const [row] = await sqlQuery<Array<{ id: number }>>("SELECT media.id FROM gallery_images JOIN media ON media.id = gallery_images.media_id WHERE media.original_name = ?", [name]);
  await failMedia(row!.id);
  await page.goto("/dashboard/upload-gallery");
  await expect(card().getByTestId("media-state")).toContainText("Failed: The image file is damaged or incomplete and cannot be read.");
  await card().getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("Processing started again")).toBeVisible();
  await waitReady(page, "/dashboard/upload-gallery", card);
  const question = "Are you sure you want to delete this image from the gallery?";
  await confirmAction(page, javaScriptEnabled, () => card().getByRole("button", { name: "Delete" }).click(), question);
  await expect(page.getByText("Image deleted from gallery successfully")).toBeVisible();
});

test("Image Upload: upload a display image, make it current: the home hero shows it", async ({ page }, testInfo) => {
  const name = `hero-${testInfo.project.name}-${Date.now()}.jpg`;
  await page.goto("/dashboard/image-upload");
  await page.getByLabel("Display images").setInputFiles([await jpeg(name, 40, 1200, 600)]);
  await page.getByRole("button", { name: "Upload display images" }).click();
  await expect(page.getByText("Display image added successfully")).toBeVisible();
  const mine = () => page.getByTestId("media-card").filter({ hasText: name });
  const card = await waitReady(page, "/dashboard/image-upload", mine);
  const src = await card.locator("img").getAttribute("src");
  await card.getByRole("button", { name: "Set as display image" }).click();
  await expect(page.getByText("Display image set successfully")).toBeVisible();
  await expect(mine().getByText("Current")).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("hero").locator("img")).toHaveAttribute("src", src!);
});

test("Video Upload: a real clip is processed and plays on /about; a non-video is refused; delete", async ({ page, javaScriptEnabled }, testInfo) => {
  const name = `clip-${testInfo.project.name}-${Date.now()}.mp4`;
  await page.goto("/dashboard/video-upload");
  await page.getByLabel("Video file").setInputFiles([await mp4(name)]);
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByText("Video uploaded successfully. It will appear on the site once processed.")).toBeVisible();
  const mine = () => page.getByTestId("media-card").filter({ hasText: name });
  await expect(mine()).toHaveCount(1);
  const card = await waitReady(page, "/dashboard/video-upload", mine, 120_000);
  const src = await card.locator("video").getAttribute("src");
  expect(src).toMatch(/^\/media\/.+\.mp4$/);
  await page.goto("/about?view=videos");
  await expect(page.locator(`video source[src="${src}"]`)).toHaveCount(1);

  await page.goto("/dashboard/video-upload");
  if (!javaScriptEnabled) {
    await page.getByLabel("Video file").setInputFiles([{ name: "clip.mp4", mimeType: "video/mp4", buffer: Buffer.from("not a video at all") }]);
    await page.getByRole("button", { name: "Upload video" }).click();
    await expect(page.getByText(/^Failed to add video: This file is not a supported video/)).toBeVisible();
    await page.goto("/dashboard/video-upload");
  }
  await confirmAction(page, javaScriptEnabled, () => mine().getByRole("button", { name: "Delete" }).click(), "Are you sure you want to delete this video?");
  await expect(page.getByText("Video deleted successfully")).toBeVisible();
  await expect(mine()).toHaveCount(0);
});

test("Messages: unread first, mark read, delete; reachable from every admin page", async ({ page, javaScriptEnabled }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now()}`;
  await sqlQuery("INSERT INTO contact_messages (name, email, subject, message) VALUES (?, ?, ?, ?), (?, ?, ?, ?)", [
    "Asha", "asha@example.com", `Older ${tag}`, "Do you ship to Pune?",
    "Ravi", "ravi@example.com", `Newer ${tag}`, "Custom order of 20 owls",
  ]);
  await page.goto("/dashboard/video-upload");
  await page.getByRole("link", { name: /^Messages/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
  const mine = page.getByTestId("message").filter({ hasText: tag });
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText(`Newer ${tag}`);
  await mine.filter({ hasText: `Newer ${tag}` }).getByRole("button", { name: "Mark read" }).click();
  await expect(page.getByText("Message marked as read")).toBeVisible();
  // Unread first: the older, still unread message now comes before the read one.
  await expect(mine.first()).toContainText(`Older ${tag}`);
  await expect(mine.nth(1)).not.toContainText("Unread");
  const older = mine.filter({ hasText: `Older ${tag}` });
  await confirmAction(page, javaScriptEnabled, () => older.getByRole("button", { name: "Delete" }).click(), `Are you sure you want to delete this message?\n\n“Older ${tag}” from Asha.`);
  await expect(page.getByText("Message deleted")).toBeVisible();
  await expect(mine).toHaveCount(1);
});
