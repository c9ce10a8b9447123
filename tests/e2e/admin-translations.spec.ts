// Bengali and Hindi name and description on the (English) add and edit pages, JS on and off:
// typed on add, seen on the edit page after a reload, kept on a refused save, cleared by blanking.
import { expect, test } from "./test.ts";
import { signIn } from "./helpers.ts";
import { findProductId, submitProduct, waitForProductReady } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";

const BN = { name: "পিতলের পেঁচা জোড়া", description: "মোম-গলানো ঢালাইয়ে হাতে তৈরি দুটি পেঁচা।" };
const HI = { name: "पीतल के उल्लू की जोड़ी", description: "मोम-ढलाई से हाथ से बने दो उल्लू।" };

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("Bengali and Hindi texts typed on Add product are on its edit page after a reload, and a refused save keeps them", async ({ page }) => {
  const name = uniqueName("Owl Pair");
  await page.goto("/dashboard/upload");
  // Folded until opened; English labels, the inputs in their language.
  await page.getByText("Bengali (optional)").click();
  await page.getByLabel("Bengali name").fill(BN.name);
  await page.getByLabel("Bengali details").fill(BN.description);
  await page.getByText("Hindi (optional)").click();
  await page.getByLabel("Hindi name").fill(HI.name);
  await page.getByLabel("Hindi details").fill(HI.description);
  await expect(page.getByLabel("Bengali name")).toHaveAttribute("lang", "bn");
  await expect(page.getByLabel("Hindi details")).toHaveAttribute("lang", "hi");
  // submitProduct fills the English fields on a fresh form: type the translations on its page instead.
  await page.getByLabel("Category").selectOption("special-items");
  await page.getByLabel("Title").fill(name);
  await page.getByLabel("Price", { exact: true }).fill("-5");
  for (const [label, value] of [["Height", "6"], ["Width", "3"], ["Length", "3"], ["Weight", "540"]] as const) await page.getByLabel(label).fill(value);
  await page.getByLabel("Images (1 to 5)").setInputFiles([await jpeg("owl.jpg", 4, 64, 48)]);
  await page.getByRole("button", { name: "Add product" }).click();
  // The refused price keeps the translations typed, open.
  await expect(page.getByText("Price cannot be negative")).toBeVisible();
  await expect(page.getByLabel("Bengali name")).toHaveValue(BN.name);
  await expect(page.getByLabel("Hindi details")).toHaveValue(HI.description);
  await page.getByLabel("Price", { exact: true }).fill("2650");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Product added successfully!")).toBeVisible();

  const id = await findProductId(page, name);
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.reload();
  await expect(page.getByLabel("Bengali name")).toHaveValue(BN.name);
  await expect(page.getByLabel("Bengali details")).toHaveValue(BN.description);
  await expect(page.getByLabel("Hindi name")).toHaveValue(HI.name);
  await expect(page.getByLabel("Hindi details")).toHaveValue(HI.description);
  await expect(page.getByTestId("translation-bn")).toHaveAttribute("open", "");

  // The shop's Bengali and Hindi pages show them, in their language (no English marker), once
  // the piece is public (its pictures made).
  await waitForProductReady(page, id);
  for (const [lang, text] of [["bn", BN], ["hi", HI]] as const) {
    await page.goto(`/${lang}/product/special-items/${id}`);
    const heading = page.getByTestId("product-detail").getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(text.name);
    expect(await heading.getAttribute("lang")).toBeNull();
    await expect(page.getByTestId("description")).toHaveText(text.description);
  }
  await page.goto(`/product/special-items/${id}`);
  await expect(page.getByTestId("product-detail").getByRole("heading", { level: 1 })).toHaveText(name);
});

test("Edit product: a translation changed and one cleared are saved; a refused save keeps what was typed", async ({ page }) => {
  const name = uniqueName("Elephant");
  await submitProduct(page, { name, category: "special-items", images: [await jpeg("e.jpg", 5, 64, 48)] });
  await expect(page.getByText("Product added successfully!")).toBeVisible();
  const id = await findProductId(page, name);
  await page.goto(`/dashboard/edit-product/${id}`);
  // No translation yet: both sections folded and empty.
  await expect(page.getByTestId("translation-hi")).not.toHaveAttribute("open", "");
  await page.getByText("Hindi (optional)").click();
  await page.getByLabel("Hindi name").fill("हाथी");
  await page.getByLabel("Fixed Price").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Fixed Price is required")).toBeVisible();
  await expect(page.getByLabel("Hindi name")).toHaveValue("हाथी");
  await page.getByLabel("Fixed Price").fill("9800");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  // Opened afresh (without the saved message), as after a reload.
  await page.goto(`/dashboard/edit-product/${id}`);
  await expect(page.getByLabel("Hindi name")).toHaveValue("हाथी");

  await page.getByLabel("Hindi name").fill("");
  await page.getByText("Bengali (optional)").click();
  await page.getByLabel("Bengali name").fill("হাতি");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Bengali name")).toHaveValue("হাতি");
  await expect(page.getByLabel("Hindi name")).toHaveValue("");

  await waitForProductReady(page, id);
  // On the shop: the Bengali page has the Bengali name and the English description marked as
  // English; the Hindi page, with nothing translated, the English name marked as English.
  await page.goto(`/bn/product/special-items/${id}`);
  const heading = page.getByTestId("product-detail").getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("হাতি");
  await expect(page.getByTestId("description")).toHaveAttribute("lang", "en");
  await page.goto(`/hi/product/special-items/${id}`);
  await expect(heading).toHaveText(name);
  await expect(heading).toHaveAttribute("lang", "en");
  // So is the breadcrumb that names it.
  await expect(page.getByTestId("product-banner").locator('[aria-current="page"]')).toHaveAttribute("lang", "en");
});
