import { expect, test } from "./test.ts";

// What only JavaScript gives: the heart without a reload, "Copy
// message", the phone's share sheet (Web Share API) and "Copy link".

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("the heart adds and removes without reloading the page", async ({ page }) => {
  await page.goto("/product/wall-hanging");
  // The hidden `via` field exists only once the page is hydrated.
  await expect(page.locator('input[name="via"]').first()).toBeAttached();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const hearts = page.getByTestId("enquiry-heart");
  expect(await hearts.count()).toBe(await page.getByTestId("product-card").count());
  await hearts.first().click();
  await expect(hearts.first()).toHaveAttribute("aria-pressed", "true");
  await expect(hearts.nth(1)).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("enquiry-link")).toHaveAccessibleName("Enquiry (1)");
  await hearts.first().click();
  await expect(hearts.first()).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("enquiry-link")).toHaveAccessibleName("Enquiry (0)");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("hearts tapped quickly on a slow line all reach the list", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/product/wall-hanging");
  await expect(page.locator('input[name="via"]').first()).toBeAttached();
  // A slow line: every answer arrives 1.5 s after its request left (with the cookies of that
  // moment), so the three taps below are all made before the first is answered.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
  const hearts = page.getByTestId("enquiry-heart");
  for (const n of [0, 1, 2]) await hearts.nth(n).click();
  // At once, each tapped heart says it is in the list.
  for (const n of [0, 1, 2]) await expect(hearts.nth(n)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("enquiry-link")).toHaveAccessibleName("Enquiry (3)", { timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.goto("/enquiry");
  await expect(page.getByTestId("enquiry-piece")).toHaveCount(3);

  // The list's Remove buttons, two tapped at once on the slow line: both pieces leave.
  await expect(page.locator('input[name="via"]').first()).toBeAttached();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
  const remove = page.getByTestId("enquiry-remove");
  await remove.nth(0).click();
  await remove.nth(1).click();
  await expect(page.getByTestId("enquiry-piece")).toHaveCount(1, { timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.reload();
  await expect(page.getByTestId("enquiry-piece")).toHaveCount(1);
});

test("Copy message puts the enquiry's WhatsApp text on the clipboard", async ({ page }) => {
  await page.goto("/product/wall-hanging");
  await expect(page.locator('input[name="via"]').first()).toBeAttached();
  await page.getByTestId("product-card").filter({ hasText: "Sun Face Wall Plate" }).getByTestId("enquiry-heart").click();
  await expect(page.getByTestId("enquiry-link")).toHaveAccessibleName("Enquiry (1)");
  await page.getByTestId("enquiry-link").click();
  await page.getByRole("button", { name: "Copy message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  const href = await page.getByTestId("enquiry-whatsapp").getAttribute("href");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(href!).searchParams.get("text"));
  expect(copied).toContain("1. Sun Face Wall Plate - ₹2,150.00");
});

test("Share… opens the share sheet with the product's name and address; Copy link copies it", async ({ page, baseURL }) => {
  // Chromium on Linux has no share sheet: record what the page asks the browser to share.
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void shared.push(data) });
  });
  await page.goto("/product/wall-hanging");
  const href = await page.getByTestId("card-title").filter({ hasText: "Peacock Wall Panel" }).getAttribute("href");
  await page.goto(href!);
  await page.getByTestId("share-sheet").click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title: "Peacock Wall Panel", url: `${baseURL}${href}` }]);
  await page.getByRole("button", { name: "Copy link" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${href}`);
});
