import { expect, test } from "./test.ts";
import { signIn } from "./helpers.ts";
import { addProduct, confirmAction, failMedia, findProductId, sqlQuery, submitProduct, waitForProductReady } from "./fixtures/admin.ts";
import { bigJpeg, brokenJpeg, fakeImage, jpeg, uniqueName, unreadableBigJpeg } from "./fixtures/media.ts";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("Upload: every validation message of the add form", async ({ page, javaScriptEnabled }) => {
  await page.goto("/dashboard/upload");
  const submit = page.getByRole("button", { name: "Add product" });
  if (javaScriptEnabled) {
    // With JS the button stays disabled, saying why, until a category and an image are chosen.
    await expect(submit).toBeDisabled();
    await expect(page.getByTestId("submit-blocked").getByRole("listitem")).toHaveText(["Please select a category", "Please upload at least one image"]);
    await page.getByLabel("Category").selectOption("special-items");
    await expect(page.getByTestId("submit-blocked").getByRole("listitem")).toHaveText(["Please upload at least one image"]);
    await page.getByLabel("Images (1 to 5)").setInputFiles([await jpeg("a.jpg", 1)]);
    await expect(submit).toBeEnabled();
    await submit.click();
  } else {
    await submit.click();
    await expect(page.getByText("Please select a category")).toBeVisible();
    await expect(page.getByText("Error: Please upload at least one image")).toBeVisible();
    await expect(page.getByText("Please upload at least one image", { exact: true })).toBeVisible();
  }
  for (const message of ["Title is required", "Height is required", "Width is required", "Length is required", "Weight is required"]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("Price is required", { exact: true })).toBeVisible();
  // The defaults (docs/product-rules.md, Forms).
  await expect(page.getByLabel("Colour")).toHaveValue("Golden");
  await expect(page.getByLabel("Material")).toHaveValue("Kansa");
  await expect(page.getByLabel("Utility")).toHaveValue("Home Decor");
});

test("Upload: more than 5 images is refused", async ({ page, javaScriptEnabled }) => {
  const images = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => jpeg(`p${i}.jpg`, i, 64, 48)));
  if (javaScriptEnabled) {
    await page.goto("/dashboard/upload");
    await page.getByLabel("Images (1 to 5)").setInputFiles(images);
    await expect(page.getByText("You can upload maximum 5 images")).toBeVisible();
  } else {
    await submitProduct(page, { name: uniqueName("Six"), images });
    await expect(page.getByText("Error: You can upload maximum 5 images")).toBeVisible();
  }
});

test("Upload: a file that is not an image fails with 'Error: …' and keeps the typed values", async ({ page }) => {
  const name = uniqueName("Kept");
  await submitProduct(page, { name, images: [fakeImage()] });
  await expect(page.getByText(/^Error: This file is not a supported image/)).toBeVisible();
  // Said at the photos too, where the owner is looking after tapping Add at the form's foot.
  const atPhotos = page.locator('[data-field-error="images"]');
  await expect(atPhotos).toContainText("This file is not a supported image");
  await expect(atPhotos).toBeInViewport();
  await expect(page.getByLabel("Title")).toHaveValue(name);
  await expect(page.getByLabel("Weight")).toHaveValue("850");
});

test("Upload: a refused price keeps the typed values and marks the field, and the chosen photo", async ({ page, javaScriptEnabled }) => {
  const name = uniqueName("Refused price");
  await submitProduct(page, { name, price: "-5", images: [await jpeg("kept.jpg", 3, 64, 48)] });
  const price = page.getByLabel("Price", { exact: true });
  await expect(page.getByText("Price cannot be negative")).toBeVisible();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(price).toHaveCSS("border-top-width", "2px");
  await expect(page.getByLabel("Title")).toHaveValue(name);
  if (javaScriptEnabled) {
    // Checked in the browser before anything is sent: the chosen photo is still there.
    await expect(page.getByTestId("images-not-kept")).toHaveCount(0);
    expect(await page.getByLabel("Images (1 to 5)").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
  } else {
    // The server kept the photo it received: the returned form shows it as chosen.
    await expect(page.getByTestId("images-not-kept")).toHaveCount(0);
    await expect(page.getByTestId("pending-photos").getByTestId("pending-name")).toHaveText([/^kept\.jpg · /]);
  }
});

test("A damaged photo on Add is refused, naming it, and no piece is made", async ({ page }) => {
  const name = uniqueName("Damaged photo");
  await submitProduct(page, { name, category: "my-creativity", images: [await brokenJpeg("IMG_0931.jpg")] });
  await expect(page.getByTestId("error-message")).toHaveText("Error: IMG_0931.jpg: The image file is damaged or incomplete and cannot be read.");
  await expect(page.locator("[data-field-error=images]")).toHaveText("IMG_0931.jpg: The image file is damaged or incomplete and cannot be read.");
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("admin-product-card")).toHaveCount(0);
});

