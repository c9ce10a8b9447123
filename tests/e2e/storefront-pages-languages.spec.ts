import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./test.ts";

// Home, About (story and videos), the gallery and its lightbox, the policies and the 404 in
// Bengali and Hindi, with JavaScript on and off: the words are the language's, <html lang>
// follows the path, and every link inside the page stays in the language.

type Texts = Record<string, string>;
const texts = (lang: string, part: string): Texts => JSON.parse(readFileSync(`app/locales/${lang}/${part}.json`, "utf8")) as Texts;

/** Every internal link in the page's main content stays under the language's prefix. */
async function expectLinksIn(page: Page, lang: string) {
  const hrefs = await page.locator("main a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(0);
  const strays = hrefs.filter((href) => !href.startsWith("/media/") && href !== `/${lang}` && !href.startsWith(`/${lang}/`) && !href.startsWith(`/${lang}?`));
  expect(strays, "links that leave the language").toEqual([]);
}

for (const lang of ["bn", "hi"] as const) {
  const home = texts(lang, "home");
  const about = texts(lang, "about");
  const gallery = texts(lang, "gallery");
  const common = texts(lang, "common");
  const policy = texts(lang, "policy");
  const errors = texts(lang, "errors");

  test(`${lang}: the home page speaks the language and its links stay in it`, async ({ page }) => {
    await page.goto(`/${lang}`);
    await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-IN`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.introTitle!);
    await expect(page).toHaveTitle(new RegExp(`: ${home.metaTitle!.split(": ")[1]}$`));
    for (const key of ["shopByCategory", "featuresTitle", "giftTitle", "stockTitle", "communityTitle"]) {
      await expect(page.getByRole("heading", { level: 2, name: home[key] })).toBeVisible();
    }
    await expect(page.getByTestId("category-tile").first().getByRole("heading")).toHaveText(common["category.wall-hanging"]!);
    await expect(page.getByTestId("slide").first().getByRole("heading")).toHaveText(home["slide.1.title"]!);
    await expect(page.getByTestId("home-intro").getByRole("link", { name: home.browseCollection })).toHaveAttribute("href", `/${lang}/product/available-collection`);
    await expect(page.getByRole("link", { name: home.giftAction })).toHaveAttribute("href", `/${lang}/product/trending`);
    await expect(page.getByTestId("social-link").first()).toContainText(home["social.instagram"]!);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/${lang}$`));
    await expectLinksIn(page, lang);
    // The shop's name and addresses are as the owner typed them, in English: marked so.
    // The logo: the link home holding the name (the menu's Home link is text only).
    await expect(page.locator(`header a[href="/${lang}"] > span`)).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("works-address")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("showroom-address")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("mobile-menu").locator("nav > p")).toHaveAttribute("lang", "en");
    // The networks' own names, beside what each is for in the language.
    await expect(page.getByTestId("social-link").first().locator("span[lang=en]")).toHaveText("Instagram");
    await page.goto(`/${lang}/contact`);
    await expect(page.getByTestId("map-address").locator("span[lang=en]")).toHaveText(/\p{Script=Latin}/u);
    await page.goto("/");
    await expect(page.getByTestId("works-address")).not.toHaveAttribute("lang", /./);
    await expect(page.locator('header a[href="/"] > span')).not.toHaveAttribute("lang", /./);
  });

  test(`${lang}: About tells the story in the language, and its Videos tab stays in it`, async ({ page }) => {
    await page.goto(`/${lang}/about`);
    await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-IN`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(about.title!);
    const story = page.getByTestId("about-story");
    for (const key of ["storyTitle", "craftTitle", "makeTitle", "whyTitle"]) {
      await expect(story.getByRole("heading", { name: about[key] })).toBeVisible();
    }
    await expect(story.getByText(about["process.core.text"]!)).toBeVisible();
    await expect(page.getByRole("link", { name: about.shopNow, exact: true })).toHaveAttribute("href", `/${lang}/product/trending`);
    await expectLinksIn(page, lang);
    await page.getByRole("link", { name: about.tabVideos, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/about\\?view=videos#videos$`));
    await expect(page.getByTestId("videos").getByRole("heading", { name: about.videosTitle })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${about.videosTitle}`));
    // By key, not by a tap at the link's place: the page scrolls to the videos 150 ms after
    // they show, and a tap in that moment lands where the link was.
    await page.getByRole("link", { name: about.tabStory }).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/${lang}/about$`));
    await expect(page.getByTestId("about-story")).toBeVisible();
  });

  test(`${lang}: the gallery and its lightbox speak the language and move within it`, async ({ page }) => {
    await page.goto(`/${lang}/gallery`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(gallery.title!);
    await expect(page.getByText(gallery.intro!)).toBeVisible();
    const first = page.getByTestId("gallery-item").first();
    await expect(first).toHaveAttribute("href", `/${lang}/gallery?image=1`);
    await expect(first).toHaveAttribute("aria-label", gallery.open!.replace("{{n}}", "1").replace("{{total}}", "12"));
    await first.click();
    const box = page.getByTestId("lightbox");
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute("aria-label", common["lightbox.picture"]!.replace("{{n}}", "1").replace("{{total}}", "12"));
    await box.getByRole("link", { name: common["lightbox.nextLabel"] }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/gallery\\?image=2$`));
    await expect(box.getByTestId("lightbox-counter")).toHaveText("2 / 12");
    await box.getByRole("link", { name: common["lightbox.closeLabel"] }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/gallery(#picture-2)?$`));
    await expect(page.getByTestId("lightbox")).toHaveCount(0);
  });

  test(`${lang}: a policy has its title and a note in the language, its English text marked English`, async ({ page }) => {
    await page.goto(`/${lang}/refund-and-returns-policy`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(policy["refund-and-returns-policy.title"]!);
    await expect(page.getByTestId("policy-english-only")).toHaveText(policy.englishOnly!);
    const sections = page.locator("article section");
    expect(await sections.count()).toBeGreaterThan(0);
    for (const section of await sections.all()) await expect(section).toHaveAttribute("lang", "en-IN");
    await expect(page).toHaveTitle(new RegExp(`^${policy["refund-and-returns-policy.title"]}`));
  });

  test(`${lang}: a missing page answers 404 in the language, with links home and to contact in it`, async ({ page }) => {
    const response = await page.goto(`/${lang}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", `${lang}-IN`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(errors.notFoundTitle!);
    await expect(page.getByText(errors.notFoundText!)).toBeVisible();
    await expect(page).toHaveTitle(errors.notFoundTitle!);
    await expect(page.getByRole("link", { name: errors.home })).toHaveAttribute("href", `/${lang}`);
    await expect(page.getByRole("link", { name: errors.contact })).toHaveAttribute("href", `/${lang}/contact`);
    await page.getByRole("link", { name: errors.home }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.introTitle!);
  });
}

test("the notify page without a piece says so and leads back to the shop, in each language", async ({ page }) => {
  for (const [prefix, lang] of [["", "en"], ["/bn", "bn"], ["/hi", "hi"]] as const) {
    await page.goto(`${prefix}/notify?piece=999999`);
    const main = page.getByRole("main");
    await expect(main).toContainText(texts(lang, "notify").notOpen!);
    await expect(main.getByRole("link", { name: texts(lang, "errors").home! })).toHaveAttribute("href", prefix || "/");
  }
});

test("addresses visitors guess lead to the page, in each language", async ({ page }) => {
  for (const prefix of ["", "/bn", "/hi"]) {
    for (const [guess, target] of [
      ["/videos", "/about?view=videos#videos"],
      ["/product", "/product/available-collection"],
    ]) {
      const answer = await page.request.get(`${prefix}${guess}`, { maxRedirects: 0 });
      expect(answer.status(), `${prefix}${guess}`).toBe(301);
      expect(answer.headers().location).toBe(`${prefix}${target}`);
    }
  }
  await page.goto("/bn/videos");
  await expect(page.locator("#videos")).toBeInViewport();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn-IN");
});

