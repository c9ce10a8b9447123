import type { Page } from "@playwright/test";
import { expect, test } from "./test.ts";
import { hydrated, signIn } from "./helpers.ts";
import { sqlQuery } from "./fixtures/admin.ts";

// The owner sets the shop's details on her phone: a bad phone number and address are refused by
// name with everything else kept; saved, they show at once on the storefront (the page cache is
// refreshed) in the footer, on Contact us and in the WhatsApp message. The details are put back
// after, so no other spec sees them.

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

const LABELS = {
  publicUrl: "Public address of the shop",
  phone: "Phone",
  whatsapp: "WhatsApp number",
  email: "E-mail",
  addressLine: "Short address (footer)",
  worksAddress: "Workshop address",
  showroomAddress: "Showroom address",
  mapQuery: "Map place",
} as const;

async function readForm(page: Page): Promise<Record<keyof typeof LABELS, string>> {
  const entries = await Promise.all(Object.entries(LABELS).map(async ([key, label]) => [key, await page.getByRole("textbox", { name: label, exact: true }).inputValue()]));
  return Object.fromEntries(entries) as Record<keyof typeof LABELS, string>;
}

async function fillForm(page: Page, values: Partial<Record<keyof typeof LABELS, string>>) {
  for (const [key, value] of Object.entries(values)) await page.getByRole("textbox", { name: LABELS[key as keyof typeof LABELS], exact: true }).fill(value);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save shop details" }).tap();
}

/** Puts back what the other specs expect: the environment's details, no public address set here. */
async function putBack(page: Page, before: Record<keyof typeof LABELS, string>, javaScriptEnabled: boolean) {
  await page.goto("/dashboard/shop-details");
  if (javaScriptEnabled) await hydrated(page);
  await fillForm(page, { ...before, publicUrl: "" });
  await save(page);
  await expect(page.getByText("Shop details saved. Every page shows them now.")).toBeVisible();
}

