import { expect, test, type Locator } from "./test.ts";

// Home (docs/product-rules.md, Storefront), rendered by the server from the seeded catalogue.

/** The product rules' truncation: the first `max` characters and '...' when longer. */
function expectTruncated(shown: string, full: string, max: number) {
  if (full.length > max) expect(shown).toBe(`${full.slice(0, max)}...`);
  else expect(shown).toBe(full);
}

async function expectPrices(card: Locator) {
  const price = (await card.getByTestId("price").innerText()).trim();
  expect(price).toMatch(/^₹\d{1,3}(,\d{2})*(,\d{3})?\.\d{2}$|^₹\d{1,3}\.\d{2}$/);
  const list = card.getByTestId("list-price");
  if ((await list.count()) > 0) {
    const listText = (await list.innerText()).replace("List price", "").trim();
    expect(listText).not.toBe(price);
    const n = (s: string) => Number(s.replace(/[₹,]/g, ""));
    expect(n(listText)).toBeGreaterThan(n(price));
  }
}

test("the hero shows the current display image, eager and high priority", async ({ page }) => {
  await page.goto("/");
  const hero = page.getByTestId("hero");
  const img = hero.locator("img");
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).toHaveAttribute("width", "1920");
  await expect(img).toHaveAttribute("height", "1080");
  await expect(hero).not.toContainText("No display image selected");
  // A first load fades the banner in after ~100 ms (the ~50 ms re-fade is in admin-display-empty.alone.spec.ts):
  // a cover over the picture fades away.
  expect(await hero.locator("picture").evaluate((el) => getComputedStyle(el, "::after").animationDelay)).toBe("0.1s");
  const src = await img.getAttribute("src");
  expect((await page.request.get(src!)).status()).toBe(200);
});

