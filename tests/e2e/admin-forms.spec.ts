import { expect, test, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";
import { addProduct, submitProduct } from "./fixtures/admin.ts";
import { bigJpeg, jpeg, uniqueName, unreadableBigJpeg } from "./fixtures/media.ts";

// The upload forms, one set of limits and words on Add and Edit,
// a question before every delete, and home slides that gallery uploads leave alone.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** What reads as an error: field errors, the error box, any red text. */
const errorsOn = (page: Page) => page.locator('[role="alert"], [data-field-error], .text-red-700');

test("Add: an untouched form shows no error; after success none either, with where the piece will appear", async ({ page, javaScriptEnabled }) => {
  await page.goto("/dashboard/upload");
  await expect(page.getByRole("button", { name: "Add product" })).toBeVisible();
  await expect(errorsOn(page)).toHaveCount(0);
  // The file input sits in a drop zone, its button styled as the main action.
  await expect(page.getByTestId("file-picker").getByLabel("Images (1 to 5)")).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByTestId("file-picker")).toContainText("Or drag and drop the files here.");

  const name = uniqueName("Announced Owl");
  await submitProduct(page, { name, category: "my-creativity", images: [await jpeg("n.jpg", 60)] });
  await expect(page.getByText("Product added successfully!")).toBeVisible();
  const note = page.getByTestId("added-note");
  await expect(note).toContainText(`“${name}” appears on the site once its photos are processed.`);
  await expect(errorsOn(page)).toHaveCount(0);
  const onSite = await note.getByRole("link", { name: "View it on the site" }).getAttribute("href");
  expect(onSite).toMatch(/^\/product\/my-creativity\/\d+$/);
  await note.getByRole("link", { name: "Its row in All Products" }).click();
  const card = page.getByTestId("admin-product-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(name);
  expect(await card.getByRole("link", { name: "Full Edit" }).getAttribute("href")).toContain(`edit=${onSite!.split("/").at(-1)}`);
});

test("Add and Edit: the same 5 MB rule and message for a photo, the same price words in the same order", async ({ page, javaScriptEnabled }) => {
  const tooLarge = "Some files exceed the 5MB limit. Please upload smaller images.";
  const big = await bigJpeg("phone-photo.jpg");
  const unreadable = unreadableBigJpeg();
  if (javaScriptEnabled) {
    await page.goto("/dashboard/upload");
    await page.getByLabel("Category").selectOption("my-creativity");
    await page.getByLabel("Images (1 to 5)").setInputFiles([big]);
    await expect(page.getByTestId("shrunk")).toContainText("Made smaller to fit:");
    await page.getByLabel("Images (1 to 5)").setInputFiles([unreadable]);
    await expect(page.getByText(tooLarge)).toBeVisible();
    await expect(page.getByRole("button", { name: "Add product" })).toBeDisabled();
  } else {
    await submitProduct(page, { name: uniqueName("Too big"), images: [big] });
    await expect(page.getByText(`Error: ${tooLarge}`)).toBeVisible();
  }
  const priceLabels = () => page.locator("label span").filter({ hasText: /^(Fixed )?Price/ }).allTextContents();
  await page.goto("/dashboard/upload");
  expect(await priceLabels()).toEqual(["Price", "Fixed Price (optional)"]);

  const id = await addProduct(page, { name: uniqueName("Same words"), images: [await jpeg("w.jpg", 61)] });
  await page.goto(`/dashboard/edit-product/${id}`);
  // On Edit the Fixed Price is required and the Price may stay empty (no discount).
  expect(await priceLabels()).toEqual(["Price (optional)", "Fixed Price"]);
  await page.getByLabel("New images").setInputFiles([javaScriptEnabled ? unreadable : big]);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-field-error=images]")).toHaveText(tooLarge);
  // Without JavaScript the page's fixed failure line also says why, on the first screen.
  if (!javaScriptEnabled) await expect(page.getByTestId("error-detail")).toHaveText(tooLarge);
});

test("Deleting a gallery image asks first; saying no keeps it", async ({ page, javaScriptEnabled }, testInfo) => {
  const name = `keep-${testInfo.project.name}-${Date.now()}.jpg`;
  await page.goto("/dashboard/upload-gallery");
  await page.getByLabel("Gallery images").setInputFiles([await jpeg(name, 62)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  await expect(page.getByText("Image added to gallery successfully")).toBeVisible();
  const card = page.getByTestId("media-card").filter({ hasText: name });
  const question = "Are you sure you want to delete this image from the gallery?";
  if (javaScriptEnabled) {
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.dismiss();
      }),
    );
    await card.getByRole("button", { name: "Delete" }).click();
    expect(await asked).toBe(question);
  } else {
    await card.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(question);
    await page.getByRole("alertdialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  }
  await page.goto("/dashboard/upload-gallery");
  await expect(page.getByTestId("media-card").filter({ hasText: name })).toHaveCount(1);
});

test("A gallery upload does not change the home slides", async ({ page }, testInfo) => {
  const slideSources = async () => {
    await page.goto("/");
    return page.getByTestId("slide").locator("img").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute("src")));
  };
  const before = await slideSources();
  expect(before).toHaveLength(3);
  const name = `not-a-slide-${testInfo.project.name}-${Date.now()}.jpg`;
  await page.goto("/dashboard/upload-gallery");
  await page.getByLabel("Gallery images").setInputFiles([await jpeg(name, 63, 1600, 900)]);
  await page.getByRole("button", { name: "Upload to gallery" }).click();
  await expect(page.getByText("Image added to gallery successfully")).toBeVisible();
  const card = page.getByTestId("media-card").filter({ hasText: name });
  await expect(async () => {
    await page.goto("/dashboard/upload-gallery");
    await expect(card.getByTestId("media-state")).toHaveText("Ready", { timeout: 1000 });
  }).toPass({ timeout: 90_000, intervals: [1000, 2000, 3000] });
  const gallerySrc = await card.locator("img").getAttribute("src");
  await page.goto("/gallery");
  // On /gallery (an earlier run of this test may have uploaded the same picture: same files).
  await expect(page.locator(`main img[src="${gallerySrc}"]`).first()).toBeVisible();
  const after = await slideSources();
  expect(after).toEqual(before);
  expect(after).not.toContain(gallerySrc);
});

test("Edit: fields emptied beside a refused one stay empty, so a cleared discount does not come back", async ({ page }) => {
  const id = await addProduct(page, { name: uniqueName("Cleared fields"), images: [await jpeg("c.jpg", 62)] });
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByLabel("Price (optional)").fill("");
  await page.getByLabel("Fixed Price").fill("-5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Fixed Price cannot be negative")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Price (optional)")).toHaveValue("");
  await expect(page.getByLabel("Fixed Price")).toHaveValue("-5");
});
