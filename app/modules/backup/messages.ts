// Every sentence the backup module shows the owner or prints on the command line.
import { KEEP_RECENT_HOURS, MAX_RECENT } from "./jobs.ts";

export const BACKUP_TEXTS = {
  cardTitle: "Backups",
  never: "No backup has been made yet.",
  lastGood: "Last backup",
  contents: "It holds every piece, photo and message.",
  onThisServer:
    "These backups are on the shop's own server: if its disk dies, they go with it. Download the database dump now and then to keep your pieces' details elsewhere, and ask whoever runs the server to send backups to cloud storage (BACKUP_S3_BUCKET, docs/operations.md), so the photos are kept safe too.",
  backUpNow: "Back up now",
  queued: "Backup requested: the worker starts it in a moment.",
  alreadyRunning: "A backup is already running.",
  running: "Backing up",
  checkAgain: "Check again",
  download: "Download latest database dump",
  noDump: "This server has no backup to download yet: press Back up now to make one.",
  notHere: "Its files are not on this server: it was made on the server the shop was restored from (or its folder was moved or removed).",
  tooManyRecent: `Not backed up: there are already ${MAX_RECENT} backups from the last ${KEEP_RECENT_HOURS} hours, and every one is kept. Back up now works again once the oldest is ${KEEP_RECENT_HOURS} hours old; the daily backup still runs.`,
  failedAt: "The last backup failed",
  warningNone: "No backup has been made yet. Your pieces, photos and messages exist only on this server.",
  warningOld: "No backup has succeeded in the last 48 hours.",
  warningFailed: "The last backup failed:",
  warningLink: "See backups",
  interrupted: "The backup process stopped before it finished (killed, or the server restarted).",
  warningMissing: "The last backup is without files the shop refers to:",
  missingOriginals: (keys: readonly string[]) =>
    `${keys.length === 1 ? "1 original photo or video" : `${keys.length} original photos or videos`} the shop refers to could not be found in the media store (${keys.slice(0, 5).join(", ")}${keys.length > 5 ? ", …" : ""}). Older backups are kept until a backup has them all.`,
  queueDown: "The backup could not be requested: the job queue (Redis) is not answering. Try again in a minute.",
} as const;

/** The overview's line after "Back up now" or a download, by the `?backup=` key (never free text). */
export const BACKUP_NOTICES: Record<string, string> = {
  queued: BACKUP_TEXTS.queued,
  running: BACKUP_TEXTS.alreadyRunning,
  "queue-down": BACKUP_TEXTS.queueDown,
  "too-many": BACKUP_TEXTS.tooManyRecent,
};

export const BACKUP_PHASES = {
  starting: "Starting",
  originals: (done: number, total: number) => `Copying original photos and videos (${done} of ${total})`,
  database: "Dumping the database",
  lateOriginals: "Copying photos and videos added meanwhile",
  manifest: "Writing the checksums",
  retention: "Removing old backups",
} as const;

export const RESTORE_TEXTS = {
  usage: "usage: npm run restore -- <backup folder or name> [--replace]",
  noManifest: (name: string) =>
    `${name} is not a complete backup: it has no manifest.json (a backup that was interrupted, or not a backup folder). Nothing was changed.`,
  badManifest: (name: string, why: string) => `${name}/manifest.json cannot be read (${why}). Nothing was changed.`,
  damaged: (file: string, why: string) => `The backup is damaged: ${file} ${why}. Nothing was changed.`,
  databaseNotEmpty: (database: string, tables: number) =>
    `The database "${database}" is not empty (${tables} tables). Restoring would overwrite it: run again with --replace to drop everything in it first. Nothing was changed.`,
  storeNotEmpty: (where: string) =>
    `The media store (${where}) already holds files. Run again with --replace to remove them first. Nothing was changed.`,
  newerCode: (migration: string) =>
    `The backup was made by a newer version of the shop: its database has migration ${migration}, which this version does not know. Restore it with that version (or a newer one). Nothing was changed.`,
  noClientTool: "Neither mariadb nor mysql (the database client tool) is installed, so the backup's database cannot be loaded: install the MariaDB (or MySQL) client tools. Nothing was changed.",
  verified: (files: number, bytes: string) => `Checked ${files} files (${bytes}): every checksum matches.`,
  replacing: "--replace: emptying the database and the media store first.",
  loadFailed: (failure: { database: string; error: string; replaced: boolean; notDropped: string | null }) =>
    [
      `The backup's database could not be loaded into "${failure.database}": ${failure.error.replace(/\.?$/, ".")}`,
      failure.notDropped === null
        ? "The tables it had created were dropped, so nothing of it is left half-restored."
        : `The tables it had created could not be dropped (${failure.notDropped}): drop them, or the database, before running the restore again.`,
      failure.replaced
        ? "--replace had already emptied the database and the media store, so the shop that was there is gone."
        : "The media store was not touched.",
      "Fix what the error names (a dump from a newer MariaDB loaded with an older client, a full disk) and run the restore again.",
    ].join(" "),
  loaded: "Database loaded.",
  migrated: "Migrations run.",
  originals: (count: number) => `Put back ${count} original files.`,
  queued: (count: number) => `Queued ${count} photos and videos for the worker to make their sizes again.`,
  done: (name: string) => `Restored ${name}. Start (or restart) the web server and the worker.`,
} as const;

/** "12.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
