// MySQL (MariaDB) killed with -9 and started again while the storefront is under load.
// A disposable MariaDB on a free port (the shared one on 3306 is never touched), migrated
// and seeded; the production build of the web server against it; a few clients fetching
// pages in a loop. Promised: during the outage, pages already rendered keep being served
// (from the page cache), the others answer a clean 503 (the shop's error page, no stack
// trace, never a dropped connection); after the restart every page renders again, with
// the same web process.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "#app/modules/catalog/categories.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { closeDb } from "#db/index.ts";
import { migrate } from "#db/migrate.ts";
import { DEMO_PRODUCTS } from "#scripts/seed/catalogue.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { startMariaDb, startWebProcess, stopAllServices, until, type WebProcess } from "./support-services.ts";

let mariadb: Awaited<ReturnType<typeof startMariaDb>>;
let web: WebProcess;
let base: string;
// Stands in for a temporary table of the shared server on 3306, which keeps its in /tmp.
const sharedServersTempFile = path.join(os.tmpdir(), `#sql-dokra-faults-probe-${process.pid}.MAI`);

beforeAll(async () => {
  await fs.writeFile(sharedServersTempFile, "");
  mariadb = await startMariaDb();
  const databaseUrl = mariadb.url("dokra_faults");
  await migrate(databaseUrl);
  // A small catalogue, through the app's own modules, in this process pointed at the
  // disposable database (nothing here has opened the shared one). Its images stay queued
  // for a worker that never runs: the pages read the rows all the same.
  process.env.DATABASE_URL = databaseUrl;
  for (const [index, demo] of DEMO_PRODUCTS.slice(0, 6).entries()) {
    const input = productCreateSchema.parse({
      category: CATEGORY_SLUGS[index % 3],
      name: demo.name,
      description: demo.description,
      price: String(demo.price),
      height: String(demo.size[0]),
      width: String(demo.size[1]),
      length: String(demo.size[2]),
      weight: String(demo.weight),
    });
    await createProduct(input, [await saveTestUpload(await makeJpeg(400, 300, index), `product-${index}.jpg`, "image/jpeg", "images")]);
  }
  for (let i = 0; i < 3; i++) await createMediaEntry("gallery_images", await saveTestUpload(await makeJpeg(400, 300, 10 + i), `gallery-${i}.jpg`));
  web = await startWebProcess({ DATABASE_URL: databaseUrl, SESSION_SECRET: "faults-test-session-secret-not-for-production" });
  base = web.base;
}, 600_000);

afterAll(async () => {
  await closeDb();
  await stopAllServices();
  await fs.rm(sharedServersTempFile, { force: true });
});

interface Answer {
  phase: Phase;
  url: string;
  warm: boolean;
  status: number | string;
  cache: string | null;
  body: string;
}
type Phase = "before" | "outage" | "recovering" | "after" | "in between";
let phase: Phase = "before";

/** Pages rendered (and so cached) before the outage. */
const WARM = ["/", "/gallery", `/product/${CATEGORY_SLUGS[0]}`, `/product/${CATEGORY_SLUGS[1]}`];
/** Never rendered before: a page number makes each URL new to the cache (a parameter pages read, so the answer is stored), so it must read the database. */
let coldCounter = 0;
const cold = () => (coldCounter++ % 2 ? `/gallery?page=${coldCounter}` : `/product/${CATEGORY_SLUGS[2]}?page=${coldCounter}`);

/** One request, labelled with the phase it started and ended in ("in between" when they differ). */
async function get(url: string, warm: boolean): Promise<Answer> {
  const started = phase;
  const label = () => (phase === started ? started : "in between");
  try {
    const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(15_000) });
    const body = await response.text();
    return { phase: label(), url, warm, status: response.status, cache: response.headers.get("x-cache"), body };
  } catch (error) {
    return { phase: label(), url, warm, status: `no answer: ${(error as Error).message}`, cache: null, body: "" };
  }
}

describe("MySQL restarted while the storefront is under load", { timeout: 240_000 }, () => {
  it("serves cached pages through the outage, answers the rest with a clean 503, and recovers without a restart", async () => {
    for (const url of WARM) {
      expect((await get(url, true)).status).toBe(200);
      // The entry is stored once the first answer has been sent: the next asks may come first.
      await expect.poll(async () => (await get(url, true)).cache, { timeout: 10_000 }).toBe("HIT");
    }

    let loading = true;
    const answers: Answer[] = [];
    const client = async (n: number) => {
      for (let i = n; loading; i++) {
        const warm = i % 2 === 0;
        answers.push(await get(warm ? WARM[i % WARM.length]! : cold(), warm));
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    const count = (p: Phase, warm: boolean) => answers.filter((a) => a.phase === p && a.warm === warm).length;

    await until(() => count("before", false) >= 8, 30_000, "answers before the outage");
    phase = "outage";
    await mariadb.kill();
    await until(() => count("outage", false) >= 12 && count("outage", true) >= 12, 60_000, "answers during the outage");
    phase = "recovering";
    await mariadb.start();
    // The app is not restarted: its pool reconnects by itself.
    await until(async () => (await get(cold(), false)).status === 200, 60_000, "a page read from the database again");
    phase = "after";
    await until(() => count("after", false) >= 8 && count("after", true) >= 8, 30_000, "answers after the restart");
    loading = false;
    await Promise.all(clients);

    const summary = (p: Phase, warm: boolean) =>
      [...new Set(answers.filter((a) => a.phase === p && a.warm === warm).map((a) => `${a.status} ${a.cache}`))].sort();
    expect(summary("before", false)).toEqual(["200 MISS"]);
    // During the outage: every page rendered before is still served, from memory...
    expect(summary("outage", true).every((s) => /^200 (HIT|STALE)$/.test(s))).toBe(true);
    // ...and the others are a clean 503: the shop's error page, no stack trace, no dropped connection.
    expect(summary("outage", false)).toEqual(["503 BYPASS"]);
    for (const answer of answers.filter((a) => a.phase === "outage" && !a.warm)) {
      expect(answer.body).toMatch(/<html/i);
      expect(answer.body).not.toMatch(/ECONNREFUSED|Connection lost|\n\s+at |mysql|kysely/i);
    }
    // Requests that straddled the kill or the restart got one or the other, never anything else.
    for (const answer of answers.filter((a) => a.phase === "in between")) expect([200, 503]).toContain(answer.status);
    expect(summary("after", false)).toEqual(["200 MISS"]);
    expect(summary("after", true).every((s) => /^200 (HIT|MISS)$/.test(s))).toBe(true);
    // The same web process throughout.
    expect(web.child.exitCode).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("leaves the shared server's temporary tables alone, through the install, the start and the restart", async () => {
    await expect(fs.stat(sharedServersTempFile)).resolves.toBeTruthy();
  });
});
