// Restore a backup into this server's database and media store:
//   npm run restore -- <backup folder, or a backup's name in BACKUP_DIR / the backup bucket> [--replace]
// Every checksum is checked first; a non-empty database or store is refused without --replace.
// Step by step (another machine, a new server): docs/operations.md.
import { loadEnvOrExit } from "#app/env.server.ts";
import { RESTORE_TEXTS } from "#app/modules/backup/messages.ts";
import { locateBackup, restoreBackup, RestoreFailed, RestoreRefused } from "#app/modules/backup/restore.server.ts";
import { backupTargetFromEnv } from "#app/modules/backup/target.server.ts";
import { closeQueues } from "#app/modules/jobs/queue.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { startTriesAfresh } from "#app/modules/media/records.server.ts";
import { bumpPublicVersion, closePublicVersion } from "#app/modules/site/public-version.server.ts";
import { closeDb, getDb } from "#db/index.ts";
import { reconcile } from "#workers/reconcile.ts";

const args = process.argv.slice(2);
const replace = args.includes("--replace");
const [argument, ...rest] = args.filter((arg) => arg !== "--replace");
if (!argument || rest.length > 0 || argument.startsWith("--")) {
  console.error(RESTORE_TEXTS.usage);
  process.exit(2);
}

const env = loadEnvOrExit();
const db = getDb();
const storage = getStorage();
let code = 0;
try {
  await storage.ensureDirs();
  const backup = locateBackup(argument, backupTargetFromEnv(env));
  await restoreBackup({ db, storage, databaseUrl: env.DATABASE_URL }, backup, { replace, say: (line) => console.log(line) });
  // The derived sizes are not in a backup: with their tries afresh, the reconcile's repair queues
  // every record missing them (and any left processing) for the worker; nothing is old enough to be swept.
  await startTriesAfresh(db);
  const report = await reconcile(db, storage, { requeueAfterMs: 0, fileGraceMs: 100 * 365 * 86_400_000 });
  console.log(RESTORE_TEXTS.queued(report.repaired.length + report.requeued.length + report.storageRetried.length));
  await bumpPublicVersion();
  console.log(RESTORE_TEXTS.done(backup.name));
} catch (error) {
  if (!(error instanceof RestoreRefused || error instanceof RestoreFailed)) throw error;
  console.error(error.message);
  code = 1;
} finally {
  await closeQueues();
  await closePublicVersion();
  await closeDb();
}
process.exit(code);