test("the slider has 3 slides with titles and anchor dots that work as links", async ({ page }) => {
  await page.goto("/");
  const slider = page.getByTestId("slider");
  await expect(slider.getByTestId("slide")).toHaveCount(3);
  for (const slide of await slider.getByTestId("slide").all()) {
    await expect(slide.getByRole("heading")).not.toBeEmpty();
    expect((await slide.locator("p").innerText()).length).toBeGreaterThan(40);
  }
  const dots = slider.getByTestId("slider-dot");
  await expect(dots).toHaveCount(3);
  for (const [i, dot] of (await dots.all()).entries()) {
    const href = await dot.getAttribute("href");
    expect(href).toMatch(/^#slide-\d$/);
    await expect(slider.getByTestId("slide").nth(i)).toHaveAttribute("id", href!.slice(1));
  }
});

test("the category marquee links to every menu category", async ({ page }) => {
  await page.goto("/");
  const marquee = page.getByTestId("marquee");
  const hrefs = await marquee.locator("li:not([aria-hidden]) a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs).toHaveLength(8);
  expect(hrefs).toContain("/product/my-creativity");
  const animation = await marquee.evaluate((el) => getComputedStyle(el).animationDuration + " " + getComputedStyle(el).animationIterationCount);
  expect(animation).toBe("20s infinite");
});

test("under prefers-reduced-motion the marquee, the banner fade and the captions do not animate", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  expect(await page.getByTestId("marquee").evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  expect(await page.locator(".shop-caption-delay").first().evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  expect(await page.locator(".shop-banner-fade").evaluate((el) => getComputedStyle(el, "::after").animationName)).toBe("none");
});

test("six category tiles with Shop now links, in the product rules' order, in a 2-3 column grid", async ({ page }) => {
  await page.goto("/");
  const tiles = page.getByTestId("category-tile");
  await expect(tiles).toHaveCount(6);
  const expected = [
    ["Wall Hanging", "/product/wall-hanging"],
    ["Special Items", "/product/special-items"],
    ["Home Decor & Tabletop", "/product/home-decor-and-tabletop"],
    ["Pen & Napkin Holder", "/product/pen-and-napkin-holder"],
    ["Candle stand & Pooja Related", "/product/candle-stand-and-pooja-related"],
    ["Gift Collection", "/product/trending"],
  ];
  for (const [i, [name, href]] of expected.entries()) {
    await expect(tiles.nth(i).getByRole("heading")).toHaveText(name!);
    await expect(tiles.nth(i).getByRole("link", { name: /Shop now/ })).toHaveAttribute("href", href!);
    await expect(tiles.nth(i).locator("img")).toHaveAttribute("width", /\d+/);
  }
  const caption = tiles.first().locator(".shop-caption-delay");
  expect(await caption.evaluate((el) => getComputedStyle(el).animationDelay)).toBe("0.5s");
  const columns = await page.locator('[data-testid="category-tile"]').first().evaluate((el) => getComputedStyle(el.parentElement!).gridTemplateColumns.split(" ").length);
  expect([2, 3]).toContain(columns);
});

test("'Authentic Dokra Art' has its four feature cards", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Authentic Dokra Art" })).toBeVisible();
  await expect(page.getByTestId("feature-card").getByRole("heading")).toHaveText([
    "Authentic",
    "Premium Quality",
    "Customized Production",
    "Budget Friendly",
  ]);
});

test("'Join the Unique Dokra Community' has four social links opening in a new tab", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Join the Unique Dokra Community" })).toBeVisible();
  const links = page.getByTestId("social-link");
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(link).toHaveAttribute("href", /^https:\/\//);
  }
});

test("Gift Corner: up to 8 gift products with Popular badges, View Details links and truncated names", async ({ page }) => {
  await page.goto("/");
  const section = page.getByTestId("gift-corner");
  await expect(section).toContainText("Handcrafted Collection");
  await expect(section.getByRole("link", { name: "Explore Collection" })).toHaveAttribute("href", "/product/trending");
  const cards = section.getByTestId("gift-card");
  await expect(cards).toHaveCount(8); // 9 seeded gift entries, capped at 8
  let struck = 0;
  for (const card of await cards.all()) {
    await expect(card).toContainText("Popular");
    await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute("href", /^\/product\/[a-z-]+\/\d+$/);
    const title = card.getByTestId("card-title");
    expectTruncated(await title.innerText(), (await title.getAttribute("title"))!, 20);
    await expectPrices(card);
    struck += await card.getByTestId("list-price").count();
  }
  // The seed has discounted and undiscounted gifts: both kinds must show.
  expect(struck).toBeGreaterThan(0);
  expect(struck).toBeLessThan(8);
});

test("Dokra Collection: 5 stock products, the first larger, names at 30 then 18 characters", async ({ page }) => {
  await page.goto("/");
  const section = page.getByTestId("dokra-collection");
  await expect(section).toContainText("Our Available");
  await expect(section.getByRole("link", { name: "View all products" })).toHaveAttribute("href", "/product/available-collection");
  const cards = section.getByTestId("collection-card");
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toHaveAttribute("data-featured", "");
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  expect(first!.width).toBeGreaterThan(second!.width * 1.5);
  for (const [i, card] of (await cards.all()).entries()) {
    const title = card.getByTestId("card-title");
    expectTruncated(await title.innerText(), (await title.getAttribute("title"))!, i === 0 ? 30 : 18);
    await expect(card.getByRole("link")).toHaveAttribute("href", /^\/product\/[a-z-]+\/\d+$/);
    await expectPrices(card);
  }
  // "Tribal Couple on Bullock Cart" (29 characters) is in stock: longer than 18, so cut somewhere.
  await expect(section.getByText(/\.\.\.$/).first()).toBeVisible();
});

test("home has a title, description, canonical and OpenGraph image", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Dokra/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Dokra/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http.*\/media\/.*\.jpg$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a tap on a category tile's picture or name, or a gift card's picture, opens its page, as its button does", async ({ page }) => {
    await page.goto("/");
    const tile = page.getByTestId("category-tile").nth(1);
    // The caption appears after its delay; the tap lands on the picture's upper half, away from the button.
    await expect(tile.locator(".shop-caption-delay")).toHaveCSS("opacity", "1");
    await tile.tap({ position: { x: 40, y: 20 } });
    await expect(page).toHaveURL(/\/product\/special-items$/);

    await page.goto("/");
    // Under the link's cover, so tapped where it is on the screen.
    const name = page.getByTestId("category-tile").first().getByRole("heading");
    await name.scrollIntoViewIfNeeded();
    const heading = (await name.boundingBox())!;
    await page.touchscreen.tap(heading.x + 10, heading.y + heading.height / 2);
    await expect(page).toHaveURL(/\/product\/wall-hanging$/);

    await page.goto("/");
    const gift = page.getByTestId("gift-card").first();
    const href = await gift.getByRole("link", { name: /View Details/ }).getAttribute("href");
    const picture = (await gift.locator("img").boundingBox())!;
    await gift.scrollIntoViewIfNeeded();
    await gift.tap({ position: { x: picture.width / 2, y: 20 + picture.height / 2 } });
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    // Each kind of card's button is thumb-sized in every language (Hindi's "देखें" was 43 px wide).
    await page.goto("/hi");
    for (const link of await page.getByTestId("category-tile").getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
  });
});
