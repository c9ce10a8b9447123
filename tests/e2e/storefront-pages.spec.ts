import { expect, test } from "./test.ts";

// About, gallery, contact, sitemap and robots (docs/product-rules.md, Pages), with JavaScript on and off.

test("about tells the story, the craft, the products, why to buy, and has Shop Now", async ({ page }) => {
  await page.goto("/about");
  const story = page.getByTestId("about-story");
  await expect(story.getByRole("heading", { name: "Our story" })).toBeVisible();
  await expect(story.getByRole("heading", { name: "How Dokra is made" })).toBeVisible();
  await expect(story.getByRole("heading", { name: "What we make" })).toBeVisible();
  await expect(story.getByRole("heading", { name: "Why buy from us" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/product/trending");
  await expect(page.getByTestId("videos")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
});

test("the menu's Videos link shows the video view, kept in the URL", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Videos" }).click();
  await expect(page).toHaveURL(/\/about\?view=videos#videos$/);
  const videos = page.getByTestId("videos");
  await expect(videos.getByRole("heading", { name: "Videos from the workshop" })).toBeVisible();
  await expect(page.getByTestId("about-story")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Videos" })).toHaveAttribute("aria-current", "page");
  // Only ready videos show, each as <video> with its web copy and a poster.
  for (const video of await videos.getByTestId("video").all()) {
    await expect(video.locator("source")).toHaveAttribute("src", /^\/media\/.+\.mp4$/);
    await expect(video).toHaveAttribute("poster", /^\/media\/.+\.jpg$/);
  }
  await page.reload();
  await expect(page.getByTestId("videos")).toBeVisible();
  await page.getByRole("link", { name: "Our Story" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId("about-story")).toBeVisible();
});

test("the gallery is a 2-3 column masonry of every gallery image", async ({ page }) => {
  await page.goto("/gallery");
  const items = page.getByTestId("gallery-item");
  await expect(items).toHaveCount(12);
  const columns = await page.getByTestId("gallery").evaluate((el) => getComputedStyle(el).columnCount);
  expect(["2", "3"]).toContain(columns);
  const heights = new Set<string>();
  for (const img of await page.getByTestId("gallery").locator("img").all()) heights.add((await img.getAttribute("height"))!);
  expect(heights.size).toBeGreaterThan(1); // portrait, landscape and square pictures keep their shape
});

test("each gallery image opens a lightbox by URL with previous, next, close and 'n / total'", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByTestId("gallery-item").nth(2).click();
  await expect(page).toHaveURL(/\/gallery\?image=3$/);
  const box = page.getByTestId("lightbox");
  await expect(box).toBeVisible();
  await expect(box.getByTestId("lightbox-counter")).toHaveText("3 / 12");
  await box.getByRole("link", { name: "Next picture" }).click();
  await expect(page.getByTestId("lightbox-counter")).toHaveText("4 / 12");
  await page.goto("/gallery?image=1");
  await page.getByRole("link", { name: "Previous picture" }).click();
  await expect(page.getByTestId("lightbox-counter")).toHaveText("12 / 12"); // wraps
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/gallery(#picture-12)?$/); // without JS Close lands on the thumbnail
  await expect(page.getByTestId("lightbox")).toHaveCount(0);
  expect((await page.goto("/gallery?image=99"))?.status()).toBe(404);
});

test("contact shows the phone, e-mail, both addresses, social links and a map with a plain link", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(main.locator("address")).toHaveCount(2);
  await expect(main.getByTestId("social-link")).toHaveCount(4);
  for (const link of await main.getByTestId("social-link").all()) await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(main.locator("iframe")).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/);
  await expect(main.locator("iframe")).toHaveAttribute("loading", "lazy");
  await expect(main.getByTestId("map-link")).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\//);
});

test("contact: every field is required and each error names its field", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  const errors = page.getByTestId("field-error");
  await expect(errors).toHaveText([
    "Name: This field is required",
    "Email: This field is required",
    "Subject: This field is required",
    "Message: This field is required",
  ]);
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Name", { exact: true }).fill("Asha");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Subject", { exact: true }).fill("Bulk order");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(errors).toHaveText(["Email: Please enter a valid email address", "Message: This field is required"]);
  await expect(page.getByTestId("error-summary")).toContainText("Please correct the fields marked in red:");
  await expect(page.getByTestId("error-summary").getByRole("link")).toHaveText(["Email", "Message"]);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Asha"); // kept
});

test("contact: a valid message is stored and thanked", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Ritu Sen");
  await page.getByLabel("Email", { exact: true }).fill("ritu@example.com");
  await page.getByLabel("Subject", { exact: true }).fill("Horse with Rider");
  await page.getByLabel("Message", { exact: true }).fill("Is the large horse available in a pair? We would like two for a wedding.");
  await page.getByRole("button", { name: "Send Message" }).click();
  const success = page.getByTestId("contact-success");
  await expect(success).toContainText("Thank You!");
  await expect(success).toContainText("Your message has been sent successfully. We'll get back to you soon!");
  await expect(page).toHaveURL(/\/contact\?sent=1/);
});

// A refusal of the whole form (the hourly limit, a bot's) is said at the form's top; on a phone the
// buyer is at the Send button, a screen below: the message is brought into view.
test("contact and commission on a phone: a refusal of the whole form is in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/contact", "/bn/commission"]) {
    await page.goto(path);
    const form = page.locator("form").filter({ has: page.locator('input[name="website"]') });
    for (const box of await form.locator("input[required]:not([type=file]):not([type=date]), textarea[required]").all()) {
      const type = await box.getAttribute("type");
      await box.fill(type === "email" ? "bot@example.com" : type === "tel" ? "9830012345" : "Buy now");
    }
    await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
    await form.locator("button[type=submit]").click();
    await expect(page.getByTestId("form-error"), path).toBeInViewport();
  }
});

