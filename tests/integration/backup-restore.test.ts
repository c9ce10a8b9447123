// The backup's proof: a shop backed up while it is being written to comes back, through
// `npm run restore` into a fresh database and media store, with every table row and every
// original byte-identical to the moment of the dump, and serves the same product pages once
// the worker has re-made the derived sizes.
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createConnection, type Connection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { createRedis, getRedis } from "#app/lib/redis.server.ts";
import { makeBackup } from "#app/modules/backup/make.server.ts";
import { restoreBackup } from "#app/modules/backup/restore.server.ts";
import { FolderBackupTarget } from "#app/modules/backup/target.server.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { getStorage, LocalDiskStorage } from "#app/modules/media/storage.server.ts";
import { createDb, getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { settingsFromEnv, startWorkers } from "#workers/runtime.ts";
import { spawnTracked, startWebProcess, startWorkerProcess, stopAllServices, until } from "../reliability/support-services.ts";

const root = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-backup-restore-"));
const backupDir = path.join(root, "backups");
const restoredDir = path.join(root, "restored-storage");
const restoredName = `${new URL(getEnv().DATABASE_URL).pathname.slice(1)}_restored`;
const restoredUrl = Object.assign(new URL(getEnv().DATABASE_URL), { pathname: `/${restoredName}` }).toString();
const restoredPrefix = `${getEnv().QUEUE_PREFIX}_restored`;
const SESSION_SECRET = "backup-restore-test-secret-not-for-production";

const input = (name: string, formToken?: string) =>
  productCreateSchema.parse({ category: "wall-hanging", name, price: "2150", fixedPrice: "", height: "9", width: "9", length: "1", weight: "430", formToken });

let source: Connection;
let restored: Connection;

/** Every row of a table as raw bytes (no type conversion), in primary-key order, one string each. */
async function rawRows(connection: Connection, table: string): Promise<string[]> {
  const [rows] = await connection.query({ sql: `SELECT * FROM \`${table}\``, rowsAsArray: true, typeCast: false });
  return (rows as (Buffer | null)[][]).map((row) => row.map((cell) => (cell === null ? "NULL" : cell.toString("hex"))).join("|")).sort();
}

async function tables(connection: Connection): Promise<string[]> {
  const [rows] = await connection.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name");
  return (rows as { name: string }[]).map((row) => row.name);
}

const productIds: number[] = [];

beforeAll(async () => {
  for (let i = 0; i < 3; i++) {
    const uploads = [await saveTestUpload(await makeJpeg(900, 700, i * 2 + 1)), await saveTestUpload(await makeJpeg(700, 900, i * 2 + 2))];
    productIds.push((await createProduct(input(`Backed-up piece ${i + 1}`), uploads)).id);
  }
  const connection = createRedis("worker");
  const running = await startWorkers({ db: getDb(), storage: getStorage(), connection, prefix: getEnv().QUEUE_PREFIX }, settingsFromEnv());
  try {
    // Every image ready with its AVIF sizes: nothing changes the media rows while the backup runs.
    await until(async () => {
      const rows = await getDb().selectFrom("media").select(["status", "variants"]).execute();
      return rows.length === 6 && rows.every((row) => row.status === "ready" && JSON.stringify(row.variants).includes('"avif"'));
    }, 90_000, "the seeded images to be processed");
  } finally {
    await running.close();
    await connection.quit();
  }
  source = await createConnection({ uri: getEnv().DATABASE_URL });
}, 120_000);

afterAll(async () => {
  await stopAllServices();
  await source?.end();
  await restored?.query(`DROP DATABASE IF EXISTS \`${restoredName}\``);
  await restored?.end();
  const keys = await getRedis().keys(`${restoredPrefix}:*`);
  if (keys.length) await getRedis().del(...keys);
  await fs.rm(root, { recursive: true, force: true });
});

describe("backup while the shop is written to, then restore into a fresh database and store", () => {
  it("restores every row and original byte-identical, and the same product pages", async () => {
    // Writes all along the backup: each product comes with its form token in one transaction.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await createProduct(input(`Written during the backup ${written}`, randomBytes(16).toString("base64url").slice(0, 22)), []);
        written++;
      }
    })();
    await until(() => written >= 3, 10_000, "the writes to start");
    const before = written;
    const target = new FolderBackupTarget(backupDir);
    const outcome = await makeBackup({ db: getDb(), storage: getStorage(), target, databaseUrl: getEnv().DATABASE_URL, keep: { daily: 7, weekly: 4 } }, "command");
    const during = written - before;
    writing = false;
    await writes;
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    expect(during, "products written while the backup ran").toBeGreaterThan(0);
    expect(outcome.files).toBe(7); // the dump and six originals

    // Restored here first, to compare the database exactly as the restore leaves it.
    const restoredDb = createDb(restoredUrl, { connectionLimit: 2 });
    const restoredStore = new LocalDiskStorage(restoredDir);
    try {
      await restoreBackup({ db: restoredDb, storage: restoredStore, databaseUrl: restoredUrl }, { target, name: outcome.name }, { replace: false });
    } finally {
      await restoredDb.destroy();
    }
    restored = await createConnection({ uri: restoredUrl });
    const sourceTables = await tables(source);
    expect(await tables(restored)).toEqual(sourceTables);
    const restoredProducts = await rawRows(restored, "products");
    const sourceProducts = await rawRows(source, "products");
    // The dump is one moment: some writes are in it, later ones are not.
    expect(restoredProducts.length).toBeGreaterThan(3);
    expect(restoredProducts.length).toBeLessThan(sourceProducts.length);
    for (const table of sourceTables) {
      const [fromSource, fromRestore] = [await rawRows(source, table), await rawRows(restored, table)];
      if (table === "backups") continue; // the run's own row: running in the dump, succeeded after (below)
      if (table === "products" || table === "product_form_tokens") {
        expect(fromRestore.every((row) => fromSource.includes(row)), `${table}: every restored row is a source row`).toBe(true);
      } else {
        expect(fromRestore, table).toEqual(fromSource);
      }
    }
    // The product and its form token are written in one transaction: both or neither.
    const [tokens] = await restored.query("SELECT COUNT(*) AS n FROM product_form_tokens");
    expect(Number((tokens as { n: number }[])[0]!.n)).toBe(restoredProducts.length - 3);
    const [runs] = await restored.query("SELECT status FROM backups");
    expect(runs).toEqual([{ status: "succeeded" }]);

    // Every original, byte for byte, and nothing else in the restored store.
    const sourceStore = getStorage() as LocalDiskStorage;
    const [originals] = await source.query("SELECT original_path AS p FROM media ORDER BY id");
    const keys = (originals as { p: string }[]).map((row) => row.p);
    for (const key of keys) {
      const [a, b] = await Promise.all([fs.readFile(sourceStore.originalPath(key)), fs.readFile(restoredStore.originalPath(key))]);
      expect(b.equals(a), key).toBe(true);
    }
    const stored = await fs.readdir(restoredStore.originalsDir, { recursive: true, withFileTypes: true });
    expect(stored.filter((entry) => entry.isFile()).length).toBe(keys.length);

    // Then as the owner would: `npm run restore` (here over the first restore, so --replace),
    // which queues the derived sizes; the worker re-makes them; both shops serve the same pages.
    const env = { DATABASE_URL: restoredUrl, STORAGE_DIR: restoredDir, QUEUE_PREFIX: restoredPrefix, BACKUP_DIR: backupDir, LOG_LEVEL: "warn" };
    const refused = spawnTracked(process.execPath, ["--import", "tsx", "scripts/restore.ts", outcome.name], { ...process.env, ...env });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`The database "${restoredName}" is not empty`);
    const restore = spawnTracked(process.execPath, ["--import", "tsx", "scripts/restore.ts", outcome.name, "--replace"], { ...process.env, ...env });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain(`Restored ${outcome.name}`);
    expect(restore.output()).toContain("Queued 6 photos and videos");
    startWorkerProcess({ ...env, RECONCILE_EVERY_MS: "3600000" });
    await until(async () => {
      const [rows] = await restored.query("SELECT status, variants FROM media");
      const media = rows as { status: string; variants: unknown }[];
      return media.length === 6 && media.every((row) => row.status === "ready" && JSON.stringify(row.variants).includes("avif"));
    }, 120_000, "the restored shop's worker to re-make every size");
    const [restoredMedia, sourceMedia] = [await restored.query("SELECT id, variants FROM media ORDER BY id"), await source.query("SELECT id, variants FROM media ORDER BY id")];
    expect(restoredMedia[0]).toEqual(sourceMedia[0]);

    const webEnv = { SESSION_SECRET, PAGE_CACHE: "off", INTEREST_COUNTING: "off", PUBLIC_URL: "https://dokra.example" };
    const [sourceWeb, restoredWeb] = await Promise.all([
      startWebProcess({ ...webEnv, QUEUE_PREFIX: getEnv().QUEUE_PREFIX }),
      startWebProcess({ ...webEnv, ...env }),
    ]);
    const page = async (base: string, id: number) => {
      const response = await fetch(`${base}/product/wall-hanging/${id}`);
      expect(response.status).toBe(200);
      return (await response.text()).replace(/nonce="[^"]*"/g, "");
    };
    for (const id of productIds) {
      const [a, b] = await Promise.all([page(sourceWeb.base, id), page(restoredWeb.base, id)]);
      expect(a).toContain(`Backed-up piece`);
      expect(b).toBe(a);
    }
    const image = /\/media\/[0-9a-f]{2}\/[0-9a-f]{40}\.webp/.exec(await page(restoredWeb.base, productIds[0]!))![0];
    expect((await fetch(`${restoredWeb.base}${image}`)).status).toBe(200);
  }, 300_000);
});