test("A photo the worker failed: Failed with its Retry inside the card on All Products and Edit, and the pages hydrate cleanly", async ({ page, javaScriptEnabled }) => {
  // React reports a failed hydration as an uncaught error (#418, #423 in production).
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const name = uniqueName("Failed photo");
  const id = await addProduct(page, { name, category: "my-creativity", images: [await jpeg("failed.jpg", 42)] });
  await waitForProductReady(page, id);
  const [row] = await sqlQuery<Array<{ media_id: number }>>("SELECT media_id FROM product_images WHERE product_id = ?", [id]);
  await failMedia(row!.media_id);
  const state = () => page.getByTestId("admin-product-card").getByTestId("media-state");
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  await expect(state()).toContainText("Failed: The image file is damaged or incomplete and cannot be read.");
  // A form inside a <p> is closed out of it by the HTML parser: the server's markup and
  // React's would differ, and without JavaScript the Retry would sit outside its card.
  await expect(state().getByRole("button", { name: "Retry" })).toBeVisible();
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByTestId("product-image").getByTestId("media-state").getByRole("button", { name: "Retry" })).toBeVisible();
  if (javaScriptEnabled) expect(pageErrors).toEqual([]);
});

test("Upload → processing → ready → on the storefront; an empty Fixed Price uses the price for both", async ({ page }) => {
  const name = uniqueName("Dokra Owl");
  // My Creativity: no storefront spec counts its products, so this one cannot disturb them.
  const id = await addProduct(page, { name, category: "my-creativity", price: "5200", images: [await jpeg("owl-1.jpg", 3), await jpeg("owl-2.jpg", 4)] });
  await waitForProductReady(page, id);
  await expect(page.getByLabel("Fixed price")).toHaveValue("5200");
  await expect(page.getByLabel("Price (optional)")).toHaveValue("5200");
  await page.goto(`/product/my-creativity/${id}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const img = page.locator("main img").first();
  await expect(img).toBeVisible();
  expect(await img.getAttribute("src")).toMatch(/^\/media\//);
});

test("All Products: category select and search are GET links that can be bookmarked", async ({ page }) => {
  const name = uniqueName("Searchable Peacock");
  await addProduct(page, { name, category: "pen-and-napkin-holder", description: "A brass napkin ring with a zebu pattern", images: [await jpeg("s.jpg", 5)] });
  await page.goto("/dashboard/all-products");
  await page.getByLabel("Category").selectOption("pen-and-napkin-holder");
  await page.getByLabel("Search").fill(name.split(" ").at(-1)!);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/category=pen-and-napkin-holder/);
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId("admin-product-card")).toHaveCount(1);
  // Search in the description too, via a bookmarked URL.
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent("zebu pattern")}`);
  await expect(page.getByTestId("admin-product-card").filter({ hasText: name })).toBeVisible();
  await page.goto(`/dashboard/all-products?category=wall-hanging&q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("admin-product-card")).toHaveCount(0);
});

test("All Products: Quick Edit in the modal keeps the images; Full Edit changes every field", async ({ page }) => {
  const name = uniqueName("Quick Horse");
  const id = await addProduct(page, { name, images: [await jpeg("h.jpg", 6)] });
  await page.getByTestId("admin-product-card").filter({ hasText: name }).getByRole("link", { name: "Quick Edit" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /Quick Edit/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`edit=${id}&mode=quick`));
  const renamed = `${name} renamed`;
  await dialog.getByLabel("Name", { exact: true }).fill(renamed);
  await dialog.getByLabel("Description").fill("Edited in the quick editor");
  await dialog.getByLabel("Add images").setInputFiles([await jpeg("h2.jpg", 7)]);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(renamed);
  await expect(page.getByTestId("product-image")).toHaveCount(2);

  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(renamed)}`);
  await page.getByRole("link", { name: "Full Edit" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: /Full Edit/ })).toBeVisible();
  await page.getByRole("dialog").getByLabel("Weight").fill("1250");
  await page.getByRole("dialog").getByLabel("Material").fill("Brass");
  await page.getByRole("dialog").getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByLabel("Weight")).toHaveValue("1250");
  await expect(page.getByLabel("Material")).toHaveValue("Brass");
});

