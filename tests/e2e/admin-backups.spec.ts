import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, test, type Page } from "./test.ts";
import { hydrated, signIn } from "./helpers.ts";
import { BACKUP_TEXTS } from "../../app/modules/backup/messages.ts";

// The owner's backups on a phone, JavaScript on and off: a backup that fails (its folder cannot
// be written) warns on every dashboard page with the reason; "Back up now" then succeeds, the
// card shows when, how big and where, the warning is gone, and the latest dump downloads.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The worker's BACKUP_DIR, as scripts/e2e-server.sh sets it for this port. */
const BACKUP_DIR = path.resolve(`.data/e2e-${process.env.E2E_PORT ?? 3210}/backups`);
const PAGES = ["/dashboard", "/dashboard/all-products", "/dashboard/upload"];

/** Presses "Back up now" and waits for the run to end: in place with JavaScript, by reloading without. */
async function backUpNow(page: Page, javaScriptEnabled: boolean, ended: RegExp): Promise<void> {
  await page.goto("/dashboard");
  const card = page.getByTestId("backup-card");
  if (javaScriptEnabled) {
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  }
  await card.getByRole("button", { name: "Back up now" }).click();
  await expect(page).toHaveURL(/\/dashboard\?backup=(queued|running)/);
  if (javaScriptEnabled) {
    // The card follows the run where the owner is looking: no reload, it ends in place.
    await expect(card).toContainText(ended, { timeout: 60_000 });
    await expect(card.getByTestId("backup-running")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } else {
    // The page after the post: the request waiting or running, or (a quick worker) already ended.
    await expect(card).toContainText(/Backup requested: the worker starts it in a moment\.|Backing up: |Last backup: |The last backup failed/);
    await expect(async () => {
      // While the run is on, the card's own link loads the page again, back at the card; then there is none.
      const again = page.getByTestId("backup-check-again");
      if (await again.isVisible()) {
        await again.click();
        await expect(page).toHaveURL(/\/dashboard#backups$/);
        await expect(page.getByTestId("backup-card")).toBeInViewport();
      }
      await expect(page.getByTestId("backup-running")).toHaveCount(0, { timeout: 500 });
      await expect(page.getByTestId("backup-card")).toContainText(ended, { timeout: 500 });
    }).toPass({ timeout: 60_000 });
  }
}

/**
 * The JS-on and JS-off projects run the test below at the same time against one backup folder,
 * which it makes unwritable for a while: one at a time, or one's failure shows in the other's
 * "Back up now". A lock left by a killed run is taken over after five minutes.
 */
async function oneAtATime(run: () => Promise<void>): Promise<void> {
  const lock = path.join(path.dirname(BACKUP_DIR), "backup-spec.lock");
  await expect(async () => {
    const stale = await fs.stat(lock).then((s) => Date.now() - s.mtimeMs > 300_000, () => false);
    if (stale) await fs.rm(lock, { recursive: true, force: true });
    await fs.mkdir(lock);
  }).toPass({ timeout: 170_000, intervals: [500] });
  try {
    await run();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

test("a failed backup warns on every dashboard page; Back up now makes one, shown on the card; the latest dump downloads", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(360_000);
  await oneAtATime(() => failedThenMade(page, javaScriptEnabled));
});

async function failedThenMade(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await signIn(page);

  // The backup folder cannot be made: a file stands where it should be.
  const aside = `${BACKUP_DIR}.aside`;
  await fs.rm(aside, { recursive: true, force: true });
  await fs.rename(BACKUP_DIR, aside).catch(() => undefined);
  await fs.mkdir(path.dirname(BACKUP_DIR), { recursive: true });
  await fs.writeFile(BACKUP_DIR, "not a folder");
  try {
    await backUpNow(page, javaScriptEnabled, /The last backup failed .*The backup folder cannot be written/);
    for (const url of PAGES) {
      await page.goto(url);
      const warning = page.getByTestId("backup-warning");
      await expect(warning).toContainText("The last backup failed: The backup folder cannot be written");
      const box = (await warning.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  } finally {
    await fs.rm(BACKUP_DIR, { force: true });
    await fs.rename(aside, BACKUP_DIR).catch(() => undefined);
  }

  await backUpNow(page, javaScriptEnabled, /Last backup: .+, .+ (KB|MB), in/);
  const card = page.getByTestId("backup-card");
  await expect(card.getByTestId("backup-where")).toContainText(`${BACKUP_DIR}/20`);
  // A folder on the shop's own server: the card says a dead disk takes it too.
  await expect(card.getByTestId("backup-on-this-server")).toHaveText(BACKUP_TEXTS.onThisServer);
  await expect(card.getByTestId("backup-failed")).toHaveCount(0);
  for (const url of PAGES) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("backup-warning")).toHaveCount(0);
  }
  await page.goto("/dashboard");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // The latest dump: the owner's alone, never cached, the shop's tables inside.
  const href = await page.getByTestId("backup-download").getAttribute("href");
  const dump = await page.context().request.get(href!);
  expect(dump.status()).toBe(200);
  expect(dump.headers()["content-type"]).toBe("application/gzip");
  expect(dump.headers()["cache-control"]).toBe("private, no-store");
  expect(dump.headers()["content-disposition"]).toMatch(/^attachment; filename="dokra-20.*-database\.sql\.gz"$/);
  expect(gunzipSync(await dump.body()).toString("utf8")).toContain("CREATE TABLE `products`");
  const stranger = await page.context().browser()!.newContext();
  const refused = await stranger.request.get(new URL(href!, page.url()).toString(), { maxRedirects: 0 });
  expect(refused.status()).toBeGreaterThanOrEqual(300);
  expect(refused.headers()["content-type"] ?? "").not.toContain("gzip");
  await stranger.close();
}
