import { expect, test, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";

// A visitor may leave a phone/WhatsApp number; the admin answers by e-mail
// ("Re: <subject>") or, when a number was given, on WhatsApp. JavaScript on and off.

async function sendContact(page: Page, fields: { email: string; subject: string; phone?: string }) {
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Ritu Sen");
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  if (fields.phone !== undefined) await page.getByLabel("Phone / WhatsApp").fill(fields.phone);
  await page.getByLabel("Subject", { exact: true }).fill(fields.subject);
  await page.getByLabel("Message", { exact: true }).fill("Two owls for a wedding, please.");
  await page.getByRole("button", { name: "Send Message" }).click();
}

test("a number that is not a phone number is refused by name, and nothing typed is lost", async ({ page }, testInfo) => {
  const email = `bad-phone-${testInfo.project.name}-${Date.now()}@example.com`;
  await sendContact(page, { email, subject: "Owls", phone: "98300 12345 ext 2" });
  await expect(page.getByTestId("field-error")).toHaveText([
    "Phone / WhatsApp: Please enter a phone number of 7 to 15 digits (digits, spaces, + and - only)",
  ]);
  await expect(page.getByLabel("Phone / WhatsApp")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Phone / WhatsApp")).toHaveValue("98300 12345 ext 2");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Two owls for a wedding, please.");
  await expect(page.getByTestId("contact-success")).toHaveCount(0);
});

test("Messages: reply by e-mail with 'Re: <subject>', and on WhatsApp when a number was given", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now()}`;
  await sendContact(page, { email: `with-phone-${tag}@example.com`, subject: `Owl pair ${tag}`, phone: "098300-12345" });
  await expect(page.getByTestId("contact-success")).toBeVisible();
  await sendContact(page, { email: `no-phone-${tag}@example.com`, subject: `Horse ${tag}` });
  await expect(page.getByTestId("contact-success")).toBeVisible();

  await signIn(page);
  await page.goto("/dashboard/messages");
  const withPhone = page.getByTestId("message").filter({ hasText: `Owl pair ${tag}` });
  await expect(withPhone).toContainText("+919830012345"); // stored normalised
  await expect(withPhone.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:with-phone-${tag}@example.com?subject=${encodeURIComponent(`Re: Owl pair ${tag}`)}`,
  );
  const whatsapp = withPhone.getByRole("link", { name: /Reply on WhatsApp/ });
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/919830012345\?text=Hello%20Ritu%20Sen/);
  await expect(whatsapp).toHaveAttribute("target", "_blank");

  const noPhone = page.getByTestId("message").filter({ hasText: `Horse ${tag}` });
  await expect(noPhone.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute("href", /subject=Re%3A%20Horse/);
  await expect(noPhone.getByRole("link", { name: /Reply on WhatsApp/ })).toHaveCount(0);
});
