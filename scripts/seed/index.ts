import { createReadStream, promises as fs } from "node:fs";
import { Readable } from "node:stream";
import { loadEnvOrExit } from "#app/env.server.ts";
import { getRedis } from "#app/lib/redis.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { addToList, ListError } from "#app/modules/catalog/lists.server.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { countMediaByStatus, createMediaEntry } from "#app/modules/media/library.server.ts";
import { closeQueues, getQueues } from "#app/modules/jobs/queue.server.ts";
import { setSlideImage } from "#app/modules/media/slides.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { SLIDES } from "#app/modules/site/content.ts";
import { bumpPublicVersion, closePublicVersion } from "#app/modules/site/public-version.server.ts";
import type { SavedUpload } from "#app/modules/media/upload.server.ts";
import type { MediaKind } from "#db/schema.ts";
import { closeDb, getDb } from "#db/index.ts";
import { migrate } from "#db/migrate.ts";
import { DEMO_GIFT_INDEXES, DEMO_PRODUCTS, DEMO_STOCK_INDEXES } from "./catalogue.ts";
import { DEMO_TRANSLATIONS } from "./catalogue-translations.ts";
import { renderDemoClip, renderDokraPicture, renderProductPicture } from "./pictures.ts";

// Seeds through the real upload path: originals into storage, rows written as
// "processing", jobs queued; the worker makes every derived file.
// Never half: demo_seed records that the seed began and when it finished; a run cut short
// (Ctrl-C on a first start) is completed by the next one, each step skipping what is there.

const env = loadEnvOrExit();
const wait = process.argv.includes("--wait");

async function saveUpload(source: Readable, name: string, mimeType: string, field: string): Promise<SavedUpload> {
  const saved = await getStorage().saveOriginal(source, Number.MAX_SAFE_INTEGER);
  return { field, key: saved.key, bytes: saved.bytes, originalName: name, mimeType };
}

const picture = async (seed: number, name: string, width?: number, height?: number) =>
  saveUpload(Readable.from(await renderDokraPicture(seed, width, height)), name, "image/jpeg", "image");

async function seedAdmin() {
  const existing = await getDb().selectFrom("admin_users").select("id").where("email", "=", env.ADMIN_EMAIL.toLowerCase()).executeTakeFirst();
  if (existing) return;
  await upsertAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  console.log(`admin created: ${env.ADMIN_EMAIL}`);
}

const mediaExists = async (kind: MediaKind, originalName: string) =>
  Boolean(await getDb().selectFrom("media").select("id").where("kind", "=", kind).where("original_name", "=", originalName).executeTakeFirst());

async function addToListOnce(list: "gift_entries" | "stock_entries", productId: number) {
  try {
    await addToList(list, productId);
  } catch (error) {
    if (!(error instanceof ListError && error.status === 409)) throw error;
  }
}

