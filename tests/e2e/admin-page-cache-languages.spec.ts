import { expect, request as playwrightRequest, test, type APIRequestContext } from "./test.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { signIn } from "./helpers.ts";
import { addProduct, waitForProductReady } from "./fixtures/admin.ts";
import { jpeg, uniqueName } from "./fixtures/media.ts";
import { fetchUntilHit } from "./fixtures/page-cache.ts";

// The page cache under the storefront's languages (decision 114: the same pages under /bn and
// /hi), seen from outside: each language's page is an entry of its own, served from the cache
// in its own language; an admin's rename shows at once on the product's page and data in every
// language; and a query parameter makes a page shared, or not, the same way in every language.

const LANGS = [
  { prefix: "", tag: "en-IN" },
  { prefix: "/bn", tag: "bn-IN" },
  { prefix: "/hi", tag: "hi-IN" },
] as const;

/** A storefront URL in a language: "/" is "/bn", any other path goes under the prefix; the query stays. */
function inLang(prefix: string, url: string): string {
  const [path, query] = url.split("?") as [string, string | undefined];
  return `${prefix && path === "/" ? prefix : `${prefix}${path}`}${query === undefined ? "" : `?${query}`}`;
}

let guest: APIRequestContext;

test.beforeAll(async () => {
  guest = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
});

test.afterAll(async () => {
  await guest.dispose();
});

test("each language's page is its own entry, served from the cache in its own language", async () => {
  for (const path of ["/", "/about", "/gallery", "/product/my-creativity"]) {
    const etags = new Set<string>();
    for (const { prefix, tag } of LANGS) {
      const hit = await fetchUntilHit(guest, inLang(prefix, path));
      expect(hit.status()).toBe(200);
      expect(await hit.text()).toContain(`<html lang="${tag}"`);
      etags.add(hit.headers()["etag"]!);
    }
    expect(etags.size, path).toBe(3);
  }
  for (const { prefix } of LANGS.slice(1)) expect((await fetchUntilHit(guest, `${prefix}/about.data`)).status()).toBe(200);
});

test("an admin's rename shows at once on the product's page, its data and its listing, in every language", async ({ page }) => {
  await signIn(page);
  const name = uniqueName("Lingual Owl");
  const id = await addProduct(page, { name, category: "my-creativity", images: [await jpeg("owl.jpg", 7)] });
  await waitForProductReady(page, id);
  const path = `/product/my-creativity/${id}`;
  for (const { prefix } of LANGS) {
    await expect(async () => expect(await (await guest.get(inLang(prefix, path))).text()).toContain(name)).toPass({ timeout: 15_000 });
    await fetchUntilHit(guest, inLang(prefix, path));
    await fetchUntilHit(guest, `${inLang(prefix, path)}.data`);
  }

  const renamed = uniqueName("Lingual Peacock");
  await page.goto(`/dashboard/edit-product/${id}`);
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  for (const { prefix } of LANGS) {
    const after = await guest.get(inLang(prefix, path));
    expect(after.headers()["x-cache"], prefix).not.toBe("HIT");
    const body = await after.text();
    expect(body, prefix).toContain(renamed);
    expect(body, prefix).not.toContain(name);
    expect(await (await guest.get(`${inLang(prefix, path)}.data`)).text(), prefix).toContain(renamed);
    expect(await (await guest.get(inLang(prefix, "/product/my-creativity"))).text(), prefix).toContain(renamed);
  }
});

test("a query parameter makes a page shared, or not, the same way in every language", async () => {
  const shared = ["/search?q=brass", "/search?sort=newest&q=brass", "/product/my-creativity?page=1"];
  const notShared = ["/?fbclid=abc", "/search?q=brass&utm_source=whatsapp", "/about?lang=bn"];
  for (const { prefix } of LANGS) {
    for (const url of shared) expect((await fetchUntilHit(guest, inLang(prefix, url))).status(), `${prefix}${url}`).toBe(200);
    for (const url of notShared) {
      const answers = [await guest.get(inLang(prefix, url)), await guest.get(inLang(prefix, url))];
      expect(answers.map((a) => a.headers()["x-cache"]), `${prefix}${url}`).toEqual(["BYPASS", "BYPASS"]);
    }
  }
});
