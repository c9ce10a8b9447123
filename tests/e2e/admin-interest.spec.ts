import { expect, test, type APIRequestContext, type Browser } from "./test.ts";
import { hydrated, signIn } from "./helpers.ts";

// Interest figures end to end: taps on a piece's WhatsApp button (the link's ping without
// JavaScript, a beacon with it), views by people and by link previews, concurrent taps, and the
// figures on the owner's screen and in the CSV; no cookie is set on the visitor.

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};

/** The sum over the CSV's days of one column for one piece (or the whole shop, id 0). */
async function csvFigure(request: APIRequestContext, productId: number, column: string): Promise<number> {
  const response = await request.get("/dashboard/interest.csv?days=7");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  const [header, ...rows] = (await response.text()).trim().split("\r\n");
  const columns = header!.split(",");
  const at = columns.indexOf(column);
  expect(at).toBeGreaterThan(2);
  return rows
    .map((row) => row.split(","))
    .filter((cells) => cells[1] === String(productId))
    .reduce((sum, cells) => sum + Number(cells.at(at - columns.length)), 0);
}

async function visitorContext(browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled, baseURL });
  // The chat app itself is not part of the test: its tab gets an empty page.
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>wa</title>" }));
  return context;
}

test("N taps on a piece's WhatsApp button count N; people's views count, link previews apart; figures on the screen and in the CSV; no cookie", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const admin = page.context().request;

  const visitor = await visitorContext(browser, javaScriptEnabled, baseURL!);
  const shopper = await visitor.newPage();
  await shopper.goto("/product/available-collection");
  const card = shopper.getByTestId("product-card").first();
  const href = await card.getByTestId("card-title").getAttribute("href");
  const productId = Number(/\/product\/[a-z0-9-]+\/(\d+)$/.exec(href!)![1]);
  const name = (await card.locator("h2").getAttribute("title"))!;

  const before = {
    taps: await csvFigure(admin, productId, "whatsapp_taps_buy"),
    views: await csvFigure(admin, productId, "views"),
    previews: await csvFigure(admin, productId, "link_previews"),
  };

  await shopper.goto(href!);
  if (javaScriptEnabled) await hydrated(shopper);
  // On a phone the one chat button is the bar at the foot of the screen.
  const button = shopper.getByTestId("whatsapp-bar").getByRole("link");
  const waHref = await button.getAttribute("href");
  expect(waHref).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  // One way per tap, never both: the ping only without JavaScript, the beacon only with it.
  if (javaScriptEnabled) await expect(button).not.toHaveAttribute("ping");
  else await expect(button).toHaveAttribute("ping", `/interest/tap?k=buy&p=${productId}`);

  const N = 3;
  for (let i = 0; i < N; i++) {
    const [chat] = await Promise.all([shopper.waitForEvent("popup"), button.click()]);
    expect(chat.url()).toBe(waHref);
    await chat.close();
  }
  await expect.poll(() => csvFigure(admin, productId, "whatsapp_taps_buy"), { timeout: 20_000 }).toBe(before.taps + N);
  expect(await button.getAttribute("href")).toBe(waHref);

  // The visit above was one view; a link preview's fetch is not a view.
  await expect.poll(() => csvFigure(admin, productId, "views"), { timeout: 20_000 }).toBe(before.views + 1);
  const preview = await visitor.request.get(href!, { headers: { "User-Agent": "WhatsApp/2.23.20.0 A" } });
  expect(preview.status()).toBe(200);
  const facebook = await visitor.request.get(href!, { headers: { "User-Agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" } });
  expect(facebook.status()).toBe(200);
  await expect.poll(() => csvFigure(admin, productId, "link_previews"), { timeout: 20_000 }).toBe(before.previews + 2);
  expect(await csvFigure(admin, productId, "views")).toBe(before.views + 1);
  expect(await csvFigure(admin, productId, "whatsapp_taps_buy")).toBe(before.taps + N);

  // A search that finds nothing is listed for the owner.
  const word = `zzq${Date.now().toString(36)}`;
  const search = await shopper.goto(`/search?q=${word}`);
  expect(search?.status()).toBe(200);
  // So is a search shown only with a word left out that no piece has.
  const leftOut = `qzz${Date.now().toString(36)}`;
  await shopper.goto(`/search?q=${encodeURIComponent(`elephant ${leftOut}`)}`);
  await expect(shopper.getByTestId("product-card").first()).toBeVisible();

  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  await page.goto("/dashboard/interest?days=7");
  const topTaps = page.getByTestId("top-taps");
  await expect(topTaps.getByTestId("interest-piece-name").filter({ hasText: name })).toHaveCount(1);
  const row = topTaps.getByTestId("interest-piece").filter({ hasText: name });
  await expect(row.getByTestId("interest-piece-total")).toHaveText(String(before.taps + N));
  await expect(row.getByTestId("sparkline")).toHaveCount(1);
  await expect(page.getByTestId("chart-taps")).toBeVisible();
  await expect(page.getByTestId("missed-search").filter({ hasText: word })).toHaveCount(1);
  await expect(page.getByTestId("missed-search").filter({ hasText: `elephant ${leftOut}` })).toHaveCount(1);
  // Readable on a phone: nothing wider than the screen.
  await page.setViewportSize(PHONE.viewport);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("concurrent taps over HTTP lose no count, and a stranger's tap is refused", async ({ page, request }) => {
  await signIn(page);
  const admin = page.context().request;
  const productId = 1;
  const before = await csvFigure(admin, productId, "whatsapp_taps_similar");
  const taps = await Promise.all(
    Array.from({ length: 40 }, () =>
      request.post(`/interest/tap?k=similar&p=${productId}`, { headers: { "Content-Type": "text/ping", "User-Agent": PHONE.userAgent }, data: "PING" }),
    ),
  );
  expect(taps.map((tap) => tap.status())).toEqual(Array(40).fill(204));
  expect(taps.some((tap) => "set-cookie" in tap.headers())).toBe(false);
  const bad = await request.post("/interest/tap?k=nonsense&p=1", { headers: { "User-Agent": PHONE.userAgent } });
  expect(bad.status()).toBe(400);
  const crossSite = await request.post(`/interest/tap?k=similar&p=${productId}`, {
    headers: { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site", "User-Agent": PHONE.userAgent },
  });
  expect(crossSite.status()).toBe(403);
  await expect.poll(() => csvFigure(admin, productId, "whatsapp_taps_similar"), { timeout: 20_000 }).toBe(before + 40);
});
