// Making one backup: every original the database references, a dump taken in one
// transaction, the originals added while it ran, and last the manifest with every file's
// sha256 and size. One backup at a time (a database lock, gone with a killed process).
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { createGzip } from "node:zlib";
import { sql } from "kysely";
import { logger } from "#app/lib/logger.server.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import { commissionPhotoKeys } from "#app/modules/contact/commissions.server.ts";
import type { DB } from "#db/index.ts";
import { databaseAddress, dumpDatabase } from "./database-tools.server.ts";
import { BACKUP_PHASES, BACKUP_TEXTS } from "./messages.ts";
import { backupName, backupsToKeep, backupTime, DUMP_FILE, MANIFEST_FILE, MANIFEST_FORMAT, ORIGINALS_FOLDER, type Manifest, type ManifestFile } from "./manifest.ts";
import { failInterrupted, recordFailure, recordPhase, recordStart, recordSuccess, type Trigger } from "./records.server.ts";
import type { BackupTarget } from "./target.server.ts";

const log = logger.child({ component: "backup" });

export interface BackupDeps {
  db: DB;
  storage: MediaStorage;
  target: BackupTarget;
  databaseUrl: string;
  keep: { daily: number; weekly: number };
}

export type BackupOutcome =
  | { status: "succeeded"; name: string; bytes: number; files: number; removed: string[]; missing: string[] }
  | { status: "failed"; name: string; reason: string }
  | { status: "busy" };

/** The stream passed through, its sha256 and size counted on the way. */
export function hashing(source: Readable): { stream: Readable; result: () => { sha256: string; bytes: number } } {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  source.once("error", (error) => stream.destroy(error));
  source.pipe(stream);
  let digest: string | undefined;
  return { stream, result: () => ({ sha256: (digest ??= hash.digest("hex")), bytes }) };
}

/** Every original the database references: the media rows' and the commission requests' reference photos. */
async function referencedOriginals(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("media").select("original_path").distinct().execute();
  const keys = new Set([...rows.map((row) => row.original_path), ...(await commissionPhotoKeys(db))]);
  return [...keys].sort();
}

/** Whether a backup is complete: its manifest is there. */
export async function isComplete(target: BackupTarget, name: string): Promise<boolean> {
  return target.has(name, MANIFEST_FILE);
}

async function backupNames(target: BackupTarget): Promise<string[]> {
  return (await target.list()).filter((name) => backupTime(name) !== null).sort().reverse();
}

/** The complete backups, newest first. */
export async function completeBackups(target: BackupTarget): Promise<string[]> {
  const complete: string[] = [];
  for (const name of await backupNames(target)) if (await isComplete(target, name)) complete.push(name);
  return complete;
}

/** Whether a backup is complete and its dump is there (not removed by hand). */
export async function hasDump(target: BackupTarget, name: string): Promise<boolean> {
  return (await isComplete(target, name)) && (await target.has(name, DUMP_FILE));
}

/** The newest complete backup whose dump is there, or null: what "Download latest database dump" gives. */
export async function newestWithDump(target: BackupTarget): Promise<string | null> {
  for (const name of await backupNames(target)) if (await hasDump(target, name)) return name;
  return null;
}

