import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { UPLOAD_LIMITS } from "../../app/modules/media/limits.ts";
import { expect, test, type Page } from "./test.ts";
import { hydrated, signIn } from "./helpers.ts";
import { addProduct } from "./fixtures/admin.ts";
import { fakeImage, jpeg, mp4, uniqueName } from "./fixtures/media.ts";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("Upload: previews, a progress bar, no full reload, the form resets, the message clears after 3 s", async ({ page }) => {
  await page.goto("/dashboard/upload");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  const submit = page.getByRole("button", { name: "Add product" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Images (1 to 5)").setInputFiles([await jpeg("a.jpg", 50, 1600, 1200), await jpeg("b.jpg", 51)]);
  await expect(page.getByTestId("image-preview")).toHaveCount(2);
  await expect(submit).toBeDisabled(); // still no category
  await page.getByLabel("Category").selectOption("special-items");
  await expect(submit).toBeEnabled();
  await page.getByLabel("Title").fill(uniqueName("Progress"));
  await page.getByLabel("Price", { exact: true }).fill("999.50");
  for (const label of ["Height", "Width", "Length", "Weight"]) await page.getByLabel(label).fill("3");
  // Slow the upload down so the bar can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
  await submit.click();
  await expect(page.getByTestId("upload-progress")).toBeVisible();
  await expect(page.getByRole("button", { name: "Adding product…" })).toBeDisabled();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const message = page.getByText("Product added successfully!");
  await expect(message).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(page.getByTestId("image-preview")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  await expect(message).toBeHidden({ timeout: 6000 });
});

test("the upload progress bar is brand-coloured (brass), not the browser's blue", async ({ page }) => {
  await page.goto("/dashboard/upload-gallery");
  // Hold the upload at the server's door: the bar stays up until the check is done.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/dashboard/upload-gallery", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.abort();
  });
  await page.getByLabel("Gallery images").setInputFiles([await jpeg("bar.jpg", 54)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  const bar = page.getByTestId("upload-progress").locator("progress");
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCSS("accent-color", "rgb(123, 76, 32)"); // --color-brass-700
  release();
});

test("All Products: 'Loading product data...' while the editor loads; the dialog texts are exact", async ({ page }) => {
  const name = uniqueName("Loader");
  await addProduct(page, { name, images: [await jpeg("l.jpg", 52)] });
  await page.route("**/dashboard/all-products.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole("link", { name: "Quick Edit" }).click();
  await expect(page.getByText("Loading product data...")).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.unroute("**/dashboard/all-products.data*");
  // Dismissing the dialog keeps the product.
  page.once("dialog", (dialog) => dialog.dismiss());
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("admin-product-card").filter({ hasText: name })).toHaveCount(1);
});

test("Upload Gallery: each file shows its state; a failed one says 'Upload failed' and can be removed", async ({ page }) => {
  await page.goto("/dashboard/upload-gallery");
  await page.getByLabel("Gallery images").setInputFiles([await jpeg("ok.jpg", 53), fakeImage("bad.jpg")]);
  await expect(page.getByTestId("pending-upload")).toHaveCount(2);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  const failed = page.getByTestId("pending-upload");
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("bad.jpg");
  await expect(failed).toContainText("Upload failed");
  await expect(page.getByText("Image added to gallery successfully")).toBeVisible();
  await failed.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("pending-upload")).toHaveCount(0);
});

test("Image Upload keeps only image files; Video Upload previews, cancels, accepts only videos", async ({ page }) => {
  await page.goto("/dashboard/image-upload");
  await page.getByLabel("Display images").setInputFiles([await jpeg("keep.jpg", 54), { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
  await expect(page.getByTestId("pending-upload")).toHaveCount(1);
  await expect(page.getByText("1 file was not an image and was left out.")).toBeVisible();

  await page.goto("/dashboard/video-upload");
  await page.getByLabel("Video file").setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
  await expect(page.getByText("Please choose a video file.")).toBeVisible();
  await page.getByLabel("Video file").setInputFiles([await mp4()]);
  await expect(page.getByTestId("video-preview")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("video-preview")).toHaveCount(0);
});

test("Upload: photos dropped on the drop zone are taken like picked ones", async ({ page }) => {
  await page.goto("/dashboard/upload");
  const zone = page.getByTestId("file-picker");
  await expect(zone).toContainText("Or drag and drop the files here.");
  const photo = await jpeg("dropped.jpg", 53);
  const transfer = await page.evaluateHandle(
    ({ bytes, name }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
      data.items.add(new File(["not a photo"], "notes.txt", { type: "text/plain" }));
      return data;
    },
    { bytes: [...photo.buffer], name: photo.name },
  );
  await zone.dispatchEvent("dragover", { dataTransfer: transfer });
  await expect(zone).toHaveAttribute("data-dragging", "");
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
  // The image is kept, the text file left out; the input holds it for the post.
  await expect(page.getByTestId("image-preview")).toHaveCount(1);
  expect(await page.getByLabel("Images (1 to 5)").evaluate((input: HTMLInputElement) => [...input.files!].map((f) => f.name))).toEqual(["dropped.jpg"]);
  await page.getByLabel("Category").selectOption("my-creativity");
  await expect(page.getByRole("button", { name: "Add product" })).toBeEnabled();
});

test("Video Upload: a video over the limit is refused when it is chosen, before minutes of upload", async ({ page }) => {
  // A sparse file: the browser reads its size, nothing is written or read in full.
  const big = path.join(os.tmpdir(), `VID_20261129_over-${Date.now()}.mp4`);
  await fs.writeFile(big, "");
  await fs.truncate(big, UPLOAD_LIMITS.videoBytes + 1);
  try {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/dashboard/video-upload");
    await page.getByLabel("Video file").setInputFiles(big);
    await expect(page.getByTestId("error-message")).toHaveText(`${path.basename(big)} is 201 MB; a video can be at most 200 MB. Shorten it (a phone's gallery can trim a video) and choose it again.`);
    await expect(page.getByTestId("video-preview")).toHaveCount(0);
    await page.getByRole("button", { name: "Upload video" }).click();
    expect(posts).toEqual([]);
  } finally {
    await fs.rm(big, { force: true });
  }
});

test("Quick Edit on a slow line: Save says Saving… and takes no second tap, so no false conflict", async ({ page }) => {
  test.setTimeout(90_000);
  const name = uniqueName("Slow save");
  await addProduct(page, { name, images: [await jpeg("slow.jpg", 61)] });
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page.getByTestId("admin-product-card").filter({ hasText: name }).getByRole("link", { name: "Quick Edit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(`${name} saved once`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
  await dialog.getByRole("button", { name: "Save changes" }).click();
  const saving = dialog.getByRole("button", { name: "Saving…" });
  await expect(saving).toBeDisabled();
  await saving.click({ force: true });
  await expect(page.getByText("Product updated successfully")).toBeVisible({ timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByTestId("conflict-changes")).toHaveCount(0);
  await expect(page.getByTestId("admin-product-card").filter({ hasText: `${name} saved once` })).toHaveCount(1);
});

const CLOSE_UNSAVED = "Close without saving? What you changed in this piece is not saved.";

/** A new piece in All Products, hydrated; every question the page asks is recorded, and answered Cancel until `accept` is set. */
async function pieceAskingQuestions(page: Page, name: string, seed: number) {
  await addProduct(page, { name, images: [await jpeg(`asks-${seed}.jpg`, seed)] });
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  const questions = { asked: [] as string[], accept: false };
  page.on("dialog", (prompt) => {
    questions.asked.push(prompt.message());
    void (questions.accept ? prompt.accept() : prompt.dismiss());
  });
  return questions;
}

test("Quick Edit: Close or Escape asks first when what she typed would be lost", async ({ page }) => {
  const name = uniqueName("Close asks");
  const questions = await pieceAskingQuestions(page, name, 62);
  const { asked } = questions;
  const card = page.getByTestId("admin-product-card").filter({ hasText: name });
  const dialog = page.getByRole("dialog");
  // Nothing changed: Close closes without a question.
  await card.getByRole("link", { name: "Quick Edit" }).click();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  expect(asked).toEqual([]);

  await card.getByRole("link", { name: "Quick Edit" }).click();
  await dialog.getByLabel("Name", { exact: true }).fill(`${name} typed`);
  await page.keyboard.press("Escape");
  await expect.poll(() => asked).toEqual([CLOSE_UNSAVED]);
  // Cancelled: the dialog stays with what she typed.
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(`${name} typed`);
  questions.accept = true;
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  expect(asked).toEqual([CLOSE_UNSAVED, CLOSE_UNSAVED]);
});

test("Quick Edit: the phone's Back and the link to the edit page ask first too; a save does not", async ({ page }) => {
  const name = uniqueName("Back asks");
  const questions = await pieceAskingQuestions(page, name, 63);
  const { asked } = questions;
  const card = page.getByTestId("admin-product-card").filter({ hasText: name });
  const dialog = page.getByRole("dialog");
  const nameBox = dialog.getByLabel("Name", { exact: true });
  await card.getByRole("link", { name: "Quick Edit" }).click();
  await nameBox.fill(`${name} typed`);
  // Back, cancelled: the dialog and its address stay, with what she typed.
  await page.goBack();
  await expect.poll(() => asked).toEqual([CLOSE_UNSAVED]);
  await expect(nameBox).toHaveValue(`${name} typed`);
  await expect(page).toHaveURL(/[?&]edit=\d+/);
  // The edit page's link, cancelled: the same.
  await dialog.getByRole("link", { name: /Open the edit page/ }).click();
  await expect.poll(() => asked).toEqual([CLOSE_UNSAVED, CLOSE_UNSAVED]);
  await expect(nameBox).toHaveValue(`${name} typed`);
  // Saving asks nothing and closes the dialog.
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(asked).toHaveLength(2);
  // Back with nothing typed asks nothing; Back with typing, accepted, closes the dialog.
  const quickEdit = () => page.getByTestId("admin-product-card").filter({ hasText: `${name} typed` }).getByRole("link", { name: "Quick Edit" }).click();
  await quickEdit();
  await expect(nameBox).toHaveValue(`${name} typed`);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  expect(asked).toHaveLength(2);
  await quickEdit();
  await nameBox.fill(`${name} typed again`);
  questions.accept = true;
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  expect(asked).toHaveLength(3);
  await expect(page.getByTestId("admin-product-card").filter({ hasText: `${name} typed` })).toHaveCount(1);
});
