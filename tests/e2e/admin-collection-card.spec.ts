import { expect, test } from "./test.ts";
import { signIn } from "./helpers.ts";
import { addProduct, findProductId } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";

// All Products, on a phone: an Available Collection entry is removed from its card as a Gift
// entry is, with JavaScript on and off.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("a piece in the Available Collection is removed from it on its All Products card", async ({ page }) => {
  const name = uniqueName("Collected Owl");
  await addProduct(page, { name, images: [await jpeg("c.jpg", 23)] });
  await findProductId(page, name);
  const card = () => page.getByTestId("admin-product-card").filter({ hasText: name });
  await card().getByRole("button", { name: "Add to Available Collection" }).click();
  await expect(page.getByText("Product added to the collection")).toBeVisible();
  await expect(card().getByText("In Available Collection")).toBeVisible();

  await card().getByRole("button", { name: "Remove from Available Collection" }).click();
  await expect(page.getByText("Product removed from stock")).toBeVisible();
  await expect(card().getByRole("button", { name: "Add to Available Collection" })).toBeVisible();
  await expect(card().getByText("In Available Collection")).toHaveCount(0);
  await page.goto("/dashboard/stock-products");
  await expect(page.getByTestId("list-entry").filter({ hasText: name })).toHaveCount(0);
});