/** What the owner reads when a backup fails. */
function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOSPC" || code === "EDQUOT") return "The backup disk is full.";
  if (code === "EROFS" || code === "EACCES" || code === "EPERM" || code === "ENOTDIR" || code === "EEXIST") {
    return `The backup folder cannot be written (${code}): ${(error as Error).message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Copies the originals; returns the keys not found in the store. */
async function copyOriginals(deps: BackupDeps, name: string, keys: readonly string[], files: ManifestFile[], onProgress: (done: number) => Promise<void>): Promise<string[]> {
  let done = 0;
  const notFound: string[] = [];
  for (const key of keys) {
    let source: Readable;
    try {
      source = await deps.storage.openOriginal(key);
    } catch (error) {
      // Its record was deleted since the list was read, or the file is lost: the run tells which.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      notFound.push(key);
      continue;
    }
    const path = `${ORIGINALS_FOLDER}${key}`;
    const hashed = hashing(source);
    await deps.target.write(name, path, hashed.stream);
    files.push({ path, ...hashed.result() });
    if (++done % 20 === 0) await onProgress(done);
  }
  return notFound;
}

async function run(deps: BackupDeps, name: string, id: number): Promise<{ bytes: number; files: number; missing: string[] }> {
  const { db, target } = deps;
  const startedAt = new Date().toISOString();
  const originals: ManifestFile[] = [];
  // Originals first, then the dump, then those added meanwhile: every record in the dump that
  // still exists once the dump is done has its original here.
  const before = await referencedOriginals(db);
  await recordPhase(db, id, BACKUP_PHASES.originals(0, before.length));
  const notFound = await copyOriginals(deps, name, before, originals, (done) => recordPhase(db, id, BACKUP_PHASES.originals(done, before.length)));

  await recordPhase(db, id, BACKUP_PHASES.database);
  let dump: ManifestFile | undefined;
  const tool = await dumpDatabase(databaseAddress(deps.databaseUrl), async (stream) => {
    const hashed = hashing(stream.pipe(createGzip()));
    await target.write(name, DUMP_FILE, hashed.stream);
    dump = { path: DUMP_FILE, ...hashed.result() };
  });

  await recordPhase(db, id, BACKUP_PHASES.lateOriginals);
  const copied = new Set(before);
  const referenced = await referencedOriginals(db);
  notFound.push(...(await copyOriginals(deps, name, referenced.filter((key) => !copied.has(key)), originals, async () => undefined)));
  // Lost files, not records deleted meanwhile: the records that still name them are in the dump.
  const stillReferenced = new Set(referenced);
  const missing = notFound.filter((key) => stillReferenced.has(key));
  if (missing.length > 0) log.warn({ missing }, "originals the database refers to are missing; the backup is without them");

  await recordPhase(db, id, BACKUP_PHASES.manifest);
  const migration = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  const files = [dump!, ...originals];
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    name,
    startedAt,
    finishedAt: new Date().toISOString(),
    database: { name: databaseAddress(deps.databaseUrl).database, tool, lastMigration: migration.rows[0]?.name ?? null },
    files,
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
  };
  await target.writeManifest(name, `${JSON.stringify(manifest, null, 2)}\n`);
  return { bytes: manifest.totalBytes, files: files.length, missing };
}

/** Removes what interrupted runs (killed, disk full) left: backups without a manifest. */
async function removeIncomplete(target: BackupTarget): Promise<void> {
  for (const name of await target.list()) {
    if (backupTime(name) !== null && !(await isComplete(target, name))) {
      log.warn({ name }, "removing an incomplete backup left by an interrupted run");
      await target.remove(name);
    }
  }
}

/** Removes the complete backups retention does not keep; returns their names. */
async function applyRetention(deps: BackupDeps, current: string, now: Date): Promise<string[]> {
  const complete = await completeBackups(deps.target);
  const keep = backupsToKeep(complete, deps.keep, now);
  const removed = complete.filter((name) => !keep.has(name) && name !== current);
  for (const name of removed) await deps.target.remove(name);
  return removed;
}

/** How long a run waits for the backup lock before it answers "busy". */
const LOCK_WAIT_SECONDS = 5;

/** The database lock a run holds from before it records itself until it has recorded its end. */
export function backupLockName(databaseUrl: string): string {
  return `dokra-backup:${databaseAddress(databaseUrl).database}`.slice(0, 64);
}

/** Whether a run holds the backup lock now (a process killed mid-run holds none once the database has seen it go). */
export async function backupRunning(db: DB, databaseUrl: string): Promise<boolean> {
  const held = await sql<{ owner: number | null }>`SELECT IS_USED_LOCK(${backupLockName(databaseUrl)}) AS owner`.execute(db);
  return (held.rows[0]?.owner ?? null) !== null;
}

/**
 * Makes one backup and records the run. Backups left incomplete by an earlier run (killed,
 * disk full) are removed first; old ones past retention after. "busy" when one is running.
 */
export async function makeBackup(deps: BackupDeps, trigger: Trigger, now = new Date()): Promise<BackupOutcome> {
  const lockName = backupLockName(deps.databaseUrl);
  return deps.db.connection().execute(async (connection) => {
    // A few seconds' wait: the lock of a process killed a moment ago is freed only once the
    // database has seen its connection close, and a run then is not "busy".
    const locked = await sql<{ got: number | null }>`SELECT GET_LOCK(${lockName}, ${LOCK_WAIT_SECONDS}) AS got`.execute(connection);
    if (Number(locked.rows[0]?.got) !== 1) return { status: "busy" as const };
    try {
      await failInterrupted(deps.db);
      const name = backupName(now);
      const id = await recordStart(deps.db, { name, trigger, location: deps.target.location });
      let size;
      try {
        await removeIncomplete(deps.target);
        size = await run(deps, name, id);
      } catch (error) {
        const reason = reasonOf(error);
        log.error({ err: error, name }, "backup failed");
        await recordFailure(deps.db, id, reason);
        await deps.target.remove(name).catch((e: unknown) => log.warn({ err: e, name }, "could not remove the failed backup; the next run will"));
        return { status: "failed" as const, name, reason };
      }
      await recordSuccess(deps.db, id, size, size.missing.length > 0 ? BACKUP_TEXTS.missingOriginals(size.missing) : null);
      // Without files the shop refers to, the older backups may be the only ones holding them.
      const removed =
        size.missing.length > 0
          ? []
          : await applyRetention(deps, name, now).catch((error: unknown) => {
              log.warn({ err: error }, "could not remove old backups; the next run retries");
              return [];
            });
      log.info({ name, ...size, removed }, "backup made");
      return { status: "succeeded" as const, name, ...size, removed };
    } finally {
      await sql`SELECT RELEASE_LOCK(${lockName})`.execute(connection);
    }
  });
}
