// What must never pass for a good backup: a backup process killed mid-dump, a damaged or
// incomplete backup, a restore over a shop that is there; and retention, and the bucket target.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv, parseEnv } from "#app/env.server.ts";
import { completeBackups, makeBackup, type BackupDeps } from "#app/modules/backup/make.server.ts";
import { backupName, MANIFEST_FILE } from "#app/modules/backup/manifest.ts";
import { BACKUP_TEXTS } from "#app/modules/backup/messages.ts";
import { latestRuns } from "#app/modules/backup/records.server.ts";
import { restoreBackup, RestoreRefused, verifyBackup } from "#app/modules/backup/restore.server.ts";
import { backupWarning } from "#app/modules/backup/status.server.ts";
import { backupTargetFromEnv, FolderBackupTarget } from "#app/modules/backup/target.server.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { getStorage, LocalDiskStorage } from "#app/modules/media/storage.server.ts";
import { createDb, getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { allowErrorLogs } from "#tests/setup/unexpected-errors.ts";
import { startLocalS3, type LocalS3 } from "../../scripts/local-s3.ts";
import { killNow, spawnTracked, stopAllServices, until } from "../reliability/support-services.ts";

const root = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-backup-safety-"));
const keep = { daily: 7, weekly: 4 };
const deps = (target: FolderBackupTarget | ReturnType<typeof backupTargetFromEnv>): BackupDeps => ({
  db: getDb(),
  storage: getStorage(),
  target,
  databaseUrl: getEnv().DATABASE_URL,
  keep,
});
const otherName = `${new URL(getEnv().DATABASE_URL).pathname.slice(1)}_other`;
const otherUrl = Object.assign(new URL(getEnv().DATABASE_URL), { pathname: `/${otherName}` }).toString();

/** A disk store under `root` already holding one original. */
async function storeWithOnePhoto(folder: string): Promise<LocalDiskStorage> {
  const store = new LocalDiskStorage(path.join(root, folder));
  await store.saveOriginal((async function* () {
    yield new TextEncoder().encode("someone's photo");
  })(), 1000);
  return store;
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RestoreRefused);
  return (error as Error).message;
}

beforeAll(async () => {
  const input = productCreateSchema.parse({ category: "wall-hanging", name: "Safe piece", price: "900", fixedPrice: "", height: "5", width: "5", length: "1", weight: "200" });
  await createProduct(input, [await saveTestUpload(await makeJpeg(300, 200, 1)), await saveTestUpload(await makeJpeg(200, 300, 2))]);
  // Enough rows (about 40 MB of SQL) that the dump takes a while: time to kill it halfway.
  await sql`INSERT INTO interest_searches (day, query, searches, results)
    SELECT '2026-01-01', CONCAT(MD5(seq), MD5(seq + 1), LEFT(SHA1(seq), 30)), seq, seq FROM seq_1_to_300000`.execute(getDb());
}, 60_000);

afterAll(async () => {
  await stopAllServices();
  const db = createDb(otherUrl.replace(`/${otherName}`, "/"), { connectionLimit: 1 });
  await sql`DROP DATABASE IF EXISTS ${sql.id(otherName)}`.execute(db);
  await db.destroy();
  await fs.rm(root, { recursive: true, force: true });
});

describe("an interrupted backup", () => {
  it("killed (kill -9) during the dump leaves nothing that looks complete, and the next run cleans it up", async () => {
    const dir = path.join(root, "killed");
    const target = new FolderBackupTarget(dir);
    const backup = spawnTracked(process.execPath, ["--import", "tsx", "scripts/backup.ts"], { ...process.env, BACKUP_DIR: dir, LOG_LEVEL: "warn" });
    const dump = await until(async () => {
      const [name] = await fs.readdir(dir).catch(() => []);
      const stat = name ? await fs.stat(path.join(dir, name, "database.sql.gz")).catch(() => null) : null;
      return stat && stat.size > 0 ? path.join(dir, name!) : null;
    }, 60_000, `the dump to start: ${backup.output()}`);
    await killNow(backup);
    const files = await fs.readdir(dump);
    expect(files).toContain("database.sql.gz");
    expect(files).not.toContain(MANIFEST_FILE);
    expect(await completeBackups(target)).toEqual([]);
    expect(await refusal(verifyBackup(target, path.basename(dump)))).toContain("is not a complete backup: it has no manifest.json");
    const [run] = await getDb().selectFrom("backups").selectAll().execute();
    expect(run?.status).toBe("running");

    const next = await makeBackup(deps(target), "command");
    expect(next.status).toBe("succeeded");
    expect(await fs.readdir(dir)).toEqual([(next as { name: string }).name]);
    const runs = await getDb().selectFrom("backups").select(["status", "error"]).orderBy("id").execute();
    expect(runs).toEqual([
      { status: "failed", error: BACKUP_TEXTS.interrupted },
      { status: "succeeded", error: null },
    ]);
  }, 120_000);
});

