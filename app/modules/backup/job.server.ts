// The worker's side: the job that makes a backup, and the daily schedule.
import type { Job, Queue } from "bullmq";
import { getEnv } from "#app/env.server.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import type { DB } from "#db/index.ts";
import { JOBS, type BackupJobData } from "#app/modules/jobs/jobs.ts";
import { BACKUP_SCHEDULER, dailyPattern } from "./jobs.ts";
import { makeBackup, type BackupOutcome } from "./make.server.ts";
import { backupTargetFromEnv } from "./target.server.ts";

export function backupDepsFromEnv(db: DB, storage: MediaStorage) {
  const env = getEnv();
  return {
    db,
    storage,
    target: backupTargetFromEnv(env),
    databaseUrl: env.DATABASE_URL,
    keep: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY },
  };
}

/** Makes the backup; a failure fails the job with the reason (already recorded for the dashboard). */
export async function runBackupJob(job: Job<BackupJobData>, deps: { db: DB; storage: MediaStorage }): Promise<BackupOutcome> {
  const outcome = await makeBackup(backupDepsFromEnv(deps.db, deps.storage), job.data.trigger);
  if (outcome.status === "failed") throw new Error(outcome.reason);
  return outcome;
}

/** Puts the daily backup's schedule on the maintenance queue (idempotent). */
export async function scheduleDailyBackup(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    BACKUP_SCHEDULER,
    { pattern: dailyPattern(getEnv().BACKUP_HOUR) },
    { name: "backup", data: { trigger: "schedule" } satisfies BackupJobData, opts: JOBS.backup.options },
  );
}
