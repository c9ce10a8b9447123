import { expect, test } from "./test.ts";
import { signIn } from "./helpers.ts";
import { addProduct } from "./fixtures/admin.ts";
import { cameraSizeJpeg, jpeg, uniqueName } from "./fixtures/media.ts";
import { STATE_ACTIONS } from "../../app/modules/catalog/states.ts";

// The owner's sign-in ends while she adds a piece on her phone (a session that expired, a
// sign-out on another device), with two camera-sized photos, JavaScript on and off. Before,
// without JavaScript the browser showed its own error page (the server answered the sign-in
// redirect before it had read the photos, and the connection was cut); with it, "The server
// answered 200." at the page's top, out of sight.

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

test("an Add sent after the sign-in ended leads to signing in again, and nothing is added", async ({ page, context, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto("/dashboard/upload");
  const name = uniqueName("Signed out");
  await page.getByLabel("Category").selectOption("wall-hanging");
  await page.getByLabel("Title").fill(name);
  await page.getByLabel("Price", { exact: true }).fill("3900");
  for (const label of ["Height", "Width", "Length", "Weight"]) await page.getByLabel(label).fill("5");
  const photos = [await cameraSizeJpeg("IMG_1.jpg", 11), await cameraSizeJpeg("IMG_2.jpg", 12)];
  expect(photos.every((photo) => photo.buffer.byteLength > 4_000_000)).toBe(true);
  await page.getByLabel("Images (1 to 5)").setInputFiles(photos);
  await context.clearCookies();
  await page.getByRole("button", { name: "Add product" }).tap();

  if (javaScriptEnabled) {
    // Said beside the button, with the way to sign in again; the form is as she left it.
    const note = page.getByTestId("signed-out");
    await expect(note).toContainText("Your sign-in has ended, so this was not saved.");
    await expect(note).toBeInViewport({ ratio: 1 });
    await expect(page.getByLabel("Title")).toHaveValue(name);
    const signIn = note.getByRole("link", { name: "Sign in again (new tab)" });
    await expect(signIn).toHaveAttribute("target", "_blank");
    await expect(page).toHaveURL(/\/dashboard\/upload$/);
  } else {
    // The sign-in page, which brings her back to the form afterwards.
    // (The browser keeps the form's #first-wrong through the redirect; the sign-in page has no such place.)
    await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fdashboard%2Fupload(#first-wrong)?$/);
    await expect(page.getByLabel("Email")).toBeVisible();
  }
  await page.screenshot({ path: `docs/screenshots/admin-add-signed-out-${javaScriptEnabled ? "js" : "no-js"}-phone.png`, scale: "css", animations: "disabled" });

  // Nothing was added.
  await signIn(page);
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(name)).toHaveCount(0);
});

test("an Edit or a state button sent after the sign-in ended keeps the page and what was typed (JS), or leads to signing in (no JS); nothing changes", async ({ page, context, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const name = uniqueName("Edit signed out");
  const id = await addProduct(page, { name, category: "special-items", images: [await jpeg("edit-signed-out.jpg", 17, 64, 48)] });
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByLabel("Description").fill("Typed on the phone, worth keeping");
  await page.getByLabel("Fixed Price").fill("7777");
  await context.clearCookies();
  await page.getByRole("button", { name: "Save changes" }).tap();

  if (javaScriptEnabled) {
    const note = page.getByTestId("signed-out");
    await expect(note).toContainText("Your sign-in has ended, so this was not saved.");
    await expect(note).toBeInViewport();
    // (The full form posts to its #first-wrong place; the page is the same.)
    await expect(page).toHaveURL(new RegExp(`/dashboard/edit-product/${id}(#first-wrong)?$`));
    await expect(page.getByLabel("Description")).toHaveValue("Typed on the phone, worth keeping");
    await expect(page.getByLabel("Fixed Price")).toHaveValue("7777");
    await page.screenshot({ path: "docs/screenshots/admin-edit-signed-out-js-phone.png", scale: "css", animations: "disabled" });
  } else {
    await expect(page).toHaveURL(/\/admin\?redirectTo=/);
    await expect(page.getByLabel("Email")).toBeVisible();
  }

  // A state button on All Products, the same way.
  await signIn(page);
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}&stateFor=${id}`);
  const card = page.getByTestId("admin-product-card").filter({ hasText: name });
  await context.clearCookies();
  await card.getByRole("button", { name: STATE_ACTIONS.reserved, exact: true }).tap();
  if (javaScriptEnabled) {
    await expect(page.getByTestId("signed-out")).toContainText("Your sign-in has ended, so this was not saved.");
    await expect(page).toHaveURL(/\/dashboard\/all-products\?/);
  } else {
    await expect(page).toHaveURL(/\/admin\?redirectTo=/);
  }

  // Nothing changed.
  await signIn(page);
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByLabel("Description")).not.toHaveValue("Typed on the phone, worth keeping");
  await expect(page.getByLabel("State")).toHaveValue("available");
});

test("a Quick Edit in All Products' dialog sent after the sign-in ended stays in the dialog as typed (JS), or leads to signing in (no JS); saved once signed in again", async ({ page, context, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const name = uniqueName("Dialog signed out");
  const id = await addProduct(page, { name, category: "special-items", images: [await jpeg("dialog-signed-out.jpg", 18, 64, 48)] });
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  await page.getByTestId("admin-product-card").filter({ hasText: name }).getByRole("link", { name: "Quick Edit" }).tap();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Description").fill("Typed in the dialog, worth keeping");
  await dialog.getByLabel("Fixed Price").fill("6543");
  await context.clearCookies();
  await dialog.getByRole("button", { name: "Save changes" }).tap();

  if (javaScriptEnabled) {
    const note = dialog.getByTestId("signed-out");
    await expect(note).toContainText("Your sign-in has ended, so this was not saved.");
    await expect(note).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`/dashboard/all-products\\?.*edit=${id}`));
    await expect(dialog.getByLabel("Description")).toHaveValue("Typed in the dialog, worth keeping");
    await expect(dialog.getByLabel("Fixed Price")).toHaveValue("6543");
    await page.screenshot({ path: "docs/screenshots/admin-quick-edit-signed-out-js-phone.png", scale: "css", animations: "disabled" });
    // Signed in again in another tab, the same dialog saves what she typed.
    const other = await context.newPage();
    await signIn(other);
    await other.close();
    await dialog.getByRole("button", { name: "Save changes" }).tap();
    await expect(page.getByText("Product updated successfully")).toBeVisible({ timeout: 30_000 });
    await page.goto(`/dashboard/edit-product/${id}`);
    await expect(page.getByLabel("Description")).toHaveValue("Typed in the dialog, worth keeping");
  } else {
    await expect(page).toHaveURL(/\/admin\?redirectTo=/);
    await signIn(page);
    await page.goto(`/dashboard/edit-product/${id}`);
    await expect(page.getByLabel("Description")).not.toHaveValue("Typed in the dialog, worth keeping");
  }
});
