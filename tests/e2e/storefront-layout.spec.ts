import { expect, test } from "./test.ts";
import { hydrated } from "./helpers.ts";

// Layout of every public screen (docs/product-rules.md, Storefront, Pages Public layout), with JavaScript on and off.

const MENU = [
  ["Wall Hanging", "/product/wall-hanging"],
  ["Special Items", "/product/special-items"],
  ["Home Decor & Tabletop", "/product/home-decor-and-tabletop"],
  ["Pen & Napkin Holder", "/product/pen-and-napkin-holder"],
  ["Candle stand & Pooja Related", "/product/candle-stand-and-pooja-related"],
  ["My Creativity", "/product/my-creativity"],
  ["Gift Collection", "/product/trending"],
  ["Available Collection", "/product/available-collection"],
];

test("the header shows the logo, the address line and a tel: phone link", async ({ page }) => {
  await page.goto("/gallery");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
  await expect(header.getByTestId("address-line")).toContainText("West Bengal");
  const phone = header.locator('a[href^="tel:"]');
  await expect(phone).toHaveAttribute("href", /^tel:\+?\d{8,15}$/);
  const digits = (await phone.getAttribute("href"))!.replace(/\D/g, "");
  expect((await phone.innerText()).replace(/\D/g, "")).toBe(digits);
});

test("the category menu has the 8 entries in order and highlights the active one", async ({ page }) => {
  await page.goto("/product/special-items");
  const menu = page.getByRole("navigation", { name: "Categories" });
  const links = menu.getByRole("link");
  await expect(links).toHaveCount(8);
  for (const [i, [name, href]] of MENU.entries()) {
    await expect(links.nth(i)).toHaveText(name!);
    await expect(links.nth(i)).toHaveAttribute("href", href!);
  }
  await expect(menu.getByRole("link", { name: "Special Items" })).toHaveAttribute("aria-current", "page");
  await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(menu.getByRole("link", { name: "Special Items" })).toHaveClass(/bg-brass-700/);
});

test("on a small screen the menu is a toggle beside the logo, and it opens without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Categories" })).toBeHidden();
  const toggle = page.getByTestId("mobile-menu");
  await expect(toggle.locator("summary")).toContainText("Menu");
  // One header line: the logo link and the toggle side by side.
  const logo = (await page.getByRole("banner").getByRole("link", { name: /home$/ }).boundingBox())!;
  const summary = (await toggle.locator("summary").boundingBox())!;
  expect(Math.abs(logo.y + logo.height / 2 - (summary.y + summary.height / 2))).toBeLessThan(8);
  const mobileNav = page.getByRole("navigation", { name: "Menu" });
  await expect(mobileNav).toBeHidden();
  await toggle.locator("summary").click();
  await expect(mobileNav).toBeVisible();
  await expect(mobileNav.getByRole("link", { name: "Available Collection" })).toBeVisible();
  await mobileNav.getByRole("link", { name: "Pen & Napkin Holder" }).click();
  await expect(page).toHaveURL(/\/product\/pen-and-napkin-holder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pen & Napkin Holder" })).toBeVisible();
});

test("the footer has both addresses, the e-mail, a tel: link, © this year and an Admin link", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const works = footer.getByTestId("works-address");
  const showroom = footer.getByTestId("showroom-address");
  for (const address of [works, showroom]) {
    await expect(address).toContainText(/P\.O\./);
    await expect(address).toContainText(/P\.S\./);
    await expect(address).toContainText(/PIN \d{6}/);
    await expect(address).toContainText("West Bengal");
  }
  expect(await works.innerText()).not.toBe(await showroom.innerText());
  await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute("href", /^mailto:[^@]+@[^@]+\.[a-z]+$/);
  await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute("href", /^tel:\+?\d{8,15}$/);
  await expect(footer.getByTestId("copyright")).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  await expect(footer.getByRole("link", { name: "Back to top" })).toHaveAttribute("href", "#top");
});

test.describe("in-page links on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("'Back to top' and 'Skip to content' go there every time, and Back returns to where the visitor was", async ({ page }, testInfo) => {
    await page.goto("/product/wall-hanging");
    if (testInfo.project.name.startsWith("js-on")) await hydrated(page);
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    // Scrolled again on each try: the router's restoration after a tap can come after the first scroll (CI saw it stay at 0).
    const toBottom = async () => {
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return scrollY();
        })
        .toBeGreaterThan(800);
      return scrollY();
    };
    const backToTop = page.getByRole("contentinfo").getByRole("link", { name: "Back to top" });

    // The second tap finds the address already ending in #top: with JavaScript the router put
    // the page back where it had been, as it did for every fragment entry after the first.
    for (let round = 1; round <= 3; round++) {
      await toBottom();
      await backToTop.tap();
      await expect(page).toHaveURL(/#top$/);
      await expect.poll(scrollY, `tap ${round}`).toBe(0);
    }
    const bottom = await toBottom();
    const skip = page.getByRole("link", { name: "Skip to content" });
    await skip.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect.poll(() => page.getByRole("main").evaluate((main) => Math.round(main.getBoundingClientRect().top))).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/#top$/);
    // Chromium alone goes back to the fragment; the router restores where the visitor left the entry.
    if (testInfo.project.name.startsWith("js-on")) await expect.poll(scrollY, "Back: where the visitor left the #top entry").toBe(bottom);
    await page.goForward();
    await expect(page).toHaveURL(/#main$/);
    await expect.poll(() => page.getByRole("main").evaluate((main) => Math.round(main.getBoundingClientRect().top))).toBe(0);
  });
});

test("the landmarks are there: banner, navigation, main, contentinfo", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Site" })).toBeVisible();
});

test("any other path is 'Page Not Found' with status 404 and the two links", async ({ page }) => {
  for (const path of ["/no-such-page", "/deep/unknown/path", "/product/not-a-category"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found");
  }
});

test("a form post to a page that takes none is 'Not Allowed' (405); to a path that does not exist, 'Page Not Found'", async ({ request }) => {
  for (const path of ["/", "/gallery", "/product/wall-hanging"]) {
    const answer = await request.post(path, { form: { a: "1" } });
    expect(answer.status(), path).toBe(405);
    const html = await answer.text();
    expect(html, path).toContain("<title>Not Allowed</title>");
    expect(html, path).toContain("This page does not take that kind of request, so nothing was sent or changed.");
  }
  for (const path of ["/no-such-page", "/deep/unknown/path"]) {
    const answer = await request.post(path, { form: { a: "1" } });
    expect(answer.status(), path).toBe(404);
    expect(await answer.text(), path).toContain("<title>Page Not Found</title>");
  }
});

test("the three policy pages have real text and are linked from the footer", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  for (const name of ["Privacy Policy", "Terms and Conditions", "Refund and Returns Policy"]) {
    // A click while the page hydrates may be lost (app/root.tsx): as the other specs, wait for it.
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("contentinfo").getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const text = await page.getByRole("main").innerText();
    expect(text.length, name).toBeGreaterThan(600);
    expect(text).toMatch(/WhatsApp/);
  }
});