describe("a full backup disk", () => {
  it("fails the backup with the reason and leaves nothing of it", async () => {
    const dir = path.join(root, "full-disk");
    await fs.mkdir(dir, { recursive: true });
    // A 1 MB disk of the test's own (root may mount, as in tests/reliability/faults-storage.test.ts).
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", dir]);
    allowErrorLogs(/backup failed \(ENOSPC/);
    try {
      const target = new FolderBackupTarget(dir);
      const outcome = await makeBackup(deps(target), "command");
      expect(outcome).toMatchObject({ status: "failed", reason: "The backup disk is full." });
      expect(await fs.readdir(dir)).toEqual([]);
      const last = await getDb().selectFrom("backups").select(["status", "error"]).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(last).toEqual({ status: "failed", error: "The backup disk is full." });
    } finally {
      execFileSync("umount", ["-l", dir]);
    }
  }, 60_000);
});

describe("restore refuses", () => {
  let good: string;
  const dir = path.join(root, "good");
  beforeAll(async () => {
    const outcome = await makeBackup(deps(new FolderBackupTarget(dir)), "command");
    if (outcome.status !== "succeeded") throw new Error(`backup: ${JSON.stringify(outcome)}`);
    good = path.join(dir, outcome.name);
  }, 60_000);

  async function damagedCopy(label: string, damage: (folder: string, original: string) => Promise<void>): Promise<{ target: FolderBackupTarget; name: string; original: string }> {
    const copies = path.join(root, label);
    await fs.cp(good, path.join(copies, "copy"), { recursive: true });
    const originals = await fs.readdir(path.join(copies, "copy", "originals"), { recursive: true, withFileTypes: true });
    const file = originals.find((entry) => entry.isFile())!;
    const original = path.relative(path.join(copies, "copy"), path.join(file.parentPath, file.name));
    await damage(path.join(copies, "copy"), original);
    return { target: new FolderBackupTarget(copies), name: "copy", original };
  }

  it("a backup with one byte changed, cut short or missing a file, naming the file", async () => {
    const flipped = await damagedCopy("flipped", async (folder, original) => {
      const bytes = await fs.readFile(path.join(folder, original));
      const middle = bytes.length >> 1;
      bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
      await fs.writeFile(path.join(folder, original), bytes);
    });
    expect(await refusal(verifyBackup(flipped.target, flipped.name))).toBe(`The backup is damaged: ${flipped.original} does not match its sha256 checksum. Nothing was changed.`);

    const cut = await damagedCopy("cut", async (folder) => fs.truncate(path.join(folder, "database.sql.gz"), 100));
    expect(await refusal(verifyBackup(cut.target, cut.name))).toMatch(/^The backup is damaged: database\.sql\.gz has 100 bytes where the manifest says \d+/);

    const missing = await damagedCopy("missing", async (folder, original) => fs.rm(path.join(folder, original)));
    expect(await refusal(verifyBackup(missing.target, missing.name))).toContain(`${missing.original} is missing`);

    // And nothing was touched: the restore stops before the database.
    const db = createDb(otherUrl, { connectionLimit: 2 });
    try {
      const message = await refusal(
        restoreBackup({ db, storage: new LocalDiskStorage(path.join(root, "unused")), databaseUrl: otherUrl }, flipped, { replace: true }),
      );
      expect(message).toContain(flipped.original);
      const [exists] = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.schemata WHERE schema_name = ${otherName}`.execute(getDb())).rows;
      expect(Number(exists!.n)).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it("a backup made by a newer version of the shop, before --replace drops anything", async () => {
    const newer = await damagedCopy("newer", async (folder) => {
      const file = path.join(folder, MANIFEST_FILE);
      const manifest = JSON.parse(await fs.readFile(file, "utf8")) as { database: { lastMigration: string | null } };
      manifest.database.lastMigration = "9999_from_a_newer_version";
      await fs.writeFile(file, JSON.stringify(manifest));
    });
    // A shop that is there: a table of its own and a photo in its store.
    const store = await storeWithOnePhoto("newer-store");
    const db = createDb(otherUrl, { connectionLimit: 2 });
    try {
      await sql`CREATE DATABASE IF NOT EXISTS ${sql.id(otherName)}`.execute(getDb());
      await sql`CREATE TABLE ${sql.id(otherName)}.owner_work (id INT PRIMARY KEY)`.execute(getDb());
      const message = await refusal(restoreBackup({ db, storage: store, databaseUrl: otherUrl }, newer, { replace: true }));
      expect(message).toBe(
        "The backup was made by a newer version of the shop: its database has migration 9999_from_a_newer_version, which this version does not know. Restore it with that version (or a newer one). Nothing was changed.",
      );
      const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${otherName}`.execute(getDb());
      expect(tables.rows.map((row) => row.name)).toEqual(["owner_work"]);
      expect((await fs.readdir(store.originalsDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())).toHaveLength(1);
    } finally {
      await sql`DROP DATABASE IF EXISTS ${sql.id(otherName)}`.execute(getDb());
      await db.destroy();
    }
  });

  it("a database or a media store that is not empty, unless told to replace", async () => {
    const backup = { target: new FolderBackupTarget(dir), name: path.basename(good) };
    // The shop's own database: full.
    const intoSelf = await refusal(restoreBackup({ db: getDb(), storage: getStorage(), databaseUrl: getEnv().DATABASE_URL }, backup, { replace: false }));
    expect(intoSelf).toMatch(/^The database "dokra_test_[^"]+" is not empty \(\d+ tables\)\. Restoring would overwrite it: run again with --replace/);
    // An empty database, but a store with a file in it.
    const store = await storeWithOnePhoto("full-store");
    const db = createDb(otherUrl, { connectionLimit: 2 });
    try {
      expect(await refusal(restoreBackup({ db, storage: store, databaseUrl: otherUrl }, backup, { replace: false }))).toContain(
        "The media store (disk) already holds files. Run again with --replace",
      );
      const tables = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ${otherName}`.execute(getDb());
      expect(Number(tables.rows[0]!.n)).toBe(0);
      // --replace: the stranger's file is gone, the backup's originals are in.
      const restored = await restoreBackup({ db, storage: store, databaseUrl: otherUrl }, backup, { replace: true });
      expect(restored.originals).toBe(2);
      const files = (await fs.readdir(store.originalsDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
      expect(files).toHaveLength(2);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});

describe("retention", () => {
  it("keeps the newest backup of each of the last 7 days and of each of the last 4 weeks, and those of the last 48 hours", async () => {
    const dir = path.join(root, "retention");
    const target = new FolderBackupTarget(dir);
    // Sixty days of nightly backups (complete: each has a manifest), two on the last day.
    const names: string[] = [];
    for (let day = 0; day < 60; day++) names.push(backupName(new Date(Date.UTC(2026, 8, 1 + day, 3))));
    names.push(backupName(new Date(Date.UTC(2026, 9, 30, 14))));
    for (const name of names) {
      await fs.mkdir(path.join(dir, name), { recursive: true });
      await fs.writeFile(path.join(dir, name, MANIFEST_FILE), "{}");
    }
    const outcome = await makeBackup(deps(target), "command", new Date(Date.UTC(2026, 9, 31, 3)));
    expect(outcome.status).toBe("succeeded");
    expect((await completeBackups(target)).sort()).toEqual([
      // Weekly: the newest of the weeks starting Monday 5 and Monday 12 October...
      "2026-10-11T030000000Z",
      "2026-10-18T030000000Z",
      // ...and daily, the last 7 days (their weeks, 19 and 26 October, are among them)...
      "2026-10-25T030000000Z",
      "2026-10-26T030000000Z",
      "2026-10-27T030000000Z",
      "2026-10-28T030000000Z",
      "2026-10-29T030000000Z",
      "2026-10-30T140000000Z",
      "2026-10-31T030000000Z",
      // ...and every one of the last 48 hours.
      "2026-10-30T030000000Z",
    ].sort());
  }, 60_000);

  it("never removes a backup of the last 48 hours: Back up now after a mistake keeps the day's good copy", async () => {
    const dir = path.join(root, "retention-recent");
    const target = new FolderBackupTarget(dir);
    const at = (day: number, hour: number) => backupName(new Date(Date.UTC(2026, 9, day, hour)));
    const names = [...Array.from({ length: 31 }, (_, i) => at(i + 1, 3)), at(28, 1), at(29, 13), at(29, 15), at(30, 20), at(31, 10), at(31, 12)];
    for (const name of names) {
      await fs.mkdir(path.join(dir, name), { recursive: true });
      await fs.writeFile(path.join(dir, name, MANIFEST_FILE), "{}");
    }
    const outcome = await makeBackup(deps(target), "dashboard", new Date(Date.UTC(2026, 9, 31, 14)));
    expect(outcome).toMatchObject({ status: "succeeded" });
    expect((await completeBackups(target)).sort()).toEqual(
      [
        // The weeks starting Monday 5, 12 and 19 October.
        at(11, 3),
        at(18, 3),
        at(25, 3),
        // The days 26 to 28 October.
        at(26, 3),
        at(27, 3),
        at(28, 3),
        // Every backup of the last 48 hours, whatever its day has besides.
        at(29, 15),
        at(30, 3),
        at(30, 20),
        at(31, 3),
        at(31, 10),
        at(31, 12),
        at(31, 14),
      ].sort(),
    );
  }, 60_000);
});

describe("an original the shop refers to that is lost", () => {
  it("is named on the run and the dashboard, and old backups are kept until one has it again", async () => {
    const input = productCreateSchema.parse({ category: "wall-hanging", name: "Lost photo", price: "900", fixedPrice: "", height: "5", width: "5", length: "1", weight: "200" });
    const { id } = await createProduct(input, [await saveTestUpload(await makeJpeg(120, 90, 7))]);
    const [media] = await getDb()
      .selectFrom("media")
      .innerJoin("product_images", "product_images.media_id", "media.id")
      .select("media.original_path")
      .where("product_images.product_id", "=", id)
      .execute();
    const lost = media!.original_path;
    await getStorage().remove("originals", lost);

    const dir = path.join(root, "lost");
    const target = new FolderBackupTarget(dir);
    // Sixty nights of older backups: retention would remove most of them.
    for (let day = 0; day < 60; day++) {
      const name = backupName(new Date(Date.UTC(2026, 8, 1 + day, 3)));
      await fs.mkdir(path.join(dir, name), { recursive: true });
      await fs.writeFile(path.join(dir, name, MANIFEST_FILE), "{}");
    }
    const outcome = await makeBackup(deps(target), "command", new Date(Date.UTC(2026, 9, 31, 3)));
    expect(outcome).toMatchObject({ status: "succeeded", missing: [lost], removed: [] });
    expect(await completeBackups(target)).toHaveLength(61);
    const runs = await latestRuns(getDb());
    expect(runs.last?.error).toBe(BACKUP_TEXTS.missingOriginals([lost]));
    expect(backupWarning(runs)).toEqual({ message: BACKUP_TEXTS.warningMissing, reason: BACKUP_TEXTS.missingOriginals([lost]) });
  }, 60_000);
});

describe("the bucket target", () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3({ directory: path.join(root, "s3rver"), bucket: "shop-backups" });
  });
  afterAll(async () => s3?.stop());

  it("backs up into a bucket prefix, finds it complete, verifies it and restores from it", async () => {
    const env = parseEnv({
      ...process.env,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      BACKUP_S3_BUCKET: "shop-backups",
      BACKUP_S3_PREFIX: "dokra/nightly/",
    });
    const target = backupTargetFromEnv(env);
    expect(target.location).toBe("s3://shop-backups/dokra/nightly/");
    const outcome = await makeBackup(deps(target), "command");
    expect(outcome.status).toBe("succeeded");
    const name = (outcome as { name: string }).name;
    expect(await completeBackups(target)).toEqual([name]);
    const manifest = await verifyBackup(target, name);
    expect(manifest.files.map((file) => file.path).filter((p) => p.startsWith("originals/"))).toHaveLength(2);

    const db = createDb(otherUrl, { connectionLimit: 2 });
    try {
      const store = new LocalDiskStorage(path.join(root, "from-bucket"));
      const restored = await restoreBackup({ db, storage: store, databaseUrl: otherUrl }, { target, name }, { replace: true });
      expect(restored.originals).toBe(2);
      const count = await db.selectFrom("interest_searches").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(300_000);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
