import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";
import { addProduct, confirmAction, waitForProductReady } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";
import { STATE_ACTIONS } from "../../app/modules/catalog/states.ts";

// A sold piece's page in Bengali and a reserved piece's in Hindi, JavaScript on and off: the
// badge, the ask button and its WhatsApp message in the language (pointing to the page in that
// language), and the notify form: its words, its refusals and its thank-you, all in the language;
// then the owner's message to each waiting buyer, in the language they signed up in.

const texts = (lang: string, part: string): Record<string, string> => JSON.parse(readFileSync(`app/locales/${lang}/${part}.json`, "utf8"));

async function setState(page: Page, name: string, button: string, confirm?: { js: boolean; text: string }) {
  await page.goto(`/dashboard/all-products?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("admin-product-card").filter({ hasText: name });
  await card.getByTestId("state-toggle").click();
  const click = () => card.getByRole("button", { name: button, exact: true }).click();
  if (confirm) await confirmAction(page, confirm.js, click, confirm.text);
  else await click();
  await expect(page.getByTestId("status-message")).toHaveText(STATE_ACTIONS.changed);
}

async function notifyInLanguage(page: Page, lang: "bn" | "hi", heading: string, path: string, piece: { name: string; english: boolean }) {
  const t = texts(lang, "notify");
  const form = page.getByTestId("notify-form");
  await expect(form.getByRole("heading")).toHaveText(heading);
  // Nothing ticked and a bad number: both refusals in the language, what was typed kept.
  await form.getByLabel(t.phone!, { exact: true }).fill("12345");
  await form.getByRole("button", { name: t.submit }).click();
  const again = page.getByTestId("notify-form");
  await expect(again.getByRole("alert")).toHaveText([t.phoneInvalid!, t.consentRequired!]);
  await expect(again.getByLabel(t.phone!, { exact: true })).toHaveValue("12345");
  expect(new URL(page.url()).pathname).toBe(`/${lang}/notify`);
  await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-IN`);
  // A country code with a number that country does not have: told so, not to add the code it has.
  await again.getByLabel(t.phone!, { exact: true }).fill("+44 7700 900123");
  await again.getByRole("button", { name: t.submit }).click();
  await expect(page.getByTestId("notify-form").getByRole("alert")).toHaveText([t.phoneNoSuchNumber!, t.consentRequired!]);

  await again.getByLabel(t.phone!, { exact: true }).fill(lang === "bn" ? "98300 11111" : "98300 22222");
  await again.getByLabel(t.consent!.replace("{{days}}", "180")).check();
  await again.getByRole("button", { name: t.submit }).click();
  await expect(page.getByTestId("notify-thanks")).toHaveText(t.thanks!);
  // The piece's name in the page's language, or its English one marked as English.
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(piece.name);
  if (piece.english) await expect(title).toHaveAttribute("lang", "en");
  else await expect(title).not.toHaveAttribute("lang");
  expect(new URL(page.url()).pathname).toBe(`/${lang}/notify`);
  await expect(page.getByRole("link", { name: t.back })).toHaveAttribute("href", path);
}

test("a sold piece in Bengali and a reserved one in Hindi: badge, ask message, notify form", async ({ page, browser, javaScriptEnabled }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const name = uniqueName("Language owl");
  const id = await addProduct(page, { name, category: "special-items", images: [await jpeg("language-owl.jpg", 7, 800, 800)] });
  await waitForProductReady(page, id);
  // A Bengali name (in no search word: the search specs beside this one count owls), no Hindi one.
  const bnName = `ভাষার পরীক্ষা ${name.split(" ").at(-1)}`;
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByText("Bengali (optional)").click();
  await page.getByLabel("Bengali name").fill(bnName);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await setState(page, name, STATE_ACTIONS.sold, { js: javaScriptEnabled, text: STATE_ACTIONS.confirmSold(name) });

  const visitor = await browser.newContext({ javaScriptEnabled });
  const buyer = await visitor.newPage();
  const bn = texts("bn", "product");
  const bnPath = `/bn/product/special-items/${id}`;
  await buyer.goto(bnPath);
  const detail = buyer.getByTestId("product-detail");
  await expect(detail.locator(":scope > div").first().getByTestId("state-badge")).toHaveText(texts("bn", "common").stateSold!);
  await expect(buyer.getByTestId("state-note")).toHaveText(bn.soldNote!);
  const ask = detail.getByTestId("whatsapp-ask");
  await expect(ask).toContainText(bn.askSimilar!);
  const message = new URL((await ask.getAttribute("href"))!).searchParams.get("text")!;
  expect(message).toMatch(new RegExp(`^${texts("bn", "whatsapp").similarPiece!.split("{{name}}")[0]}${bnName}”.*https?://[^ ]+${bnPath}$`));
  await expect(buyer.getByTestId("commission-link")).toHaveText(texts("bn", "common").commissionLinkSimilar!);
  await notifyInLanguage(buyer, "bn", texts("bn", "notify").soldHeading!, bnPath, { name: bnName, english: false });

  await setState(page, name, STATE_ACTIONS.reserved);
  const hi = texts("hi", "product");
  const hiPath = `/hi/product/special-items/${id}`;
  await buyer.goto(hiPath);
  await expect(buyer.getByTestId("product-detail").locator(":scope > div").first().getByTestId("state-badge")).toHaveText(texts("hi", "common").stateReserved!);
  await expect(buyer.getByTestId("state-note")).toHaveText(hi.reservedNote!);
  const hiAsk = buyer.getByTestId("product-detail").getByTestId("whatsapp-ask");
  await expect(hiAsk).toContainText(hi.askReserved!);
  const hiMessage = new URL((await hiAsk.getAttribute("href"))!).searchParams.get("text")!;
  expect(hiMessage.startsWith("नमस्ते!")).toBe(true);
  expect(hiMessage).toContain(`“${name}”`);
  expect(hiMessage).toMatch(new RegExp(`https?://[^ ]+${hiPath}$`));
  await notifyInLanguage(buyer, "hi", texts("hi", "notify").reservedHeading!, hiPath, { name, english: true });
  await visitor.close();

  await page.goto("/dashboard/waiting");
  const entries = page.getByTestId("waiting-piece").filter({ hasText: name }).getByTestId("waiting-buyer");
  await expect(entries).toHaveCount(2);
  const ready = async (number: string) => {
    const href = await entries.filter({ hasText: number }).getByTestId("waiting-whatsapp").getAttribute("href");
    return new URL(href!).searchParams.get("text")!;
  };
  const [before] = texts("bn", "whatsapp").similarReady!.split("{{name}}");
  // Each in the buyer's language, with the piece's name in it (the English one where it has none).
  expect(await ready("+919830011111")).toMatch(new RegExp(`^${before}${bnName}.*https?://[^ ]+${bnPath}$`));
  expect(await ready("+919830022222")).toMatch(new RegExp(`^नमस्ते! .*${name}.*https?://[^ ]+${hiPath}$`));
});
