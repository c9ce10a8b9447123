import { expect, test } from "./test.ts";

// The storefront in English, Bengali and Hindi (docs/decisions/114-storefront-languages.md):
// addresses, <html lang>, canonical and reciprocal hreflang links, the switcher, the sitemap's
// alternates, with JavaScript on and off.

const PAGES = ["/", "/about", "/gallery", "/contact", "/product/wall-hanging", "/product/wall-hanging/1", "/privacy-policy", "/enquiry"];
const LANGS = [
  { prefix: "", tag: "en-IN", name: "English" },
  { prefix: "/bn", tag: "bn-IN", name: "বাংলা" },
  { prefix: "/hi", tag: "hi-IN", name: "हिन्दी" },
];
const inLang = (prefix: string, path: string) => (prefix && path === "/" ? prefix : `${prefix}${path}`);

test("every page in every language names its language, its canonical, and the same absolute alternates", async ({ page }) => {
  // 24 page loads, each (JavaScript on) until hydrated: more than a minute on a busy machine.
  test.slow();
  for (const path of PAGES) {
    const sets: string[] = [];
    for (const lang of LANGS) {
      const address = inLang(lang.prefix, path);
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(200);
      await expect(page.locator("html"), address).toHaveAttribute("lang", lang.tag);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical!).pathname, `${address} canonical`).toBe(address);
      const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
        links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`).sort(),
      );
      expect(alternates, address).toHaveLength(4);
      for (const entry of alternates) expect(entry, address).toMatch(/^(en-IN|bn-IN|hi-IN|x-default) https?:\/\//);
      // Itself among them, under its own tag.
      expect(alternates.some((a) => a.startsWith(`${lang.tag} `) && new URL(a.split(" ")[1]!).pathname === address), address).toBe(true);
      sets.push(alternates.join("\n"));
    }
    // Reciprocal: the three pages list the very same set.
    expect(new Set(sets).size, path).toBe(1);
  }
});

test("the switcher keeps the visitor on the same page and query in the other language", async ({ page }) => {
  await page.goto("/product/wall-hanging?sort=price-asc");
  const switcher = page.getByTestId("language-switcher").filter({ visible: true });
  await switcher.getByRole("link", { name: "বাংলা" }).click();
  await expect(page).toHaveURL(/\/bn\/product\/wall-hanging\?sort=price-asc$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn-IN");
  // The header's words and links are Bengali and stay under /bn.
  const site = page.getByRole("banner");
  await expect(site.getByRole("link", { name: "ছবি" }).first()).toHaveAttribute("href", "/bn/gallery");
  // The header's navigations are named in the page's language for a screen reader too.
  await expect(site.getByRole("navigation", { name: "সাইট" })).toBeVisible();
  await expect(site.getByRole("navigation", { name: "বিভাগ" })).toBeVisible();
  await expect(page.getByTestId("site-footer")).toContainText("যোগাযোগ");
  await page.getByTestId("language-switcher").filter({ visible: true }).getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/\/hi\/product\/wall-hanging\?sort=price-asc$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByTestId("site-footer")).toContainText("संपर्क");
  await expect(page.getByRole("banner").getByRole("navigation", { name: "श्रेणियाँ" })).toBeVisible();
  await page.getByTestId("language-switcher").filter({ visible: true }).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/product\/wall-hanging\?sort=price-asc$/);
  expect(new URL(page.url()).pathname).toBe("/product/wall-hanging");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await expect(page.getByTestId("site-footer")).toContainText("Contact");
});

test("on a phone the switcher is at the top of the menu, and works without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/gallery");
  await page.getByTestId("mobile-menu").locator("summary").click();
  const switcher = page.getByTestId("mobile-menu").getByTestId("language-switcher");
  await expect(switcher).toBeVisible();
  const hindi = switcher.getByRole("link", { name: "हिन्दी" });
  const box = (await hindi.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await hindi.click();
  await expect(page).toHaveURL(/\/hi\/gallery$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
});

test("the search box on a Bengali page searches on the Bengali search page", async ({ page }) => {
  await page.goto("/bn/about");
  await page.getByRole("searchbox").first().fill("owl");
  await page.getByRole("searchbox").first().press("Enter");
  await expect(page).toHaveURL(/\/bn\/search\?q=owl$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn-IN");
});

test("no redirect by the browser's language, and a missing page is a 404 in every language", async ({ request }) => {
  const home = await request.get("/", { headers: { "Accept-Language": "bn-IN,bn;q=0.9" }, maxRedirects: 0 });
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('lang="en-IN"');
  for (const prefix of ["", "/bn", "/hi"]) {
    const missing = await request.get(`${prefix}/no-such-page`);
    expect(missing.status(), prefix).toBe(404);
  }
  // A language the shop does not have is not a language prefix.
  expect((await request.get("/fr/about")).status()).toBe(404);
});

test("Bengali and Hindi pages arrive as clean UTF-8: no NUL byte where a letter met the renderer's 2 KB views", async ({ request }) => {
  const listing = await (await request.get("/bn/product/special-items")).text();
  const piece = /href="\/bn(\/product\/special-items\/\d+)"/.exec(listing)![1];
  for (const path of ["/bn", "/hi", "/bn/enquiry", `/bn${piece}`, `/hi${piece}`, "/hi/product/wall-hanging"]) {
    const bytes = await (await request.get(path, { headers: { "Accept-Encoding": "identity" } })).body();
    expect({ path, nul: bytes.indexOf(0) }).toEqual({ path, nul: -1 });
  }
});

test("the sitemap gives each page its three languages and x-default as absolute alternates", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const entry = xml.match(/<url><loc>[^<]*\/product\/wall-hanging\/1<\/loc>.*?<\/url>/)?.[0];
  expect(entry).toBeDefined();
  for (const [tag, path] of [["en-IN", "/product/wall-hanging/1"], ["bn-IN", "/bn/product/wall-hanging/1"], ["hi-IN", "/hi/product/wall-hanging/1"], ["x-default", "/product/wall-hanging/1"]] as const) {
    expect(entry).toMatch(new RegExp(`hreflang="${tag}" href="https?://[^"]+${path.replaceAll("/", "\\/")}"`));
  }
  const about = xml.match(/<url><loc>[^<]*\/about<\/loc>.*?<\/url>/)?.[0];
  expect(about).toMatch(/hreflang="bn-IN" href="https?:\/\/[^"]+\/bn\/about"/);
});
