// A dead disk, as an outside tester did it: the shop restored on a server without the old backup
// folder. The backup card and the download say so; a restore starts every photo's tries afresh;
// a dump that fails to load leaves the database empty with one clear message; "Back up now"
// never costs a recent backup and stops at a bound.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const backupDir = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-backup-after-restore-"));
process.env.BACKUP_DIR = path.join(backupDir, "this-server");

const { getEnv } = await import("#app/env.server.ts");
const { getRedis } = await import("#app/lib/redis.server.ts");
const { BackupCard } = await import("#app/components/admin/backup-card.tsx");
const { createUserSession } = await import("#app/modules/auth/auth.server.ts");
const { upsertAdmin } = await import("#app/modules/auth/users.server.ts");
const { makeBackup } = await import("#app/modules/backup/make.server.ts");
const { backupName, MANIFEST_FILE } = await import("#app/modules/backup/manifest.ts");
const { BACKUP_TEXTS } = await import("#app/modules/backup/messages.ts");
const { recordStart, recordSuccess } = await import("#app/modules/backup/records.server.ts");
const { restoreBackup } = await import("#app/modules/backup/restore.server.ts");
const { backupCard, requestBackup } = await import("#app/modules/backup/status.server.ts");
const { FolderBackupTarget } = await import("#app/modules/backup/target.server.ts");
const { productCreateSchema } = await import("#app/modules/catalog/product-schema.ts");
const { createProduct } = await import("#app/modules/catalog/products.server.ts");
const { getStorage, LocalDiskStorage, STORAGE_FAULT_MESSAGES } = await import("#app/modules/media/storage.server.ts");
const { createDb, getDb } = await import("#db/index.ts");
const { loader: downloadLoader } = await import("#app/routes/dashboard.backups.latest-dump.ts");
const { makeJpeg, saveTestUpload } = await import("#tests/setup/fixtures.ts");
const { spawnTracked, stopAllServices } = await import("../reliability/support-services.ts");

