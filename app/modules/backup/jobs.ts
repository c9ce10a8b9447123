// The backup job's contract: the one job table (app/modules/media/jobs.ts) lists it on the
// maintenance queue; the worker runs it with runBackupJob (job.server.ts).
import type { JobsOptions } from "bullmq";

export const BACKUP_JOB = "backup";
/** The daily schedule's id on the maintenance queue. */
export const BACKUP_SCHEDULER = "daily-backup";
/** The dashboard's "Back up now": one job id, so pressing twice while it waits queues one. */
export const BACKUP_NOW_JOB_ID = "backup-now";

export interface BackupJobData {
  trigger: "schedule" | "dashboard";
}

/** Not retried: a failed backup is recorded with its reason, and the next one tries afresh. */
export const BACKUP_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: 20,
  removeOnFail: 20,
};

/** The daily schedule: minute 0 of BACKUP_HOUR, in the server's time zone. */
export function dailyPattern(hour: number): string {
  return `0 ${hour} * * *`;
}
