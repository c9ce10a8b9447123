// The backup job's schedule and ids, and how many recent backups "Back up now" may add. The job
// itself ("backup": its queue, payload and retries) is in the one job table,
// app/modules/jobs/jobs.ts; the worker runs it with runBackupJob (job.server.ts).

/** The daily schedule's id on the maintenance queue. */
export const BACKUP_SCHEDULER = "daily-backup";
/** The dashboard's "Back up now": one job id, so pressing twice while it waits queues one. */
export const BACKUP_NOW_JOB_ID = "backup-now";

/** Retention keeps every backup younger than this (manifest.ts, backupsToKeep)... */
export const KEEP_RECENT_HOURS = 48;
/** ...so "Back up now" is refused while this many are: the bound on the disk they take. */
export const MAX_RECENT = 10;

/** The daily schedule: minute 0 of BACKUP_HOUR, in the server's time zone. */
export function dailyPattern(hour: number): string {
  return `0 ${hour} * * *`;
}
