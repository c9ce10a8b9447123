// Checking a backup and putting it back: every checksum first (a damaged backup is refused,
// naming the file), then an empty database and media store (or --replace), the dump, the
// migrations and the originals. Re-making the derived sizes is the worker's (scripts/restore.ts).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { sql } from "kysely";
import type { MediaStorage, StorageArea } from "#app/modules/media/storage.server.ts";
import type { DB } from "#db/index.ts";
import { ensureDatabase, migrateToLatest } from "#db/migrate.ts";
import { migrations } from "#db/migrations/index.ts";
import { databaseAddress, hasClientTool, loadDatabase } from "./database-tools.server.ts";
import { hashing } from "./make.server.ts";
import { DUMP_FILE, MANIFEST_FILE, ORIGINALS_FOLDER, parseManifest, type Manifest } from "./manifest.ts";
import { formatBytes, RESTORE_TEXTS } from "./messages.ts";
import { failInterrupted, recordRestored } from "./records.server.ts";
import { FolderBackupTarget, type BackupTarget } from "./target.server.ts";

/** A restore that must not go on; its message says why and that nothing changed. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

/** A restore that failed on the way; its message says what failed and the state it left. */
export class RestoreFailed extends Error {
  override name = "RestoreFailed";
}

/**
 * The backup an argument names: a folder on this machine (copied from another, say), or
 * the name of a backup in the configured target.
 */
export function locateBackup(argument: string, configured: BackupTarget): { target: BackupTarget; name: string } {
  const folder = path.resolve(argument.replace(/\/+$/, ""));
  if (existsSync(folder) && statSync(folder).isDirectory()) {
    return { target: new FolderBackupTarget(path.dirname(folder)), name: path.basename(folder) };
  }
  return { target: configured, name: argument };
}

async function readText(target: BackupTarget, name: string, file: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await target.read(name, file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads the manifest and every file it names; refuses the backup at the first file that does not match. */
export async function verifyBackup(target: BackupTarget, name: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readText(target, name, MANIFEST_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new RestoreRefused(RESTORE_TEXTS.noManifest(name));
    throw error;
  }
  const manifest = parseManifest(text);
  if (typeof manifest === "string") throw new RestoreRefused(RESTORE_TEXTS.badManifest(name, manifest));
  if (manifest.files[0]?.path !== DUMP_FILE) throw new RestoreRefused(RESTORE_TEXTS.badManifest(name, `the first file is not ${DUMP_FILE}`));
  for (const file of manifest.files) {
    let source;
    try {
      source = await target.read(name, file.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new RestoreRefused(RESTORE_TEXTS.damaged(file.path, "is missing"));
      throw error;
    }
    const hashed = hashing(source);
    hashed.stream.resume();
    await new Promise<void>((resolve, reject) => hashed.stream.once("end", resolve).once("error", reject));
    const { sha256, bytes } = hashed.result();
    if (bytes !== file.bytes) throw new RestoreRefused(RESTORE_TEXTS.damaged(file.path, `has ${bytes} bytes where the manifest says ${file.bytes}`));
    if (sha256 !== file.sha256) throw new RestoreRefused(RESTORE_TEXTS.damaged(file.path, "does not match its sha256 checksum"));
  }
  return manifest;
}

async function tablesIn(db: DB, database: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${database}`.execute(db);
  return rows.rows.map((row) => row.name);
}

async function firstFile(storage: MediaStorage, area: StorageArea): Promise<string | null> {
  for await (const key of storage.listOlderThan(area, new Date(Date.now() + 86_400_000))) return key;
  return null;
}

async function dropTables(db: DB, database: string): Promise<void> {
  const tables = await tablesIn(db, database);
  await db.connection().execute(async (connection) => {
    await sql`SET FOREIGN_KEY_CHECKS = 0`.execute(connection);
    for (const table of tables) await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(connection);
    await sql`SET FOREIGN_KEY_CHECKS = 1`.execute(connection);
  });
}

/** The client's own error line ("ERROR 1064 (42000) at line 12: …"), else the error's last line. */
function clientError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split("\n").map((line) => line.trim()).filter(Boolean);
  return lines.findLast((line) => line.startsWith("ERROR")) ?? lines.at(-1) ?? "no message";
}

async function emptyStore(storage: MediaStorage): Promise<void> {
  for (const area of ["originals", "media"] as const) {
    const keys: string[] = [];
    for await (const key of storage.listOlderThan(area, new Date(Date.now() + 86_400_000))) keys.push(key);
    for (const key of keys) await storage.remove(area, key);
  }
}

export interface RestoreDeps {
  db: DB;
  storage: MediaStorage;
  databaseUrl: string;
}

/** Restores a verified backup into the database and media store; `say` reports each step. */
export async function restoreBackup(
  deps: RestoreDeps,
  backup: { target: BackupTarget; name: string },
  options: { replace: boolean; say?: (line: string) => void },
): Promise<{ manifest: Manifest; originals: number }> {
  const say = options.say ?? (() => undefined);
  const { target, name } = backup;
  const manifest = await verifyBackup(target, name);
  say(RESTORE_TEXTS.verified(manifest.files.length, formatBytes(manifest.totalBytes)));
  // Refused before anything is dropped: the migrations could not bring a newer shop's tables to
  // this code, and without the client tool the dump cannot be loaded.
  const last = manifest.database.lastMigration;
  if (last !== null && !Object.hasOwn(migrations, last)) throw new RestoreRefused(RESTORE_TEXTS.newerCode(last));
  if (!(await hasClientTool())) throw new RestoreRefused(RESTORE_TEXTS.noClientTool);

  await ensureDatabase(deps.databaseUrl);
  const address = databaseAddress(deps.databaseUrl);
  const tables = await tablesIn(deps.db, address.database);
  const storeFile = (await firstFile(deps.storage, "originals")) ?? (await firstFile(deps.storage, "media"));
  const replaced = options.replace && (tables.length > 0 || storeFile !== null);
  if (!options.replace) {
    if (tables.length > 0) throw new RestoreRefused(RESTORE_TEXTS.databaseNotEmpty(address.database, tables.length));
    if (storeFile !== null) throw new RestoreRefused(RESTORE_TEXTS.storeNotEmpty(deps.storage.driver));
  } else if (replaced) {
    say(RESTORE_TEXTS.replacing);
    await dropTables(deps.db, address.database);
    await emptyStore(deps.storage);
  }

  try {
    await loadDatabase(address, async (into: Writable) => {
      await pipeline(await target.read(name, DUMP_FILE), createGunzip(), into);
    });
    say(RESTORE_TEXTS.loaded);
    await migrateToLatest(deps.db);
    say(RESTORE_TEXTS.migrated);
  } catch (error) {
    // The load only runs into an empty database: emptied again, a second run is not refused.
    const dropped = await dropTables(deps.db, address.database).then(
      () => null,
      (e: unknown) => clientError(e),
    );
    throw new RestoreFailed(RESTORE_TEXTS.loadFailed({ database: address.database, error: clientError(error), replaced, notDropped: dropped }));
  }

  const originals = manifest.files.filter((file) => file.path.startsWith(ORIGINALS_FOLDER));
  for (const file of originals) {
    await deps.storage.restoreOriginal(file.path.slice(ORIGINALS_FOLDER.length), await target.read(name, file.path));
  }
  say(RESTORE_TEXTS.originals(originals.length));

  await recordRestored(deps.db, name, { bytes: manifest.totalBytes, files: manifest.files.length }, new Date(manifest.finishedAt));
  await failInterrupted(deps.db);
  return { manifest, originals: originals.length };
}