test("Edit product: required fields, numbers, step 0.01, minimum 0; typed values kept", async ({ page, javaScriptEnabled }) => {
  const id = await addProduct(page, { name: uniqueName("Validate"), images: [await jpeg("v.jpg", 8)] });
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByLabel("Description").fill("");
  await page.getByLabel("Fixed price").fill("");
  await page.getByLabel("Price (optional)").fill("-5");
  await page.getByLabel("Colour").fill("Antique");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Description is required")).toBeVisible();
  await expect(page.getByText("Fixed price is required")).toBeVisible();
  await expect(page.getByText("Price cannot be negative", { exact: true })).toBeVisible();
  if (!javaScriptEnabled) await expect(page.getByText("Failed to save changes. Please try again.")).toBeVisible();
  await expect(page.getByLabel("Colour")).toHaveValue("Antique");
  await page.getByLabel("Name", { exact: true }).fill("Valid name");
  await page.getByLabel("Description").fill("Valid description");
  await page.getByLabel("Fixed price").fill("12.345");
  await page.getByLabel("Price (optional)").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Fixed price must use steps of 0.01")).toBeVisible();
});

test("Edit product: at most 5 images in total and 5 MB per file", async ({ page, javaScriptEnabled }) => {
  const id = await addProduct(page, { name: uniqueName("Limits"), images: [await jpeg("l1.jpg", 9), await jpeg("l2.jpg", 10)] });
  await page.goto(`/dashboard/edit-product/${id}`);
  const four = await Promise.all([1, 2, 3, 4].map((i) => jpeg(`n${i}.jpg`, 20 + i, 64, 48)));
  await page.getByLabel("New images").setInputFiles(four);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-field-error=images]")).toHaveText("You can upload a maximum of 5 images. You currently have 2.");
  if (!javaScriptEnabled) await expect(page.getByTestId("error-message")).toHaveText("Failed to save changes. Please try again.You can upload a maximum of 5 images. You currently have 2.");

  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByLabel("New images").setInputFiles([javaScriptEnabled ? unreadableBigJpeg() : await bigJpeg()]);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("[data-field-error=images]")).toHaveText("Some files exceed the 5MB limit. Please upload smaller images.");
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByTestId("product-image")).toHaveCount(2);
});

