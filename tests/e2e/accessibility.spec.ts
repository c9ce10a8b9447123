import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Page } from "./test.ts";
import { signIn } from "./helpers.ts";

// An axe-core scan of every public and admin page, on a phone and a laptop, with
// JavaScript on and off (the two projects): no serious or critical violation. axe is injected
// with page.evaluate because the shop's CSP refuses an injected <script> tag.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/about?view=videos",
  "/gallery",
  "/gallery?image=1",
  "/contact",
  "/commission",
  "/commission?piece=1",
  "/product/wall-hanging",
  "/product/wall-hanging?price=above-50000",
  "/product/trending",
  "/product/wall-hanging/1",
  "/privacy-policy",
  "/terms-and-conditions",
  "/refund-and-returns-policy",
  "/no-such-page",
  "/admin",
  "/enquiry",
  "/search?q=owl",
  "/search?q=zzzz",
];

const ADMIN_PAGES = [
  "/dashboard",
  "/dashboard/upload",
  "/dashboard/all-products",
  "/dashboard/edit-product/1",
  "/dashboard/stock-products",
  "/dashboard/trending",
  "/dashboard/image-upload",
  "/dashboard/upload-gallery",
  "/dashboard/video-upload",
  "/dashboard/messages",
  "/dashboard/catalogue-feeds",
  "/dashboard/waiting",
];

type Found = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * axe needs timers, which a page with JavaScript off never runs: its server-rendered HTML is
 * scanned in a JS-on page of the same size that gets that HTML with the scripts taken out.
 */
async function scannablePage(page: Page, javaScriptEnabled: boolean): Promise<Page> {
  if (javaScriptEnabled) return page;
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const copy = await page.context().browser()!.newPage({ viewport: page.viewportSize(), javaScriptEnabled: true });
  await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html", body: html }));
  await copy.goto(page.url());
  return copy;
}

async function seriousViolations(page: Page, javaScriptEnabled: boolean): Promise<Found[]> {
  const scanned = await scannablePage(page, javaScriptEnabled);
  try {
    return await scan(scanned);
  } finally {
    if (scanned !== page) await scanned.close();
  }
}

async function scan(page: Page): Promise<Found[]> {
  // Judged at rest: a caption still fading in would be measured half transparent.
  await page.addStyleTag({ content: "*,*::before,*::after{animation:none!important;transition:none!important}" });
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
}

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 900 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // One test per page: each scan has its own time budget and names its page when it fails.
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violation`, async ({ page, javaScriptEnabled }) => {
        await page.goto(path);
        expect(await seriousViolations(page, javaScriptEnabled)).toEqual([]);
      });
    }

    for (const path of ADMIN_PAGES) {
      test(`admin ${path} has no serious or critical axe violation`, async ({ page, javaScriptEnabled }) => {
        await signIn(page, path);
        expect(await seriousViolations(page, javaScriptEnabled)).toEqual([]);
      });
    }
  });
}