async function seedCatalogue() {
  const productIds: number[] = [];
  for (const [index, demo] of DEMO_PRODUCTS.entries()) {
    const existing = await getDb().selectFrom("products").select("id").where("name", "=", demo.name).executeTakeFirst();
    if (existing) {
      productIds.push(existing.id);
      continue;
    }
    const input = productCreateSchema.parse({
      category: demo.category,
      name: demo.name,
      description: demo.description,
      price: String(demo.price),
      fixedPrice: demo.fixedPrice === undefined ? "" : String(demo.fixedPrice),
      height: String(demo.size[0]),
      width: String(demo.size[1]),
      length: String(demo.size[2]),
      weight: String(demo.weight),
      color: demo.color ?? "Golden",
      material: demo.material ?? "Kansa",
      utility: demo.utility ?? "Home Decor",
      translations: DEMO_TRANSLATIONS[demo.name],
    });
    const images = [];
    for (let i = 0; i < demo.images; i++) {
      const jpeg = await renderProductPicture(demo.name, index * 10 + i);
      images.push(await saveUpload(Readable.from(jpeg), `product-${index + 1}-${i + 1}.jpg`, "image/jpeg", "image"));
    }
    const { id } = await createProduct(input, images);
    productIds.push(id);
  }
  for (const index of DEMO_GIFT_INDEXES) await addToListOnce("gift_entries", productIds[index]!);
  for (const index of DEMO_STOCK_INDEXES) await addToListOnce("stock_entries", productIds[index]!);

  for (let i = 0; i < 12; i++) {
    if (await mediaExists("gallery_image", `gallery-${i + 1}.jpg`)) continue;
    const [w, h] = i % 3 === 0 ? [900, 1200] : i % 3 === 1 ? [1200, 900] : [1000, 1000];
    await createMediaEntry("gallery_images", await picture(500 + i, `gallery-${i + 1}.jpg`, w, h));
  }
  for (let i = 0; i < 3; i++) {
    if (await mediaExists("display_image", `display-${i + 1}.jpg`)) continue;
    await createMediaEntry("display_images", await picture(800 + i, `display-${i + 1}.jpg`, 1920, 1080), { current: i === 0 });
  }
  const storage = getStorage();
  await storage.ensureDirs();
  for (let i = 0; i < 2; i++) {
    if (await mediaExists("video", `workshop-${i + 1}.mp4`)) continue;
    const file = storage.scratchPath("mp4");
    // Three pieces from across the catalogue, each at its first picture's tone and ground.
    const pieces = [0, 17, 34].map((offset) => (i * 7 + offset) % DEMO_PRODUCTS.length);
    await renderDemoClip(file, pieces.map((index) => ({ name: DEMO_PRODUCTS[index]!.name, seed: index * 10 })));
    await createMediaEntry("videos", await saveUpload(createReadStream(file), `workshop-${i + 1}.mp4`, "video/mp4", "video"));
    await fs.unlink(file);
  }
  console.log(
    `seeded ${DEMO_PRODUCTS.length} products, ${DEMO_GIFT_INDEXES.length} gift entries, ${DEMO_STOCK_INDEXES.length} stock entries, 12 gallery images, 3 display images, 2 videos (queued for the worker)`,
  );
}

/** The home slides' pictures, once (also into a catalogue seeded before slides had their own). */
async function seedSlides() {
  if (await getDb().selectFrom("home_slides").select("id").limit(1).executeTakeFirst()) return;
  for (const [i, slide] of SLIDES.entries()) {
    await setSlideImage(slide.id, await picture(600 + i, `slide-${slide.id}.jpg`, 1600, 900));
  }
  await bumpPublicVersion();
  console.log(`seeded ${SLIDES.length} home slide pictures (queued for the worker)`);
}

/** Jobs the image and video queues still hold: the AVIF follow-ups outlive "processing". */
async function mediaJobsPending(): Promise<number> {
  const { image, video } = getQueues();
  const counts = await Promise.all([image, video].map((queue) => queue.getJobCounts("waiting", "prioritized", "active", "delayed")));
  return counts.reduce((sum, byState) => sum + Object.values(byState).reduce((a, b) => a + b, 0), 0);
}

/**
 * Until the worker has nothing left of the seed, AVIF sizes included: each of those that lands
 * moves the public version, which the readers' page-cache checks must not see after this.
 */
async function waitForWorker(timeoutMs = 10 * 60_000) {
  const started = Date.now();
  for (;;) {
    const counts = await countMediaByStatus();
    if (!counts.processing && !(await mediaJobsPending())) {
      console.log(`media ready: ${counts.ready ?? 0}, failed: ${counts.failed ?? 0}`);
      if (counts.failed) process.exitCode = 1;
      return;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`worker did not finish: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** True when the demo catalogue is to be put in: a shop with no products that was never seeded, or a seed cut short. */
async function catalogueWanted(): Promise<boolean> {
  const db = getDb();
  const state = await db.selectFrom("demo_seed").select("finished_at").where("id", "=", 1).executeTakeFirst();
  if (state?.finished_at) return false;
  if (state) {
    console.log("finishing the demo catalogue that an interrupted start began");
    return true;
  }
  const { count } = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  // Products but no record of a seed: the owner's own shop, or one seeded before demo_seed existed.
  if (Number(count) > 0) return false;
  await db.insertInto("demo_seed").values({ id: 1 }).execute();
  return true;
}

try {
  await migrate(env.DATABASE_URL);
  await seedAdmin();
  if (await catalogueWanted()) {
    await seedCatalogue();
    await getDb().updateTable("demo_seed").set({ finished_at: new Date() }).where("id", "=", 1).execute();
    // New products are public at once: no web process may keep serving the empty shop.
    await bumpPublicVersion();
  } else console.log("catalogue already seeded; left as it is");
  await seedSlides();
  if (wait) await waitForWorker();
} finally {
  await closeQueues();
  await closeDb();
  await closePublicVersion();
  getRedis().disconnect();
}
