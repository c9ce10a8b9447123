import { readFileSync } from "node:fs";
import { DEMO_TRANSLATIONS } from "#scripts/seed/catalogue-translations.ts";
import { expect, test, type Page } from "./test.ts";

// The product page in Bengali and Hindi, JavaScript on and off: its words, <html lang>, links
// that stay in the language, and WhatsApp messages in the buyer's language that point to the
// page in that language. The texts are read from the locale files the page is built from.

const texts = (lang: string, part: string): Record<string, string> => JSON.parse(readFileSync(`app/locales/${lang}/${part}.json`, "utf8"));

async function englishHref(page: Page, category: string, name: string): Promise<string> {
  await page.goto(`/product/${category}`);
  const href = await page.getByTestId("card-title").filter({ hasText: name }).getAttribute("href");
  expect(href).toMatch(new RegExp(`^/product/${category}/\\d+$`));
  return href!;
}

for (const lang of ["bn", "hi"] as const) {
  test(`the product page in ${lang}: words, language, links and the WhatsApp message`, async ({ page }) => {
    const t = texts(lang, "product");
    const common = texts(lang, "common");
    const whatsapp = texts(lang, "whatsapp");
    const path = `/${lang}${await englishHref(page, "wall-hanging", "Peacock Wall Panel")}`;
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-IN`);

    const detail = page.getByTestId("product-detail");
    // The seed's translated name, in the page's language.
    const name = DEMO_TRANSLATIONS["Peacock Wall Panel"]![lang].name;
    await expect(detail.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(detail.getByTestId("detail-price").getByTestId("price")).toHaveText("₹12,800.00");
    await expect(detail.getByTestId("detail-price").getByTestId("list-price")).toContainText(common.listPrice!.trim());
    const specs = texts(lang, "specs");
    await expect(detail.getByTestId("specs").locator("dt")).toHaveText([specs.colour!, specs.size!, specs.material!, specs.utility!, specs.weight!]);
    // The seed's Golden, Kansa and Home Decor in the page's words; the size and weight in its units.
    const number = "[\\d.]+";
    const size = new RegExp(`^${specs.sizeValue!.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\{\w+\}\}/g, number)}$`);
    const weight = new RegExp(`^${number} (${specs.unitKilogram}( ${number} ${specs.unitGram})?|${specs.unitGram})$`);
    await expect(detail.getByTestId("specs").locator("dd")).toHaveText([specs["colour.golden"]!, size, specs["material.kansa"]!, specs["utility.home decor"]!, weight]);
    await expect(page.getByRole("heading", { name: t.specs })).toBeVisible();
    await expect(page.getByRole("heading", { name: t.description })).toBeVisible();
    await expect(page.getByRole("heading", { name: t.related })).toBeVisible();
    await expect(page.getByRole("heading", { name: t.shareHeading })).toBeVisible();
    await expect(page.getByTestId("product-notes").getByRole("heading")).toHaveText([t["notes.care.title"]!, t["notes.made.title"]!, t["notes.order.title"]!]);
    await expect(page.getByTestId("enquiry-toggle")).toHaveText(t.addToEnquiry!);

    // The buy message is in the language and names the page in that language.
    const buy = detail.getByTestId("whatsapp");
    await expect(buy).toContainText(t.chatOnWhatsapp!);
    const text = new URL((await buy.getAttribute("href"))!).searchParams.get("text")!;
    expect(text).toBe(`${whatsapp.buyThis} http://localhost:${new URL(page.url()).port}${path}`);
    const shared = new URL((await page.getByTestId("share-whatsapp").getAttribute("href"))!).searchParams.get("text")!;
    expect(shared).toMatch(new RegExp(`^${name} https?://[^ ]+${path}$`));
    await expect(page.getByTestId("share-whatsapp")).toContainText(t.shareWhatsapp!);
    await expect(page.getByTestId("share-url")).toHaveValue(new RegExp(`${path}$`));

    // Every link stays in the language.
    const crumbs = page.getByRole("navigation", { name: texts(lang, "breadcrumbs").breadcrumb });
    await expect(crumbs.getByRole("link", { name: common.linkHome })).toHaveAttribute("href", `/${lang}`);
    await expect(crumbs.getByRole("link", { name: common["category.wall-hanging"] })).toHaveAttribute("href", `/${lang}/product/wall-hanging`);
    const back = page.getByRole("link", { name: texts(lang, "breadcrumbs").back, exact: true });
    await expect(back).toHaveAttribute("href", `/${lang}/product/wall-hanging`);
    await expect(page.getByTestId("commission-link")).toHaveText(common.commissionLink!);
    await expect(page.getByTestId("commission-link")).toHaveAttribute("href", new RegExp(`^/${lang}/commission\\?piece=\\d+$`));
    const related = page.getByTestId("related").getByRole("link");
    await expect(related).toHaveCount(6);
    for (const link of await related.all()) await expect(link).toHaveAttribute("href", new RegExp(`^/${lang}/product/wall-hanging/\\d+$`));

    // The head: the description falls back to the language's words only when the piece has none; canonical in the language.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));

    // Another picture keeps the page in the language (a link without JS, in place with it).
    await page.getByTestId("thumbnail").nth(1).click();
    await expect(page.getByTestId("thumbnail").nth(1)).toHaveAttribute("aria-current", "true");
    expect(new URL(page.url()).pathname).toBe(path);

    // Back, a plain link here (no history within the app without JS, a fresh page with it), goes to the category in the language.
    await page.goto(path);
    await page.getByRole("link", { name: texts(lang, "breadcrumbs").back, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/product/wall-hanging$`));
  });

  test(`adding a piece to the enquiry list in ${lang} stays on the page in ${lang}`, async ({ page }) => {
    const t = texts(lang, "product");
    const path = `/${lang}${await englishHref(page, "wall-hanging", "Sun Face Wall Plate")}`;
    await page.goto(path);
    await page.getByTestId("enquiry-toggle").click();
    await expect(page.getByTestId("enquiry-toggle")).toHaveText(t.removeFromEnquiry!);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-IN`);
  });
}

test("a product's other addresses move to its one address in the same language", async ({ page, request }) => {
  const href = await englishHref(page, "wall-hanging", "Peacock Wall Panel");
  const id = href.split("/").pop()!;
  for (const lang of ["bn", "hi"]) {
    const moved = await request.get(`/${lang}/product/trending/00${id}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/${lang}${href}`);
    expect((await request.get(`/${lang}/product/wall-hanging/999999999`)).status()).toBe(404);
  }
});

test("English product pages keep their words and English WhatsApp message", async ({ page }) => {
  const path = await englishHref(page, "wall-hanging", "Peacock Wall Panel");
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  const text = new URL((await page.getByTestId("product-detail").getByTestId("whatsapp").getAttribute("href"))!).searchParams.get("text")!;
  expect(text).toMatch(new RegExp(`^Hi! I want to buy this\\. Here is the page I was on: https?://[^ ]+:\\d+${path}$`));
  await expect(page.getByTestId("enquiry-toggle")).toHaveText("Add to enquiry");
});
