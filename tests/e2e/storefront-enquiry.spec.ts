import { expect, test, type Page } from "./test.ts";

// With JavaScript on and off: the enquiry list kept in a signed cookie
// (hearts on cards and product pages, the header count, /enquiry and its WhatsApp link),
// and the product page's share links.

async function productHref(page: Page, category: string, name: string): Promise<string> {
  await page.goto(`/product/${category}`);
  const href = await page.getByTestId("card-title").filter({ hasText: name }).getAttribute("href");
  expect(href).toMatch(new RegExp(`^/product/${category}/\\d+$`));
  return href!;
}

/** The prefilled text of the enquiry's wa.me link, decoded. */
async function whatsappText(page: Page): Promise<string> {
  const href = await page.getByTestId("enquiry-whatsapp").getAttribute("href");
  const url = new URL(href!);
  expect(url.origin).toBe("https://wa.me");
  expect(url.pathname).toMatch(/^\/\d{8,15}$/);
  return url.searchParams.get("text") ?? "";
}

const headerCount = (page: Page) => page.getByTestId("enquiry-link");

test("two pieces from two pages go into one WhatsApp enquiry with the right total; one is removed", async ({ page, baseURL, javaScriptEnabled }) => {
  const panelHref = await productHref(page, "wall-hanging", "Peacock Wall Panel");
  const plateHref = await productHref(page, "wall-hanging", "Sun Face Wall Plate");
  await expect(headerCount(page)).toHaveAccessibleName("Enquiry (0)");

  // From a listing card's heart.
  const card = page.getByTestId("product-card").filter({ hasText: "Peacock Wall Panel" });
  const heart = card.getByTestId("enquiry-heart");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(headerCount(page)).toHaveAccessibleName("Enquiry (1)");
  // Without JS the page reloads at the card, not at its top; with JS nothing reloads.
  const cardId = await card.getAttribute("id");
  expect(cardId).toBe(`piece-${panelHref.split("/").pop()}`);
  await expect(page).toHaveURL(new RegExp(`/product/wall-hanging${javaScriptEnabled ? "" : `#${cardId}`}$`));
  await expect(card).toBeInViewport();

  // From a product page.
  await page.goto(plateHref);
  const toggle = page.getByTestId("enquiry-toggle");
  await expect(toggle).toHaveText("Add to enquiry");
  await toggle.click();
  await expect(toggle).toHaveText("Remove from enquiry");
  await expect(headerCount(page)).toHaveAccessibleName("Enquiry (2)");
  // Without JS the page comes back at the button, which now says the piece is in the list.
  await expect(page).toHaveURL(new RegExp(`${plateHref}${javaScriptEnabled ? "" : "#enquiry-button"}$`));
  await expect(toggle).toBeInViewport();

  await headerCount(page).click();
  await expect(page).toHaveURL(/\/enquiry$/);
  await expect(page.getByTestId("enquiry-name")).toHaveText(["Peacock Wall Panel", "Sun Face Wall Plate"]);
  await expect(page.getByTestId("enquiry-piece").first().getByTestId("price")).toHaveText("₹12,800.00");
  await expect(page.getByTestId("enquiry-piece").first().locator("img")).toHaveCount(1);
  await expect(page.getByTestId("enquiry-total")).toHaveText("₹14,950.00");
  expect(await whatsappText(page)).toBe(
    [
      "Hi! I would like to buy these pieces:",
      "",
      "1. Peacock Wall Panel - ₹12,800.00",
      `${baseURL}${panelHref}`,
      "2. Sun Face Wall Plate - ₹2,150.00",
      `${baseURL}${plateHref}`,
      "",
      "Total: ₹14,950.00",
    ].join("\n"),
  );

  await page.getByRole("button", { name: "Remove Sun Face Wall Plate" }).click();
  await expect(page.getByTestId("enquiry-name")).toHaveText(["Peacock Wall Panel"]);
  await expect(page.getByTestId("enquiry-total")).toHaveText("₹12,800.00");
  await expect(headerCount(page)).toHaveAccessibleName("Enquiry (1)");
  const text = await whatsappText(page);
  expect(text).toContain("1. Peacock Wall Panel - ₹12,800.00");
  expect(text).not.toContain("Sun Face");
  expect(text.endsWith("Total: ₹12,800.00")).toBe(true);

  // The heart on the card takes it out again; the list is then empty.
  await page.goto("/product/wall-hanging");
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.click();
  await expect(headerCount(page)).toHaveAccessibleName("Enquiry (0)");
  await page.goto("/enquiry");
  await expect(page.getByTestId("enquiry-empty")).toContainText("Your enquiry list is empty.");
  await expect(page.getByTestId("enquiry-whatsapp")).toHaveCount(0);
});

test("a heart far down a listing keeps the visitor at that card, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/product/wall-hanging");
  const card = page.getByTestId("product-card").last();
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId("enquiry-heart").click();
  await expect(card.getByTestId("enquiry-heart")).toHaveAttribute("aria-pressed", "true");
  await expect(card).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(844);
  await card.getByTestId("enquiry-heart").click();
  await expect(card.getByTestId("enquiry-heart")).toHaveAttribute("aria-pressed", "false");
  await expect(card).toBeInViewport();
});

