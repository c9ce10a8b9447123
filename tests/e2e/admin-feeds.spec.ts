import { expect, test, type APIRequestContext } from "./test.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { API, adminContext, expectOk } from "./api-support.ts";
import { addProduct, waitForProductReady } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";
import { signIn } from "./helpers.ts";

// The admin's "Catalogue feeds" screen, and both feeds following the catalogue: a product the
// services would refuse is listed with its reasons; one made unavailable or deleted leaves
// both feeds on the next fetch.

const FEEDS = ["/feeds/meta.xml", "/feeds/google.xml"] as const;

async function feedIds(request: APIRequestContext, path: string): Promise<number[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<g:id>(\d+)<\/g:id>/g)].map((m) => Number(m[1]));
}

test("Catalogue feeds: both addresses with counts, refusals with an edit link; unavailable or deleted products leave both feeds", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000);
  const guest = await request.get("/dashboard/catalogue-feeds", { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers()["location"]).toMatch(/^\/admin\?redirectTo=/);
  await signIn(page);
  const carriedName = uniqueName("Feed lamp");
  const refusedName = uniqueName("Feed small photo");
  // My Creativity: no other spec counts that category's products (the dashboard spec counts wall hangings).
  const carried = await addProduct(page, { name: carriedName, category: "my-creativity", price: "2200", fixedPrice: "2500", images: [await jpeg("lamp.jpg", 3, 1400, 1000)] });
  const refused = await addProduct(page, { name: refusedName, category: "my-creativity", description: "", images: [await jpeg("small.jpg", 4, 640, 480)] });
  await waitForProductReady(page, carried);
  await waitForProductReady(page, refused);

  for (const path of FEEDS) {
    const ids = await feedIds(request, path);
    expect(ids).toContain(carried);
    expect(ids).not.toContain(refused);
  }

  await page.goto("/dashboard");
  await page.getByRole("main").getByRole("link", { name: "Catalogue Feeds" }).click();
  await expect(page.getByRole("heading", { name: "Catalogue feeds", level: 1 })).toBeVisible();
  await expect(page.getByTestId("feed-url-meta")).toHaveValue(`${E2E_BASE_URL}/feeds/meta.xml`);
  await expect(page.getByTestId("feed-url-google")).toHaveValue(`${E2E_BASE_URL}/feeds/google.xml`);
  // Media jobs of earlier specs may still finish meanwhile: the screen and the feed agree when read together.
  await expect(async () => {
    await page.reload();
    const count = (await feedIds(request, "/feeds/meta.xml")).length;
    await expect(page.getByTestId("feed-count-meta")).toHaveText(`Carries ${count} products.`);
    await expect(page.getByTestId("feed-count-google")).toHaveText(`Carries ${count} products.`);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("feed-meta").getByRole("listitem").first()).toContainText("Commerce Manager");
  await expect(page.getByTestId("feed-google").getByRole("listitem").first()).toContainText("Merchant Center");

  const row = page.getByTestId("feed-refusal").filter({ hasText: refusedName });
  await expect(row).toContainText("No description");
  await expect(row).toContainText("Main picture under 500 px");
  await expect(row.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/dashboard/edit-product/${refused}`);
  await expect(page.getByTestId("feed-refusal").filter({ hasText: carriedName })).toHaveCount(0);

  const copy = page.getByTestId("feed-url-meta-copy");
  if (javaScriptEnabled) {
    await copy.click();
    await expect(page.getByTestId("feed-meta").getByText(/^(Copied|Selected: press Ctrl\+C)/)).toBeVisible();
  } else {
    await expect(copy).toHaveCount(0);
  }

  const admin = await adminContext();
  try {
    const before = await request.get(FEEDS[0]);
    const etag = before.headers()["etag"]!;
    await expectOk(await admin.put(`${API}/products/toggleAvailability/${carried}`));
    for (const path of FEEDS) expect(await feedIds(request, path)).not.toContain(carried);
    // The old validators no longer match: a fetcher gets the new document, not a 304.
    expect((await request.get(FEEDS[0], { headers: { "If-None-Match": etag } })).status()).toBe(200);
    await expectOk(await admin.put(`${API}/products/toggleAvailability/${carried}`));
    for (const path of FEEDS) expect(await feedIds(request, path)).toContain(carried);
    await expectOk(await admin.delete(`${API}/products/delete/${carried}`));
    for (const path of FEEDS) expect(await feedIds(request, path)).not.toContain(carried);
    await expectOk(await admin.delete(`${API}/products/delete/${refused}`));
  } finally {
    await admin.dispose();
  }
});
