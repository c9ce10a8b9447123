// Make a backup now (the worker also makes one daily at BACKUP_HOUR): npm run backup
// Where it goes, retention and how to restore: docs/operations.md.
import { loadEnvOrExit } from "#app/env.server.ts";
import { backupDepsFromEnv } from "#app/modules/backup/job.server.ts";
import { makeBackup } from "#app/modules/backup/make.server.ts";
import { BACKUP_TEXTS, formatBytes } from "#app/modules/backup/messages.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { closeDb, getDb } from "#db/index.ts";

loadEnvOrExit();
const deps = backupDepsFromEnv(getDb(), getStorage());
let code = 0;
try {
  const outcome = await makeBackup(deps, "command");
  if (outcome.status === "succeeded") {
    console.log(`backup ${outcome.name}: ${outcome.files} files, ${formatBytes(outcome.bytes)}, in ${deps.target.location}`);
    if (outcome.missing.length) console.warn(BACKUP_TEXTS.missingOriginals(outcome.missing));
    if (outcome.removed.length) console.log(`removed by retention: ${outcome.removed.join(", ")}`);
  } else if (outcome.status === "busy") {
    console.error(BACKUP_TEXTS.alreadyRunning);
    code = 1;
  } else {
    console.error(`backup failed: ${outcome.reason}`);
    code = 1;
  }
} finally {
  await closeDb();
}
process.exit(code);
