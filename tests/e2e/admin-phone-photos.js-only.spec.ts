import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "./test.ts";
import { signIn } from "./helpers.ts";
import { findProductId, sqlQuery, waitForProductReady } from "./fixtures/admin.ts";
import { cameraJpeg, uniqueName } from "./fixtures/media.ts";

// The owner adds a piece from her phone with the photo its camera took (8.9 MB, 12 MP):
// the page makes it smaller before upload, the server's 5 MB rule is met, the picture is upright.

const ORIGINALS = path.resolve(`.data/e2e-${process.env.E2E_PORT ?? 3210}/storage/originals`);

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("an 8.9 MB 12-megapixel camera photo goes through Add: made smaller in the browser, upright, without its EXIF", async ({ page }) => {
  test.setTimeout(180_000);
  const photo = await cameraJpeg();
  const name = uniqueName("Camera Peacock");
  await page.goto("/dashboard/upload");
  await page.getByLabel("Category").selectOption("wall-hanging");
  await page.getByLabel("Title").fill(name);
  await page.getByLabel("Price", { exact: true }).fill("5200");
  for (const label of ["Height", "Width", "Length", "Weight"]) await page.getByLabel(label).fill("7");
  await page.getByLabel("Images (1 to 5)").setInputFiles([photo]);

  const note = page.getByTestId("shrunk");
  await expect(note).toContainText(/Made smaller to fit: 8\.9 MB → \d\.\d MB/, { timeout: 30_000 });
  const after = Number(/→ (\d\.\d) MB/.exec((await note.textContent())!)![1]);
  expect(after).toBeLessThanOrEqual(5);
  await expect(page.getByText("Some files exceed the 5MB limit. Please upload smaller images.")).toHaveCount(0);
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "docs/screenshots/admin-add-photo-made-smaller-phone.png", scale: "css", animations: "disabled" });

  const button = page.getByRole("button", { name: "Add product" });
  await expect(button).toBeEnabled();
  await button.tap();
  await expect(page.getByText("Product added successfully!")).toBeVisible({ timeout: 60_000 });

  const id = await findProductId(page, name);
  await waitForProductReady(page, id);
  const [media] = await sqlQuery<Array<{ width: number; height: number; variants: string; original_path: string; original_bytes: number }>>(
    "SELECT m.width, m.height, m.variants, m.original_path, m.original_bytes FROM product_images pi JOIN media m ON m.id = pi.media_id WHERE pi.product_id = ?",
    [id],
  );
  // What reached the server: under the 5 MB rule, without the camera's EXIF (so without its GPS position).
  const original = await readFile(path.join(ORIGINALS, media!.original_path));
  expect(original.byteLength).toBe(media!.original_bytes);
  expect(original.byteLength).toBeLessThanOrEqual(5 * 1024 * 1024);
  const stored = await sharp(original).metadata();
  expect(stored.exif).toBeUndefined();
  expect(stored.orientation).toBeUndefined();
  expect([stored.width, stored.height]).toEqual([1920, 2560]);
  // Upright: portrait, at the ladder's top width, so every size of the ladder is made.
  expect([media!.width, media!.height]).toEqual([1920, 2560]);
  const variants = (typeof media!.variants === "string" ? JSON.parse(media!.variants) : media!.variants) as Array<{ role: string; format: string; path: string; width: number }>;
  const jpegWidths = variants.filter((v) => v.format === "jpeg" && v.role.startsWith("w")).map((v) => v.width);
  expect(jpegWidths).toEqual([320, 640, 960, 1280, 1920]);
  const largest = variants.find((v) => v.format === "jpeg" && v.width === 1920)!;
  const picture = await (await page.request.get(`/media/${largest.path}`)).body();
  const half = async (top: number) => {
    // stats() reads its input as given, so the half is cut out first.
    const { channels } = await sharp(await sharp(picture).extract({ left: 0, top, width: 1920, height: 1280 }).toBuffer()).stats();
    return channels[0]!.mean;
  };
  expect(await half(0)).toBeGreaterThan(150); // the camera's bright half is on top, as the owner held the phone
  expect(await half(1280)).toBeLessThan(100);
});

test("a category and a camera photo chosen while the page's scripts are still on their way count once they arrive", async ({ page }) => {
  test.setTimeout(120_000);
  // A slow line: the page's scripts are held back until both are chosen (a fixed delay raced a busy machine).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const photo = await cameraJpeg();
  // Not until "load": that waits for the scripts.
  await page.goto("/dashboard/upload", { waitUntil: "commit" });
  await page.getByLabel("Category").selectOption("wall-hanging");
  await page.getByLabel("Images (1 to 5)").setInputFiles([photo]);
  // Chosen before hydration: the page had no scripts yet.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await page.unrouteAll({ behavior: "ignoreErrors" });

  // Neither is asked for again; the photo over the limit is made smaller as if chosen now.
  await expect(page.getByTestId("shrunk")).toContainText(/Made smaller to fit: 8\.9 MB → \d\.\d MB/, { timeout: 30_000 });
  await page.getByLabel("Title").fill(uniqueName("Early choice"));
  await page.getByLabel("Price", { exact: true }).fill("4100");
  for (const label of ["Height", "Width", "Length", "Weight"]) await page.getByLabel(label).fill("6");
  await expect(page.getByTestId("submit-blocked")).toHaveCount(0);
  const button = page.getByRole("button", { name: "Add product" });
  await expect(button).toBeEnabled();
  await button.tap();
  await expect(page.getByText("Product added successfully!")).toBeVisible({ timeout: 60_000 });
});
