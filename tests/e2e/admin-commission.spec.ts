import { expect, test, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";
import { sqlQuery } from "./fixtures/admin.ts";
import { fakeImage, jpeg } from "./fixtures/media.ts";
import { COMMISSION_TEXT } from "../../app/modules/contact/commission-text.ts";
import { fetchUntilHit } from "./fixtures/page-cache.ts";

// A commission request, JavaScript on and off, on a phone: linked from a product page with the
// piece filled in, a refused field keeping everything else (the photo too), the thank-you's
// WhatsApp message, and the request in Messages with its photo for the admin only.

/** A field by its label's start (optional ones end " (optional)"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));

async function publicPiece(): Promise<{ id: number; name: string; category: string }> {
  const rows = await sqlQuery<Array<{ id: number; name: string; category: string }>>(
    "SELECT id, name, category FROM products WHERE available = 1 AND status = 'ready' AND state = 'available' ORDER BY id LIMIT 1",
  );
  return rows[0]!;
}

/** Two days ahead as "YYYY-MM-DD": a day the form accepts whatever the hour in India. */
const soon = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

test.use({ viewport: { width: 390, height: 844 } });

test("a commission: a refused number keeps the rest and the photo, the thank-you offers WhatsApp, Messages shows it with the photo to the admin only", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const piece = await publicPiece();
  const neededBy = soon();
  // A number of this run's own: requests are limited per number.
  const mobile = `9${Date.now().toString().slice(-9)}`;

  await page.goto(`/product/${piece.category}/${piece.id}`);
  await page.getByTestId("commission-link").click();
  await expect(page).toHaveURL(new RegExp(`/commission\\?piece=${piece.id}$`));
  await expect(field(page, "What would you like made?")).toHaveValue(COMMISSION_TEXT.likePiece(piece.name));

  await field(page, "What would you like made?").fill(`Two owls like ${piece.name}, ${tag}`);
  await field(page, "Size").fill("about 20 cm tall");
  await field(page, "Quantity").fill("2");
  await field(page, "Budget (₹)").fill("4,500");
  await field(page, "Needed by").fill(neededBy);
  await field(page, "Your name").fill(`Ritu ${tag}`);
  await field(page, "WhatsApp number").fill("12345");
  await field(page, "Reference photo").setInputFiles(await jpeg("owl-sketch.jpg", 11, 640, 480));
  await page.getByRole("button", { name: COMMISSION_TEXT.submit }).click();

  await expect(page.getByTestId("field-error")).toHaveText([`WhatsApp number: ${COMMISSION_TEXT.phone}`]);
  await expect(field(page, "WhatsApp number")).toHaveAttribute("aria-invalid", "true");
  // The wrong field is 800 px down: without JavaScript the page comes back at its top, where
  // the form's summary names it with a link to it; with JavaScript the field has the focus.
  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("link")).toHaveText(["WhatsApp number"]);
  if (testInfo.project.name.startsWith("js-off")) await expect(summary).toBeInViewport();
  else await expect(field(page, "WhatsApp number")).toBeFocused();
  await page.evaluate(() => window.scrollTo(0, 0));
  await summary.getByRole("link", { name: "WhatsApp number" }).click();
  await expect(field(page, "WhatsApp number")).toBeInViewport();
  await expect(page.locator("label[for=phone]")).toBeInViewport();
  // Back from a place within the page returns to the refused form as it was (with JavaScript
  // the router took it for a new visit and blanked the form). With JavaScript the summary's
  // links move the focus without a history entry; the footer's "Back to top" makes one.
  if (!testInfo.project.name.startsWith("js-off")) {
    await page.getByRole("link", { name: "Back to top" }).click();
    await expect(page).toHaveURL(/#top$/);
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/commission\?piece=\d+$/);
  await expect(page.getByTestId("field-error")).toHaveText([`WhatsApp number: ${COMMISSION_TEXT.phone}`]);
  await expect(field(page, "WhatsApp number")).toHaveValue("12345");
  await expect(field(page, "What would you like made?")).toHaveValue(`Two owls like ${piece.name}, ${tag}`);
  await expect(field(page, "Size")).toHaveValue("about 20 cm tall");
  await expect(field(page, "Quantity")).toHaveValue("2");
  await expect(field(page, "Budget (₹)")).toHaveValue("4,500");
  await expect(field(page, "Needed by")).toHaveValue(neededBy);
  await expect(field(page, "Your name")).toHaveValue(`Ritu ${tag}`);
  await expect(page.getByTestId("photo-kept")).toHaveText(COMMISSION_TEXT.photoKept("owl-sketch.jpg"));
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await field(page, "WhatsApp number").fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await page.getByRole("button", { name: COMMISSION_TEXT.submit }).click();
  await expect(page.getByTestId("commission-thanks")).toContainText(COMMISSION_TEXT.thanksText);
  const whatsapp = page.getByTestId("commission-whatsapp");
  await expect(whatsapp).toHaveText(/Also send on WhatsApp/);
  const href = new URL((await whatsapp.getAttribute("href"))!);
  expect(href.origin + href.pathname).toMatch(/^https:\/\/wa\.me\/\d{10,15}$/);
  const text = href.searchParams.get("text")!;
  for (const line of [`Design: Two owls like ${piece.name}, ${tag}`, "Size: about 20 cm tall", "Quantity: 2", "Budget: ₹4,500", `Needed by: ${neededBy}`]) {
    expect(text).toContain(line);
  }
  // The thank-you carries one visitor's request: never a shared copy. The form itself is one.
  for (let i = 0; i < 2; i++) {
    const thanks = await request.get(page.url());
    expect(thanks.headers()["cache-control"]).toBe("private, no-store");
    expect(thanks.headers()["x-cache"]).not.toBe("HIT");
  }
  // Shared: a HIT (retried while another test's write makes the copy briefly stale).
  await fetchUntilHit(request, "/commission");

  await signIn(page);
  await page.goto("/dashboard/messages");
  const message = page.getByTestId("message").filter({ hasText: `Ritu ${tag}` });
  await expect(message.getByTestId("commission-badge")).toHaveText("Commission");
  await expect(message).toContainText(`+91${mobile}`);
  const details = message.getByTestId("commission-details");
  for (const value of ["about 20 cm tall", "2", "₹4,500", neededBy]) await expect(details).toContainText(value);
  const photo = details.getByTestId("commission-photo");
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  const src = (await photo.getAttribute("src"))!;
  expect(src).toMatch(/^\/dashboard\/messages\/\d+\/photo$/);

  const asAdmin = await page.request.get(src);
  expect(asAdmin.status()).toBe(200);
  expect(asAdmin.headers()["content-type"]).toBe("image/jpeg");
  expect(asAdmin.headers()["cache-control"]).toBe("private, no-store");
  expect((await asAdmin.body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  // Anyone else is sent to sign in, and gets no picture.
  const anonymous = await request.get(src, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toMatch(/^\/admin\?redirectTo=/);
  expect(anonymous.headers()["content-type"] ?? "").not.toMatch(/^image\//);
});

test("a commission with a file that is not a picture and no design: both refused by name, the rest kept", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  await page.goto("/commission");
  await field(page, "Size").fill("palm sized");
  await field(page, "Your name").fill(`Asha ${tag}`);
  await field(page, "WhatsApp number").fill("+44 20 7946 0958");
  await field(page, "Reference photo").setInputFiles(fakeImage("owl.jpg"));
  await page.getByRole("button", { name: COMMISSION_TEXT.submit }).click();

  await expect(page.getByTestId("field-error")).toHaveText([
    `What would you like made: ${COMMISSION_TEXT.required}`,
    "Reference photo: This file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or GIF photo.",
  ]);
  await expect(field(page, "Size")).toHaveValue("palm sized");
  await expect(field(page, "Your name")).toHaveValue(`Asha ${tag}`);
  await expect(field(page, "WhatsApp number")).toHaveValue("+44 20 7946 0958");
  await expect(page.getByTestId("photo-kept")).toHaveCount(0);
  await expect(page.getByTestId("commission-thanks")).toHaveCount(0);
  const stored = await sqlQuery<unknown[]>("SELECT id FROM contact_messages WHERE name = ?", [`Asha ${tag}`]);
  expect(stored).toHaveLength(0);
});

test("the footer links every page to the commission form", async ({ page }) => {
  await page.goto("/about");
  await page.getByTestId("footer-commission").click();
  await expect(page).toHaveURL(/\/commission$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COMMISSION_TEXT.title);
});