const databaseName = new URL(getEnv().DATABASE_URL).pathname.slice(1);
const urlOf = (name: string) => Object.assign(new URL(getEnv().DATABASE_URL), { pathname: `/${name}` }).toString();
const scratch: string[] = [];
/** A database of this test's own (dropped after), and its own media folder and Redis prefix. */
function place(label: string) {
  const name = `${databaseName}_${label}`;
  scratch.push(name);
  return {
    name,
    url: urlOf(name),
    env: { DATABASE_URL: urlOf(name), STORAGE_DIR: path.join(backupDir, `${label}-storage`), QUEUE_PREFIX: `${getEnv().QUEUE_PREFIX}_${label}`, LOG_LEVEL: "warn" },
  };
}
const keep = { daily: 7, weekly: 4 };
const tablesOf = async (name: string) =>
  (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ${name}`.execute(getDb())).rows[0]!.n;
const runRestore = (env: Record<string, string>, ...args: string[]) =>
  spawnTracked(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...args], { ...process.env, ...env });

afterAll(async () => {
  await stopAllServices();
  for (const name of scratch) await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(getDb());
  for (const name of scratch) {
    const keys = await getRedis().keys(`${getEnv().QUEUE_PREFIX}_${name.slice(databaseName.length + 1)}:*`);
    if (keys.length) await getRedis().del(...keys);
  }
  await fs.rm(backupDir, { recursive: true, force: true });
});

/** The card as the overview renders it. */
async function cardHtml(): Promise<string> {
  const card = await backupCard();
  const routes = [{ path: "/dashboard", Component: () => createElement(BackupCard, { card, notice: null }) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/dashboard"));
  if (context instanceof Response) throw new Error(`unexpected ${context.status}`);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

async function download(): Promise<Response> {
  const admin = await upsertAdmin("backups-after-restore@dokra.test", "correct-horse-battery");
  const cookie = (await createUserSession(admin, false)).split(";")[0]!;
  const request = new Request("http://localhost/dashboard/backups/latest-dump", { headers: { Cookie: cookie } });
  return downloadLoader({ request, params: {}, context: {} });
}

describe("the backup card and the download on a server the shop was restored to", () => {
  it("say the last backup's files are not here and offer no download until one is made here", async () => {
    // What a restore brings back: the old server's run, its folder nowhere on this one.
    const id = await recordStart(getDb(), { name: "2026-11-27T030000123Z", trigger: "schedule", location: "/srv/old-server/backups" });
    await recordSuccess(getDb(), id, { bytes: 5_000_000, files: 12 });

    const card = await backupCard();
    expect(card.lastGood?.name).toBe("2026-11-27T030000123Z");
    expect(card.lastGoodHere).toBe(false);
    expect(card.downloadable).toBe(false);
    const html = await cardHtml();
    expect(html).toContain(BACKUP_TEXTS.notHere);
    expect(html).toContain(BACKUP_TEXTS.noDump);
    expect(html).not.toContain('data-testid="backup-download"');
    expect(html).not.toContain(BACKUP_TEXTS.onThisServer);

    // The link, followed anyway (an old page): a plain refusal, never a page saved as the dump.
    const missing = await download();
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await missing.text()).toBe(BACKUP_TEXTS.noDump);

    // A backup made here: the card offers it, and the route gives its dump.
    const outcome = await makeBackup({ db: getDb(), storage: getStorage(), target: new FolderBackupTarget(getEnv().BACKUP_DIR), databaseUrl: getEnv().DATABASE_URL, keep }, "dashboard");
    expect(outcome.status).toBe("succeeded");
    const after = await backupCard();
    expect([after.lastGoodHere, after.downloadable]).toEqual([true, true]);
    const htmlAfter = await cardHtml();
    expect(htmlAfter).toContain('data-testid="backup-download"');
    expect(htmlAfter).not.toContain(BACKUP_TEXTS.notHere);
    const dump = await download();
    expect(dump.status).toBe(200);
    expect(gunzipSync(Buffer.from(await dump.arrayBuffer())).toString("utf8")).toContain("CREATE TABLE `products`");

    // Its dump removed by hand: not offered any more.
    await fs.rm(path.join(getEnv().BACKUP_DIR, (outcome as { name: string }).name, "database.sql.gz"));
    expect(await backupCard()).toMatchObject({ lastGoodHere: false, downloadable: false });
    expect((await download()).status).toBe(404);
  }, 60_000);
});

describe("Back up now", () => {
  it("is refused, saying why, once 10 backups of the last 48 hours are kept", async () => {
    const dir = getEnv().BACKUP_DIR;
    await fs.rm(dir, { recursive: true, force: true });
    const add = async (hoursAgo: number) => {
      const name = backupName(new Date(Date.now() - hoursAgo * 3600_000));
      await fs.mkdir(path.join(dir, name), { recursive: true });
      await fs.writeFile(path.join(dir, name, MANIFEST_FILE), "{}");
    };
    for (let i = 0; i < 9; i++) await add(1 + i * 5);
    await add(49); // older than 48 hours: not counted
    expect(await requestBackup()).toBe("queued");
    await add(47);
    expect(await requestBackup()).toBe("too-many");
    expect(BACKUP_TEXTS.tooManyRecent).toMatch(/10 backups from the last 48 hours/);
  });
});

describe("npm run restore", () => {
  const sourceDir = path.join(backupDir, "old-server");
  let good: string;
  let ids: number[];
  beforeAll(async () => {
    const input = productCreateSchema.parse({ category: "wall-hanging", name: "Restored piece", price: "900", fixedPrice: "", height: "5", width: "5", length: "1", weight: "200" });
    const uploads = [];
    for (let i = 0; i < 4; i++) uploads.push(await saveTestUpload(await makeJpeg(160, 120, i + 1)));
    await createProduct(input, uploads);
    ids = (await getDb().selectFrom("media").select("id").orderBy("id").execute()).map((row) => Number(row.id));
    // A shop after a few backup-restore cycles: tries used, one storage fault, one bad file.
    const variants = JSON.stringify([{ path: "ab/0123456789012345678901234567890123456789.webp", width: 160, height: 120, format: "webp" }]);
    await sql`UPDATE media SET status = 'ready', attempts = 6, variants = ${variants} WHERE id IN (${ids[0]}, ${ids[1]})`.execute(getDb());
    await sql`UPDATE media SET status = 'failed', attempts = 7, error = ${STORAGE_FAULT_MESSAGES.full} WHERE id = ${ids[2]}`.execute(getDb());
    await sql`UPDATE media SET status = 'failed', attempts = 2, error = 'Not a photo.' WHERE id = ${ids[3]}`.execute(getDb());
    const outcome = await makeBackup({ db: getDb(), storage: getStorage(), target: new FolderBackupTarget(sourceDir), databaseUrl: getEnv().DATABASE_URL, keep }, "command");
    if (outcome.status !== "succeeded") throw new Error(JSON.stringify(outcome));
    good = path.join(sourceDir, outcome.name);
  }, 60_000);

  it("queues every photo it re-makes with no tries used, and leaves a refused file as it was", async () => {
    const into = place("again");
    const restore = runRestore(into.env, good);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain("Queued 3 photos and videos");
    const db = createDb(into.url, { connectionLimit: 1 });
    try {
      const rows = await db.selectFrom("media").select(["id", "status", "attempts", "error"]).orderBy("id").execute();
      expect(rows.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
        { id: ids[0], status: "processing", attempts: 0, error: null },
        { id: ids[1], status: "processing", attempts: 0, error: null },
        { id: ids[2], status: "processing", attempts: 0, error: null },
        { id: ids[3], status: "failed", attempts: 2, error: "Not a photo." },
      ]);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  /** A copy of the good backup whose dump stops loading after its 14th table (checksums made to match). */
  async function brokenCopy(): Promise<string> {
    const copy = path.join(backupDir, "broken", path.basename(good));
    await fs.cp(good, copy, { recursive: true });
    const text = gunzipSync(await fs.readFile(path.join(copy, "database.sql.gz"))).toString("utf8");
    let seen = 0;
    const broken = text.replace(/CREATE TABLE [^;]*;\n/g, (statement) => (++seen === 14 ? `${statement}THIS IS NOT SQL;\n` : statement));
    expect(seen).toBeGreaterThan(14);
    const gz = gzipSync(broken);
    await fs.writeFile(path.join(copy, "database.sql.gz"), gz);
    const manifest = JSON.parse(await fs.readFile(path.join(copy, MANIFEST_FILE), "utf8")) as { files: { path: string; sha256: string; bytes: number }[]; totalBytes: number };
    manifest.totalBytes += gz.length - manifest.files[0]!.bytes;
    manifest.files[0] = { path: "database.sql.gz", sha256: createHash("sha256").update(gz).digest("hex"), bytes: gz.length };
    await fs.writeFile(path.join(copy, MANIFEST_FILE), JSON.stringify(manifest));
    return copy;
  }

  it("that fails to load its dump leaves the database empty, says so in one message, and can simply be run again", async () => {
    const broken = await brokenCopy();
    const into = place("broken");
    for (let run = 0; run < 2; run++) {
      const restore = runRestore(into.env, broken);
      expect(await restore.exited).toBe(1);
      const output = restore.output();
      expect(output).toContain(`The backup's database could not be loaded into "${into.name}"`);
      expect(output).toMatch(/ERROR 1064 \(42000\) at line \d+/);
      expect(output).toContain("nothing of it is left half-restored");
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain("is not empty");
      expect(await tablesOf(into.name)).toBe(0);
    }

    // --replace over a shop: it says that shop is gone and the database is empty.
    const over = place("replaced");
    await sql`CREATE DATABASE ${sql.id(over.name)}`.execute(getDb());
    await sql`CREATE TABLE ${sql.id(over.name)}.owner_work (id INT PRIMARY KEY)`.execute(getDb());
    const db = createDb(over.url, { connectionLimit: 2 });
    try {
      const failure = await restoreBackup({ db, storage: new LocalDiskStorage(over.env.STORAGE_DIR), databaseUrl: over.url }, { target: new FolderBackupTarget(path.dirname(broken)), name: path.basename(broken) }, { replace: true }).then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(failure?.name).toBe("RestoreFailed");
      expect(failure?.message).toContain("--replace had already emptied the database and the media store");
      expect(await tablesOf(over.name)).toBe(0);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