test("contact: the honeypot stops a bot with a clear message", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Bot");
  await page.getByLabel("Email", { exact: true }).fill("bot@example.com");
  await page.getByLabel("Subject", { exact: true }).fill("Cheap pills");
  await page.getByLabel("Message", { exact: true }).fill("Buy now");
  await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("form-error")).toContainText("looks automated");
  await expect(page.getByTestId("contact-success")).toHaveCount(0);
});

test("robots.txt keeps crawlers out of the admin and the API and points at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  for (const path of ["/admin", "/dashboard", "/api"]) expect(text).toContain(`Disallow: ${path}`);
  expect(text).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test("the shop's icon: named by every page, a home-screen PNG for phones, and /favicon.ico leads to it", async ({ request, page }) => {
  await page.goto("/bn/contact");
  await expect(page.locator('head link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  const touch = await page.locator('head link[rel="apple-touch-icon"]').getAttribute("href");
  const png = await request.get(touch!);
  expect([png.status(), png.headers()["content-type"]]).toEqual([200, "image/png"]);
  const body = await png.body();
  // PNG header: the width and height of the first chunk (IHDR).
  expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([180, 180]);
  const ico = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect([ico.status(), ico.headers()["location"]]).toEqual([301, "/favicon.svg"]);
  expect((await request.get("/favicon.svg")).headers()["content-type"]).toContain("image/svg+xml");
});

test("sitemap.xml lists the public pages, the listings and every product the listings show", async ({ request, page }) => {
  const listed = new Set<string>();
  for (const category of ["wall-hanging", "special-items", "home-decor-and-tabletop", "pen-and-napkin-holder", "candle-stand-and-pooja-related", "my-creativity"]) {
    // Every page of the listing (one category has more than 12 products).
    let next: string | null = `/product/${category}`;
    while (next) {
      await page.goto(next);
      for (const href of await page.getByTestId("card-title").evaluateAll((as) => as.map((a) => a.getAttribute("href")))) listed.add(href!);
      const nextLink = page.getByTestId("pagination").getByRole("link", { name: "Next" });
      next = (await nextLink.count()) > 0 ? await nextLink.getAttribute("href") : null;
    }
  }
  expect(listed.size).toBeGreaterThan(30);
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  for (const path of ["/about", "/gallery", "/contact", "/privacy-policy", "/product/trending", "/product/available-collection"]) {
    expect(xml).toContain(`${path}</loc>`);
  }
  const inSitemap = (xml.match(/\/product\/[a-z-]+\/\d+(?=<\/loc>)/g) ?? []).sort();
  expect(inSitemap).toEqual([...listed].sort());
});

test("every public page has a title, description, canonical URL and OpenGraph tags", async ({ page }) => {
  for (const path of ["/", "/about", "/gallery", "/contact", "/privacy-policy", "/terms-and-conditions", "/refund-and-returns-policy", "/product/wall-hanging"]) {
    await page.goto(path);
    expect(await page.title(), path).not.toBe("");
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{30,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", new RegExp(`^http[^ ]+${path === "/" ? "/$" : path}`));
    for (const property of ["og:title", "og:description", "og:url", "og:type", "og:site_name"]) {
      await expect(page.locator(`meta[property="${property}"]`), `${path} ${property}`).toHaveCount(1);
    }
  }
});
