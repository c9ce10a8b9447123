import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, expect, test } from "vitest";
import { closeDb, getDb } from "#db/index.ts";
import { DEMO_GIFT_INDEXES, DEMO_PRODUCTS, DEMO_STOCK_INDEXES } from "./catalogue.ts";

// The seed as `npm start` runs it: a process of its own on this file's database, queue
// prefix and storage folder (tests/setup/isolated-db.ts). No worker: the jobs just wait.
function runSeed() {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/seed/index.ts"], { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = once(child, "exit").then(([code, signal]) => ({ code, signal, output }));
  return { child, exited };
}

const count = async (table: "products" | "product_translations" | "gift_entries" | "stock_entries" | "gallery_images" | "display_images" | "videos" | "media") =>
  Number((await getDb().selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

afterAll(closeDb);

test("a seed interrupted by Ctrl-C is completed by the next run, exactly once, and a third run changes nothing", async () => {
  const first = runSeed();
  // Interrupt it as a newcomer would, once a few products are in.
  while ((await count("products")) < 3) {
    const done = await Promise.race([first.exited, new Promise((resolve) => setTimeout(resolve, 100, null))]);
    if (done) throw new Error(`the seed ended before it could be interrupted: ${JSON.stringify(done)}`);
  }
  first.child.kill("SIGINT");
  const interrupted = await first.exited;
  expect(interrupted.signal ?? interrupted.code).not.toBe(0);
  const partial = await count("products");
  expect(partial).toBeLessThan(DEMO_PRODUCTS.length);

  const second = await runSeed().exited;
  expect(second.code, second.output).toBe(0);
  expect(second.output).toContain("finishing the demo catalogue that an interrupted start began");

  const names = await getDb().selectFrom("products").select("name").execute();
  expect(names.map((row) => row.name).sort()).toEqual(DEMO_PRODUCTS.map((demo) => demo.name).sort());
  const imagesPerProduct = await getDb()
    .selectFrom("products")
    .leftJoin("product_images", "product_images.product_id", "products.id")
    .select(["products.name", (eb) => eb.fn.count<number>("product_images.media_id").as("images")])
    .groupBy("products.id")
    .execute();
  const expectedImages = new Map(DEMO_PRODUCTS.map((demo) => [demo.name, demo.images]));
  for (const row of imagesPerProduct) expect(Number(row.images), row.name).toBe(expectedImages.get(row.name));
  // Each piece in Bengali and Hindi, written with it: none was left without them by the interruption.
  expect(await count("product_translations")).toBe(DEMO_PRODUCTS.length * 2);
  expect(await count("gift_entries")).toBe(DEMO_GIFT_INDEXES.length);
  expect(await count("stock_entries")).toBe(DEMO_STOCK_INDEXES.length);
  expect(await count("gallery_images")).toBe(12);
  expect(await count("display_images")).toBe(3);
  expect(await count("videos")).toBe(2);
  const mediaAfterSecond = await count("media");

  const third = await runSeed().exited;
  expect(third.code, third.output).toBe(0);
  expect(third.output).toContain("catalogue already seeded");
  expect(await count("products")).toBe(DEMO_PRODUCTS.length);
  expect(await count("media")).toBe(mediaAfterSecond);
}, 240_000);