test("Edit product: replace images, reorder, pick the main one, delete one (never the last)", async ({ page, javaScriptEnabled }) => {
  const name = uniqueName("Images");
  const id = await addProduct(page, { name, images: [await jpeg("i1.jpg", 11), await jpeg("i2.jpg", 12)] });
  await waitForProductReady(page, id);
  const images = page.getByTestId("product-image");
  const first = await images.nth(0).locator("img").getAttribute("src");
  const second = await images.nth(1).locator("img").getAttribute("src");
  await images.nth(1).getByRole("button", { name: "Make main" }).click();
  await expect(page.getByText("Image order saved")).toBeVisible();
  await expect(images.nth(0).locator("img")).toHaveAttribute("src", second!);
  await expect(images.nth(0)).toContainText("Main image");
  await images.nth(0).getByRole("button", { name: "Move later" }).click();
  await expect(images.nth(0).locator("img")).toHaveAttribute("src", first!);
  const deleteFirst = () => images.nth(0).getByRole("button", { name: "Delete image" }).click();
  await confirmAction(page, javaScriptEnabled, deleteFirst, `Are you sure you want to delete this image?\n\nThe main image of “${name}”.`);
  await expect(page.getByText("Image deleted successfully")).toBeVisible();
  await expect(images).toHaveCount(1);
  await confirmAction(page, javaScriptEnabled, deleteFirst, `Are you sure you want to delete this image?\n\nThe main image of “${name}”.`);
  await expect(page.getByText(/^Failed to delete image\. Please try again\./)).toBeVisible();
  await expect(images).toHaveCount(1);
  // Untick 'Keep existing images': the new files replace the old ones.
  await page.getByLabel(/Keep existing images/).uncheck();
  await page.getByLabel("New images").setInputFiles([await jpeg("r1.jpg", 13), await jpeg("r2.jpg", 14), await jpeg("r3.jpg", 15)]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(images).toHaveCount(3);
  // The photos are on the piece now: the picker is empty, and the next save sends none again.
  expect(await page.getByLabel("New images").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
  await page.getByLabel("Weight").fill("321");
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/dashboard/edit-product/${id}`));
  await page.getByRole("button", { name: "Save changes" }).click();
  await saved;
  // Opened afresh, not reloaded: without JavaScript the browser may still be following the save's
  // redirect, and a reload then found no page to reload.
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByLabel("Weight")).toHaveValue("321");
  await expect(images).toHaveCount(3);
});

test("Delete a product with the confirmation (a step at the card, JS on and off)", async ({ page }) => {
  const name = uniqueName("Doomed");
  await addProduct(page, { name, images: [await jpeg("d.jpg", 16)] });
  const card = page.getByTestId("admin-product-card").filter({ hasText: name });
  await card.getByRole("button", { name: "Delete" }).click();
  await expect(card.getByRole("alertdialog")).toContainText("Are you sure you want to delete this product?");
  await card.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Product deleted successfully")).toBeVisible();
  await expect(page.getByTestId("admin-product-card").filter({ hasText: name })).toHaveCount(0);
});

test("Gift Items and Stock Products: add from All Products, remove with the confirmations", async ({ page, javaScriptEnabled }) => {
  const name = uniqueName("Listed Elephant");
  const id = await addProduct(page, { name, images: [await jpeg("e.jpg", 17)] });
  await findProductId(page, name);
  const card = () => page.getByTestId("admin-product-card").filter({ hasText: name });
  await card().getByRole("button", { name: "Add to Gift" }).click();
  await expect(page.getByText("Product added to Gift items")).toBeVisible();
  await expect(card().getByRole("button", { name: "Remove from Gift Items", exact: true })).toBeVisible();
  await card().getByRole("button", { name: "Add to Available Collection" }).click();
  await expect(page.getByText("Product added to the collection")).toBeVisible();
  await expect(card().getByText("In Available Collection")).toBeVisible();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Gift Items" }).click();
  const gift = page.getByTestId("list-entry").filter({ hasText: name });
  await expect(gift).toBeVisible();
  await confirmAction(page, javaScriptEnabled, () => gift.getByRole("button", { name: "Remove" }).click(), "Are you sure you want to remove this product from Gift items?");
  await expect(page.getByText("Product removed from Gift items")).toBeVisible();
  await expect(page.getByTestId("list-entry").filter({ hasText: name })).toHaveCount(0);

  await page.goto("/dashboard/stock-products");
  const stock = page.getByTestId("list-entry").filter({ hasText: name });
  await expect(stock).toBeVisible();
  await confirmAction(page, javaScriptEnabled, () => stock.getByRole("button", { name: "Remove" }).click(), "Are you sure you want to remove this product from stock?");
  await expect(page.getByText("Product removed from stock")).toBeVisible();
  await expect(page.getByTestId("list-entry").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "← Back" })).toBeVisible();
  expect(id).toBeGreaterThan(0);
});
