import { expect, test, type Page } from "./test.ts";
import { hydrated, signIn } from "./helpers.ts";
import { addProduct, sqlQuery } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";
import { STATE_ACTIONS, STATE_NAMES } from "../../app/modules/catalog/states.ts";

// The owner's day on a phone (390×844, touch), JavaScript on and off: the result of an Add is
// seen and the same form sent twice makes one piece; Delete asks at the piece, naming it.

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const FIELDS = { category: "wall-hanging", price: "4500", height: "10", width: "6", length: "4", weight: "850" } as const;

async function fillAdd(page: Page, name: string, seed: number): Promise<void> {
  await page.goto("/dashboard/upload");
  await page.getByLabel("Category").selectOption(FIELDS.category);
  await page.getByLabel("Title").fill(name);
  await page.getByLabel("Price", { exact: true }).fill(FIELDS.price);
  for (const label of ["Height", "Width", "Length", "Weight"] as const) await page.getByLabel(label).fill(FIELDS[label.toLowerCase() as "height"]);
  await page.getByLabel("Images (1 to 5)").setInputFiles([await jpeg("seen.jpg", seed)]);
}

const countNamed = async (name: string) => Number((await sqlQuery<Array<{ n: number }>>("SELECT COUNT(*) AS n FROM products WHERE name = ?", [name]))[0]!.n);

test("Add: the result is shown where the owner looks, stays until dismissed, links to the piece; the same form again makes no second piece", async ({ page, javaScriptEnabled }) => {
  const name = uniqueName("Seen Horse");
  await fillAdd(page, name, 71);
  const token = await page.locator('input[name="formToken"]').inputValue();
  expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await page.getByRole("button", { name: "Add product" }).tap(); // the page is scrolled to the bottom of the form

  const result = page.getByTestId("add-result");
  await expect(result).toContainText(`“${name}” appears on the site once its photos are processed.`);
  await expect(result).toBeInViewport();
  if (javaScriptEnabled) {
    await expect(result).toBeFocused();
    // The green line clears after 3 s (docs/product-rules.md, Numbers); the result with its links stays.
    await expect(page.getByText("Product added successfully!")).toBeHidden({ timeout: 8000 });
    await expect(result).toBeInViewport();
    await expect(result.getByTestId("added-note")).toContainText(`Added. “${name}”`);
    await page.screenshot({ path: "docs/screenshots/admin-add-result-phone.png", scale: "css", animations: "disabled" });
  }
  const onSite = await result.getByRole("link", { name: "View it on the site" }).getAttribute("href");
  const id = Number(onSite!.split("/").at(-1));
  expect(onSite).toBe(`/product/${FIELDS.category}/${id}`);
  if (javaScriptEnabled) expect(await page.locator('input[name="formToken"]').inputValue()).not.toBe(token); // the next piece, a new form

  // The same form sent again (a double tap that got through, back and resubmit): the piece it made, no second one.
  const again = await page.request.post("/dashboard/upload", {
    multipart: { ...FIELDS, name, formToken: token, images: await jpeg("seen.jpg", 71) },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe(`/dashboard/upload?status=added&product=${id}#added`);
  expect(await countNamed(name)).toBe(1);

  await result.getByRole("link", { name: "Dismiss" }).tap();
  await expect(result).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add product" })).toBeVisible();
});

test("Delete asks at the piece and names it; Cancel keeps it, Confirm deletes it", async ({ page, javaScriptEnabled }) => {
  const name = uniqueName("Asked Owl");
  await addProduct(page, { name, images: [await jpeg("asked.jpg", 72)] });
  const card = page.getByTestId("admin-product-card").filter({ hasText: name });
  const question = card.getByRole("alertdialog");

  await card.getByRole("button", { name: "Delete" }).tap();
  await expect(question).toContainText("Are you sure you want to delete this product?");
  await expect(question).toContainText(`“${name}” and its photos will be removed from the shop.`);
  await expect(question).toBeInViewport();
  await expect(page.getByRole("alertdialog")).toHaveCount(1); // only at this card
  // As wide as the card's buttons, with Cancel inside it (it took half the card, Cancel sticking out).
  const [box, cardBox, cancelBox] = await Promise.all([question.boundingBox(), card.boundingBox(), question.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).boundingBox()]);
  expect(box!.width).toBeGreaterThan(cardBox!.width * 0.8);
  expect(cancelBox!.x + cancelBox!.width).toBeLessThanOrEqual(box!.x + box!.width);
  if (javaScriptEnabled) await page.screenshot({ path: "docs/screenshots/admin-delete-at-card-phone.png", scale: "css", animations: "disabled" });
  // With JS Cancel closes the question where it is; without, it is a link back to the list.
  await question.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).tap();
  await expect(question).toHaveCount(0);
  await expect(card).toHaveCount(1);

  await card.getByRole("button", { name: "Delete" }).tap();
  await question.getByRole("button", { name: "Confirm" }).tap();
  // With JS the list keeps its scroll: the line stays in sight at the screen's top.
  await expect(page.getByText("Product deleted successfully")).toBeInViewport();
  await expect(card).toHaveCount(0);
  expect(await countNamed(name)).toBe(0);
});

