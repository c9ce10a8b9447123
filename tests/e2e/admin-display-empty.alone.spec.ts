import { expect, test, type Browser, type Page } from "./test.ts";
import { API, adminContext, eventually, expectFail, expectOk, file, jpeg } from "./api-support.ts";
import { hydrated } from "./helpers.ts";

// The home hero with no current display image: 'No display image selected' (docs/product-rules.md, Storefront, States),
// with JavaScript on and off; and the banner's second fade (~50 ms) when the current
// image changes under a visitor who is browsing the shop (JS on).
//
// Why this cannot race other specs: "no current display image" is global state that every
// visit to / sees, and two other specs that change data assert on the current display
// image (admin-media's hero test, api-uploads' fiximage test). So this file does not run
// in the writes phase: its '.alone.spec.ts' suffix puts it in the 'alone' project of
// playwright.config.ts, which starts only after js-on-writes and js-off-writes have
// finished and holds this one file, so nothing else runs beside it. It runs in that one
// project only, and covers JS on and JS off itself with two browser contexts, one after
// the other, so its own two variants cannot race each other either.
//
// The state is made and undone only through the admin API with the admin's session (never
// SQL), so every cache that is invalidated on admin writes sees it: upload our own display
// image, make it current, delete it (deleting the current image leaves none current), then
// make the seeded original current again, whatever happens.

interface DisplayImage {
  _id: string;
  isCurrent: boolean;
  image: string;
  status: string;
}

async function openContext(browser: Browser, baseURL: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return context.newPage();
}

async function heroFadeDelay(page: Page): Promise<string> {
  return page.getByTestId("hero").locator("picture").evaluate((el) => getComputedStyle(el, "::after").animationDelay);
}

test("no current display image: the home page says 'No display image selected', JS on and off", async ({ browser, baseURL }) => {
  const admin = await adminContext();
  const { data: original } = await expectOk<DisplayImage>(await admin.get(`${API}/fiximage/getCurrent`));
  const form = new FormData();
  form.append("image", file("empty-hero.jpg", await jpeg(77, 1600, 900)));
  const { data: added } = await expectOk<DisplayImage>(await admin.post(`${API}/fiximage/add`, { multipart: form }), 201);
  const mine = added._id;
  await eventually(async () => {
    const { data: all } = await expectOk<DisplayImage[]>(await admin.get(`${API}/fiximage/getAll`));
    expect(all.find((d) => d._id === mine)?.status).toBe("ready");
  });

  const withJs = await openContext(browser, baseURL!, true);
  const withoutJs = await openContext(browser, baseURL!, false);
  try {
    // A first load fades the banner in after ~100 ms.
    await withJs.goto("/");
    // The page's scripts load after its first screen: the visit below is a client navigation only once they run.
    await hydrated(withJs);
    const hero = withJs.getByTestId("hero");
    await expect(hero.locator("img")).toHaveCount(1);
    const originalSrc = await hero.locator("img").getAttribute("src");
    expect(await heroFadeDelay(withJs)).toBe("0.1s");

    // The current image changes while the visitor browses: back on the home page (a client
    // navigation, no reload) the new banner fades in again after ~50 ms.
    await expectOk(await admin.put(`${API}/fiximage/setDisplay/${mine}`));
    await withJs.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Contact" }).click();
    await expect(withJs).toHaveURL(/\/contact$/);
    await withJs.getByRole("link", { name: /, home$/ }).first().click();
    await expect(withJs).toHaveURL(/\/$/);
    await expect(hero.locator("img")).not.toHaveAttribute("src", originalSrc!);
    expect(await heroFadeDelay(withJs)).toBe("0.05s");

    // Deleting the current image leaves none current.
    await expectOk(await admin.delete(`${API}/fiximage/delete/${mine}`));
    await expectFail(await admin.get(`${API}/fiximage/getCurrent`), 404, "No display image selected");

    for (const page of [withJs, withoutJs]) {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      const empty = page.getByTestId("hero");
      // The hero keeps its introduction (heading, links) below the message.
      await expect(empty.getByText("No display image selected", { exact: true })).toBeVisible();
      await expect(empty.locator("img, picture")).toHaveCount(0);
      // The rest of the home page is still there.
      await expect(page.getByTestId("slider")).toBeVisible();
      await expect(page.getByTestId("gift-corner")).toBeVisible();
    }
  } finally {
    await admin.delete(`${API}/fiximage/delete/${mine}`);
    await expectOk(await admin.put(`${API}/fiximage/setDisplay/${original._id}`));
    await withJs.context().close();
    await withoutJs.context().close();
  }
  expect((await expectOk<DisplayImage>(await admin.get(`${API}/fiximage/getCurrent`))).data._id).toBe(original._id);
  await admin.dispose();
});