test("Shop details: refused by field with the rest kept, then saved and shown on the storefront at once", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // Reached from the overview (no ninth menu entry).
  const link = page.getByTestId("shop-details-link").getByRole("link", { name: "Shop details" });
  if (!javaScriptEnabled) await page.screenshot({ path: "docs/screenshots/admin-shop-details-overview-link-phone.png", scale: "css", animations: "disabled" });
  await link.tap();
  await expect(page).toHaveURL(/\/dashboard\/shop-details$/);
  if (javaScriptEnabled) await hydrated(page);
  const before = await readForm(page);
  expect(before.phone).not.toBe("");

  // Warm the storefront's cache with the old details first: the save must refresh it.
  await page.goto("/contact");
  await expect(page.getByTestId("site-footer")).toContainText(before.email);

  const stamp = Date.now().toString().slice(-5);
  const wanted = {
    publicUrl: "https://shop.dokrashilpa.in",
    phone: "98311 22334",
    whatsapp: "98765 43210",
    email: `orders${stamp}@dokrashilpa.in`,
    addressLine: `Bikna ${stamp}, Bankura`,
    worksAddress: `Workshop ${stamp}, Bikna Dokra Village, Bankura`,
    showroomAddress: `Showroom ${stamp}, Bikna Shilpa Gram, Bankura`,
    mapQuery: `Bikna Shilpa Gram ${stamp}`,
  };
  try {
    // The server's own address (http://localhost:…, set for these tests) is not offered: the form's
    // rule refuses it, so a change of the phone alone was refused for a field she had not touched.
    expect(before.publicUrl).toBe("");
    await page.goto("/dashboard/shop-details");
    if (javaScriptEnabled) await hydrated(page);
    await fillForm(page, { phone: "98311 22335" });
    await save(page);
    await expect(page.getByText("Shop details saved. Every page shows them now.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: LABELS.phone, exact: true })).toHaveValue("+91 98311 22335");

    await page.goto("/dashboard/shop-details");
    if (javaScriptEnabled) await hydrated(page);
    await fillForm(page, { ...wanted, phone: "12345", publicUrl: "http://localhost:3000" });
    await save(page);
    await expect(page.getByText("Phone: enter a phone number with its country code, such as +91 98300 12345.")).toBeVisible();
    await expect(page.getByText("Public address: enter an https address with a real host name, such as https://dokrashilpa.in.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: LABELS.phone, exact: true })).toHaveAttribute("aria-invalid", "true");
    // Everything typed is still there, the refused values too.
    expect(await readForm(page)).toEqual({ ...wanted, phone: "12345", publicUrl: "http://localhost:3000" });
    await page.screenshot({ path: `docs/screenshots/admin-shop-details-refused-${javaScriptEnabled ? "js" : "no-js"}-phone.png`, scale: "css", animations: "disabled" });
    // Nothing was saved.
    await page.goto("/contact");
    await expect(page.getByTestId("site-footer")).toContainText(before.email);

    await page.goto("/dashboard/shop-details");
    if (javaScriptEnabled) await hydrated(page);
    await fillForm(page, wanted);
    await save(page);
    await expect(page.getByText("Shop details saved. Every page shows them now.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: LABELS.phone, exact: true })).toHaveValue("+91 98311 22334");
    await expect(page.getByRole("textbox", { name: LABELS.whatsapp, exact: true })).toHaveValue("+919876543210");
    if (!javaScriptEnabled) await page.screenshot({ path: "docs/screenshots/admin-shop-details-saved-phone.png", scale: "css", animations: "disabled" });

    // The storefront at once: footer, Contact us, and the WhatsApp message of a piece.
    await page.goto("/contact");
    const footer = page.getByTestId("site-footer");
    await expect(footer).toContainText(wanted.email);
    await expect(footer).toContainText("+91 98311 22334");
    await expect(footer.getByTestId("works-address")).toHaveText(wanted.worksAddress);
    await expect(footer.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", "https://wa.me/919876543210");
    await expect(page.getByTestId("map-address")).toContainText(wanted.worksAddress);
    await expect(page.getByTestId("map-link")).toHaveAttribute("href", `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(wanted.mapQuery)}`);

    const [piece] = await sqlQuery<Array<{ id: number; category: string }>>(
      "SELECT id, category FROM products WHERE status = 'ready' AND available = 1 AND state = 'available' ORDER BY id LIMIT 1",
    );
    await page.goto(`/product/${piece!.category}/${piece!.id}`);
    const chat = page.getByTestId("whatsapp").first();
    const href = new URL((await chat.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://wa.me/919876543210");
    expect(href.searchParams.get("text")).toContain(`https://shop.dokrashilpa.in/product/${piece!.category}/${piece!.id}`);

    // A field cleared stays cleared when another is refused: the saved address must not come back.
    await page.goto("/dashboard/shop-details");
    if (javaScriptEnabled) await hydrated(page);
    await fillForm(page, { ...wanted, publicUrl: "", phone: "12345" });
    await save(page);
    await expect(page.getByText("Phone: enter a phone number with its country code, such as +91 98300 12345.")).toBeVisible();
    expect(await readForm(page)).toEqual({ ...wanted, publicUrl: "", phone: "12345" });
  } finally {
    await putBack(page, before, javaScriptEnabled);
  }
  await page.goto("/contact");
  await expect(page.getByTestId("site-footer")).toContainText(before.email);
});

test("Shop details open on two devices: the later save keeps the earlier one's change and says what changed", async ({ page, context, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto("/dashboard/shop-details");
    if (javaScriptEnabled) await hydrated(tab);
  }
  const before = await readForm(page);
  const stamp = Date.now().toString().slice(-5);
  const map = `Dariyapur Dokra Village ${stamp}`;
  const email = `two${stamp}@dokrashilpa.in`;
  try {
    // The phone saves a new map place...
    // (The test server's address stands in for a public one, which production refuses: left empty.)
    await fillForm(other, { mapQuery: map, publicUrl: "" });
    await save(other);
    await expect(other.getByText("Shop details saved. Every page shows them now.")).toBeVisible();
    // ...then the laptop, opened before, saves a new e-mail: nothing is lost, nothing overwritten.
    await fillForm(page, { email, publicUrl: "" });
    await save(page);
    await expect(page.getByText(/saved somewhere else after you opened this page, so nothing was saved yet/)).toBeVisible();
    await expect(page.getByTestId("conflict-changes")).toContainText(`Map place: ${before.mapQuery} → ${map}`);
    expect(await readForm(page)).toEqual({ ...before, email, mapQuery: map, publicUrl: "" });
    await page.screenshot({ path: `docs/screenshots/admin-shop-details-conflict-${javaScriptEnabled ? "js" : "no-js"}-phone.png`, scale: "css", animations: "disabled" });
    await save(page);
    await expect(page.getByText("Shop details saved. Every page shows them now.")).toBeVisible();
    await page.goto("/contact");
    await expect(page.getByTestId("site-footer")).toContainText(email);
    await expect(page.getByTestId("map-link")).toHaveAttribute("href", `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(map)}`);
  } finally {
    await putBack(page, before, javaScriptEnabled);
  }
});