test("Delete of a sold piece buyers wait on says their numbers go too, at the card and on its edit page", async ({ page, javaScriptEnabled }) => {
  const name = uniqueName("Awaited Owl");
  const id = await addProduct(page, { name, images: [await jpeg("awaited.jpg", 73)] });
  await sqlQuery("UPDATE products SET state = 'sold' WHERE id = ?", [id]);
  await sqlQuery("INSERT INTO waiting_buyers (product_id, phone) VALUES (?, ?), (?, ?)", [id, "+919830011111", id, "+919830022222"]);
  const detail = `“${name}” and its photos will be removed from the shop. 2 buyers waiting to hear about a piece like it will be removed from Waiting buyers too; to record a sale, use Mark sold instead.`;

  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("admin-product-card").filter({ hasText: name });
  await card.getByRole("button", { name: "Delete" }).tap();
  await expect(card.getByRole("alertdialog")).toContainText(detail);

  await page.goto(`/dashboard/edit-product/${id}`);
  if (javaScriptEnabled) {
    await hydrated(page);
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Delete product" }).tap();
    await expect.poll(() => asked).toContain(detail);
  } else {
    await page.getByRole("button", { name: "Delete product" }).tap();
    await expect(page.getByRole("alertdialog")).toContainText(detail);
  }
  expect(await countNamed(name)).toBe(1);
});

test("A state changed on a card far down All Products comes back at that card", async ({ page }) => {
  const name = uniqueName("Placed Owl");
  const id = await addProduct(page, { name, images: [await jpeg("placed.jpg", 73)] });
  // A short screen, so the card is below the first one even when it is the newest.
  await page.setViewportSize({ width: 390, height: 420 });
  await page.goto("/dashboard/all-products");
  const card = page.locator(`#product-${id}`);
  await card.getByTestId("state-toggle").tap();
  await card.getByRole("button", { name: STATE_ACTIONS.reserved, exact: true }).tap();
  // It came back at the top of a list of 54 pieces, the card (and its new state) out of sight.
  await expect(page).toHaveURL(new RegExp(`status=state-changed#product-${id}$`));
  await expect(card.getByTestId("state-toggle")).toContainText(STATE_NAMES.reserved);
  await expect(card).toBeInViewport();
  // The buttons may still be open (the list keeps the card whose buttons were open).
  if ((await card.getByTestId("state-actions").count()) === 0) await card.getByTestId("state-toggle").tap();
  await card.getByRole("button", { name: STATE_ACTIONS.available, exact: true }).tap();
  await expect(card.getByTestId("state-toggle")).toContainText(STATE_NAMES.available);
  await expect(card).toBeInViewport();
  // A Quick Edit saved comes back at the card too.
  await card.getByRole("link", { name: "Quick Edit" }).tap();
  await page.getByRole("dialog").getByLabel("Name").fill(`${name} renamed`);
  await page.getByRole("dialog").getByRole("button", { name: "Save changes" }).tap();
  await expect(page).toHaveURL(new RegExp(`status=saved#product-${id}$`));
  await expect(card).toContainText(`${name} renamed`);
  await expect(card).toBeInViewport();
});

test("a piece's or buyer's name of one long word never widens a page on a phone", async ({ page, browser, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const name = `Dokra${"o".repeat(170)}${Date.now().toString(36)}${javaScriptEnabled ? "A" : "B"}`;
  const id = await addProduct(page, { name, category: "special-items", images: [await jpeg("long-name.jpg", 13, 64, 48)] });
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name.slice(0, 60))}`);
  expect(await width()).toBeLessThanOrEqual(390);
  await page.goto(`/dashboard/edit-product/${id}`);
  expect(await width()).toBeLessThanOrEqual(390);

  // Sold, a buyer with a name of the longest kind asks to be told; the owner's Waiting page.
  await page.getByLabel("State").selectOption("sold");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  const buyer = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await buyer.goto(`/notify?piece=${id}`);
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await buyer.getByLabel("WhatsApp number", { exact: true }).fill(`9${Date.now().toString().slice(-9)}`);
  await buyer.getByLabel("Name (optional)").fill("R".repeat(100));
  await buyer.getByRole("checkbox").check();
  await buyer.getByRole("button", { name: "Tell me" }).click();
  await expect(buyer.getByTestId("notify-thanks")).toBeVisible();
  await buyer.goto(`/product/special-items/${id}`);
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await buyer.close();
  await page.goto("/dashboard/waiting");
  await expect(page.getByTestId("waiting-piece").filter({ hasText: name })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(390);
});
