import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "./test.ts";

// A phone on a slow line gets a page in pieces, and the browser paints what it has between
// them. A row whose size depends on what has arrived then jumps as the rest comes. Here a
// small server in front of the shop sends a page in two pieces, cut inside such a row, with a
// pause between them:
// - the header's buttons sit right-aligned in one row: the page asks the browser to wait for
//   the whole header before its first paint (app/routes/_shop.tsx, decision 120);
// - the home page's two buttons and a listing's sort links each take a line of their own on a
//   phone, so the half that came first already stands where it stays;
// - a page without the shop's header (the dashboard's sign-in) is not held back at all.
// On a real slow line a page comes in many small pieces, and the browser may paint between any
// two: the last tests send pages in pieces of a few hundred bytes. Each part's place must depend
// only on what came before it (no words set from the foot or the right edge of a box they share
// with what comes later).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

// Long enough for a busy machine to paint the first piece before the second comes.
const PAUSE_MS = 2000;

/** The pause between two small pieces: a few frames, so the browser paints in between. */
const DRIP_MS = 15;

/** Where each page is cut: just before the part that comes after the pause. */
const CASES = [
  { path: "/", row: "header", cut: (html: string) => html.indexOf('<details class="shop-menu') },
  { path: "/bn/product/wall-hanging", row: "header", cut: (html: string) => html.indexOf('<details class="shop-menu') },
  { path: "/bn", row: "home buttons", cut: (html: string) => html.indexOf(">", html.indexOf('href="https://wa.me/', html.indexOf('data-testid="home-intro"'))) + 1 },
  { path: "/hi/product/wall-hanging", row: "sort links", cut: (html: string) => html.indexOf("<li>", html.indexOf("<li>", html.indexOf('data-testid="sort-links"')) + 1) },
  // No shop header: the sign-in page is painted as it arrives, not held until its end.
  { path: "/admin", row: "sign-in form", cut: (html: string) => html.indexOf("<form") },
];

let server: Server;
let origin: string;
/** When the proxy sent each page's second piece (epoch ms, this machine's clock, which the browser shares). */
const restSentAt = new Map<string, number>();

test.beforeAll(async ({ baseURL }) => {
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url!, baseURL);
      const answer = await fetch(url, { headers: { accept: req.headers.accept ?? "*/*" } });
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
      const piece = Number(url.searchParams.get("pieces-of"));
      if (piece > 0 && answer.headers.get("content-type")?.startsWith("text/html")) {
        for (let at = 0; at < body.length; at += piece) {
          res.write(body.subarray(at, at + piece));
          await new Promise((resolve) => setTimeout(resolve, DRIP_MS));
        }
        return res.end();
      }
      const cut = CASES.find((c) => c.path === url.searchParams.get("cut-for"))?.cut;
      if (!cut || !answer.headers.get("content-type")?.startsWith("text/html")) return res.end(body);
      const html = body.toString("utf8");
      const at = cut(html);
      if (at <= 0) throw new Error(`no place to cut ${url.pathname}`);
      res.write(html.slice(0, at));
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      restSentAt.set(url.searchParams.get("cut-for")!, Date.now());
      res.end(html.slice(at));
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** When the page was first painted (epoch ms) and every layout shift so far, with what moved. */
function paintAndShifts(page: Page) {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "layout-shift", buffered: true });
    const entries = observer.takeRecords() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }>;
    observer.disconnect();
    return {
      paintedAt: performance.timeOrigin + (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN),
      shifts: entries.map((entry) => ({
        value: entry.value,
        at: Math.round(entry.startTime),
        moved: entry.sources?.map((source) => `${source.node?.nodeName} "${source.node?.textContent?.slice(0, 40)}"`),
      })),
    };
  });
}

for (const { path, row } of CASES) {
  test(`${path} arriving in two pieces, cut in the ${row}: nothing moves`, async ({ page }) => {
    await page.goto(`${origin}${path}?cut-for=${encodeURIComponent(path)}`);
    await page.waitForLoadState("load");
    const { paintedAt, shifts } = await paintAndShifts(page);
    // Cut in the header, nothing was painted while its second piece was on its way; elsewhere the
    // first piece was. Judged against when the second piece left, not the navigation's start: on a
    // busy machine the proxy's own fetch of the page can take a good part of the pause.
    const sent = restSentAt.get(path)!;
    if (row === "header") expect(paintedAt).toBeGreaterThanOrEqual(sent);
    else expect(paintedAt).toBeLessThan(sent);
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0), JSON.stringify(shifts)).toBe(0);
  });
}

const DRIPPED = ["/", "/hi", "/hi/product/wall-hanging", "/product/wall-hanging", "/bn/product/wall-hanging/1", "/product/wall-hanging/1", "/bn/about"];

for (const path of DRIPPED) {
  test(`${path} arriving in many small pieces: nothing moves`, async ({ page }) => {
    // Two piece sizes put the cuts in different places.
    for (const size of [300, 1000]) {
      await page.goto(`${origin}${path}?pieces-of=${size}`);
      await page.waitForLoadState("load");
      const { shifts } = await paintAndShifts(page);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0), `${size}-byte pieces: ${JSON.stringify(shifts)}`).toBe(0);
    }
  });
}
