import { expect, test } from "./test.ts";
import { hydrated, signIn } from "./helpers.ts";
import { addProduct } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";

// Two tabs on one product's edit page: the second save, based on what the first replaced,
// is refused instead of silently putting the old price back, or selling state back on sale.
test("Edit product in two tabs: the second save is refused, keeps what was typed and shows what changed", async ({ page, context, javaScriptEnabled }) => {
  await signIn(page);
  const name = uniqueName("Two tabs");
  const id = await addProduct(page, { name, price: "4500", fixedPrice: "5000", images: [await jpeg("two-tabs.jpg", 7, 64, 48)] });

  const tabTwo = await context.newPage();
  await page.goto(`/dashboard/edit-product/${id}`);
  await tabTwo.goto(`/dashboard/edit-product/${id}`);
  if (javaScriptEnabled) await hydrated(tabTwo);

  await page.getByLabel("Fixed Price").fill("6000");
  await page.getByLabel("State").selectOption("sold");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  await tabTwo.getByLabel("Description").fill("Polished by hand in the second tab");
  await tabTwo.getByRole("button", { name: "Save changes" }).click();
  await expect(tabTwo.getByTestId("error-message")).toHaveText(/was saved somewhere else after you opened it, so your changes were not saved/);
  await expect(tabTwo.getByTestId("conflict-changes").getByRole("listitem")).toHaveText(["Fixed Price: 5000 → 6000", "State: available → sold"]);
  await expect(tabTwo.getByLabel("Description")).toHaveValue("Polished by hand in the second tab");
  // What she did not touch is shown as the other save left it: saving again undoes neither.
  await expect(tabTwo.getByLabel("Fixed Price")).toHaveValue("6000");
  await expect(tabTwo.getByLabel("State")).toHaveValue("sold");

  // Nothing of the first save was lost.
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByLabel("Fixed Price")).toHaveValue("6000");
  await expect(page.getByLabel("Description")).not.toHaveValue("Polished by hand in the second tab");

  // Having seen the change, the owner saves again: accepted, the sale and the price kept.
  await tabTwo.getByRole("button", { name: "Save changes" }).click();
  await expect(tabTwo.getByText("Product updated successfully")).toBeVisible();
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByLabel("Fixed Price")).toHaveValue("6000");
  await expect(page.getByLabel("Description")).toHaveValue("Polished by hand in the second tab");
  await expect(page.getByLabel("State")).toHaveValue("sold");
  await tabTwo.close();
});

// The same save sent twice (a double tap on Save without JavaScript, Back and Save again) is
// based on the version the first one replaced: it has nothing left to do, and is no conflict.
test("The same change saved twice from an older page is saved, not called a conflict", async ({ page, context, javaScriptEnabled }) => {
  await signIn(page);
  const name = uniqueName("Saved twice");
  const id = await addProduct(page, { name, price: "4500", fixedPrice: "5000", images: [await jpeg("saved-twice.jpg", 8, 64, 48)] });
  const tabTwo = await context.newPage();
  await page.goto(`/dashboard/edit-product/${id}`);
  await tabTwo.goto(`/dashboard/edit-product/${id}`);
  if (javaScriptEnabled) await hydrated(tabTwo);
  for (const tab of [page, tabTwo]) {
    await tab.getByLabel("Fixed Price").fill("6000");
    await tab.getByLabel("State").selectOption("sold");
  }
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await tabTwo.getByRole("button", { name: "Save changes" }).click();
  await expect(tabTwo.getByText("Product updated successfully")).toBeVisible();
  await expect(tabTwo.getByTestId("conflict-changes")).toHaveCount(0);
  // One more field typed beside the same change is a conflict again: another save came between.
  await tabTwo.goto(`/dashboard/edit-product/${id}`);
  await page.goto(`/dashboard/edit-product/${id}`);
  if (javaScriptEnabled) await hydrated(tabTwo);
  await page.getByLabel("Fixed Price").fill("6500");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await tabTwo.getByLabel("Fixed Price").fill("6500");
  await tabTwo.getByLabel("Description").fill("Typed in the second tab only");
  await tabTwo.getByRole("button", { name: "Save changes" }).click();
  await expect(tabTwo.getByTestId("conflict-changes").getByRole("listitem")).toHaveText(["Fixed Price: 6000 → 6500"]);
  await tabTwo.close();
});