test("a product page shares itself: a Share on WhatsApp link and its address to copy", async ({ page, baseURL }) => {
  const href = await productHref(page, "wall-hanging", "Peacock Wall Panel");
  await page.goto(href);
  const share = page.getByTestId("share");
  await expect(share.getByRole("heading", { name: "Share this piece" })).toBeVisible();
  const link = new URL((await share.getByRole("link", { name: /Share on WhatsApp/ }).getAttribute("href"))!);
  expect(`${link.origin}${link.pathname}`).toBe("https://wa.me/");
  expect(link.searchParams.get("text")).toBe(`Peacock Wall Panel ${baseURL}${href}`);
  await expect(share.getByLabel("Page link")).toHaveValue(`${baseURL}${href}`);
});

test("a forged or edited enquiry cookie is ignored", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "__dokra_enquiry", value: "WzEsMiwzXQ%3D%3D.forged", url: baseURL! }]);
  const response = await page.goto("/enquiry");
  expect(response?.status()).toBe(200);
  await expect(headerCount(page)).toHaveAccessibleName("Enquiry (0)");
  await expect(page.getByTestId("enquiry-empty")).toBeVisible();
});

test("pages with a visitor's count never come from the shared page cache; other visitors' still do", async ({ page, request }) => {
  await page.goto(await productHref(page, "wall-hanging", "Peacock Wall Panel"));
  await page.getByTestId("enquiry-toggle").click();
  await expect(headerCount(page)).toHaveAccessibleName("Enquiry (1)");
  const cookie = (await page.context().cookies()).find((c) => c.name === "__dokra_enquiry");
  expect(cookie?.httpOnly).toBe(true);

  const withList = await request.get("/about", { headers: { Cookie: `__dokra_enquiry=${cookie!.value}` } });
  expect(withList.headers()["x-cache"]).toBe("BYPASS");
  expect(withList.headers()["cache-control"]).toContain("private");
  expect(await withList.text()).toContain('aria-label="Enquiry (1)"');

  await request.get("/about");
  const guest = await request.get("/about");
  expect(guest.headers()["x-cache"]).toBe("HIT");
  expect(await guest.text()).toContain('aria-label="Enquiry (0)"');
});

test("adding a piece that is not public, or sending a broken form, says so and changes nothing", async ({ request }) => {
  const refused = await request.post("/enquiry", { form: { intent: "add", productId: "999999999", redirectTo: "/" } });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("This piece is no longer available.");
  expect(refused.headers()["set-cookie"]).toBeUndefined();
  const broken = await request.post("/enquiry", { form: { intent: "add", productId: "x" } });
  expect(broken.status()).toBe(400);
  expect(await broken.text()).toContain("That piece could not be found.");
});

test("an odd return address after the form goes back as a valid, local, percent-encoded path", async ({ request }) => {
  for (const [redirectTo, location] of [
    ["/\u200b/evil.example", "/%E2%80%8B/evil.example"],
    ["/é", "/%C3%A9"],
    ["//evil.example", "/enquiry"],
  ]) {
    const answer = await request.post("/enquiry", { form: { intent: "remove", productId: "1", redirectTo: redirectTo! }, maxRedirects: 0 });
    expect(answer.status(), redirectTo).toBe(303);
    expect(answer.headers()["location"], redirectTo).toBe(location);
  }
});
