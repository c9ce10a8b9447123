// What the dashboard shows and asks of backups: the last runs, the warning on every
// dashboard page, "Back up now" (a job for the worker) and the latest dump to download.
import type { Readable } from "node:stream";
import { getEnv } from "#app/env.server.ts";
import { addJob, getQueues } from "#app/modules/jobs/queue.server.ts";
import { getDb } from "#db/index.ts";
import { BACKUP_NOW_JOB_ID } from "./jobs.ts";
import { backupRunning, completeBackups } from "./make.server.ts";
import { DUMP_FILE } from "./manifest.ts";
import { BACKUP_TEXTS } from "./messages.ts";
import { failInterrupted, latestRuns, type BackupRun } from "./records.server.ts";
import { backupTargetFromEnv } from "./target.server.ts";

/** A backup older than this is no longer a recent one. */
export const BACKUP_WARN_AFTER_MS = 48 * 3600 * 1000;

export interface BackupWarning {
  message: string;
  reason: string | null;
}

/** The warning every dashboard page shows, or null when the last backup is recent and the last run did not fail. */
export function backupWarning(runs: { last: BackupRun | null; lastGood: BackupRun | null }, now = Date.now()): BackupWarning | null {
  if (runs.last?.status === "failed") return { message: BACKUP_TEXTS.warningFailed, reason: runs.last.error };
  if (runs.last?.status === "succeeded" && runs.last.error) return { message: BACKUP_TEXTS.warningMissing, reason: runs.last.error };
  if (!runs.lastGood) return { message: BACKUP_TEXTS.warningNone, reason: null };
  if (now - Date.parse(runs.lastGood.finishedAt!) > BACKUP_WARN_AFTER_MS) return { message: BACKUP_TEXTS.warningOld, reason: null };
  return null;
}

/**
 * The last runs, with a run recorded as running that holds no lock recorded as interrupted: its
 * process was killed, and "Back up now" must not wait for the next scheduled run to find out.
 */
async function currentRuns(): Promise<Awaited<ReturnType<typeof latestRuns>>> {
  const db = getDb();
  const runs = await latestRuns(db);
  if (runs.last?.status !== "running" || (await backupRunning(db, getEnv().DATABASE_URL))) return runs;
  // That run only: one that has started since holds the lock.
  await failInterrupted(db, runs.last.id);
  return latestRuns(db);
}

export async function backupWarningNow(): Promise<BackupWarning | null> {
  return backupWarning(await currentRuns());
}

export interface BackupCardData {
  last: BackupRun | null;
  lastGood: BackupRun | null;
  /** "Back up now" was pressed and its job has not ended (a run only records itself once it has the lock). */
  queued: boolean;
  warning: BackupWarning | null;
}

async function nowJobPending(): Promise<boolean> {
  const job = await getQueues().maintenance.getJob(BACKUP_NOW_JOB_ID).catch(() => undefined);
  if (!job) return false;
  const state = await job.getState().catch(() => "unknown");
  return state === "waiting" || state === "delayed" || state === "prioritized" || state === "active";
}

export async function backupCard(): Promise<BackupCardData> {
  const runs = await currentRuns();
  return { ...runs, queued: await nowJobPending(), warning: backupWarning(runs) };
}

/** The owner's "Back up now": queued for the worker, unless one is already running or waiting. */
export async function requestBackup(): Promise<"queued" | "running" | "queue-down"> {
  const { last } = await currentRuns();
  if (last?.status === "running") return "running";
  try {
    await addJob("backup", { trigger: "dashboard" }, BACKUP_NOW_JOB_ID);
  } catch {
    return "queue-down";
  }
  return "queued";
}

/** The newest complete backup's database dump, for download; null when there is none. */
export async function latestDump(): Promise<{ filename: string; body: Readable } | null> {
  const target = backupTargetFromEnv();
  const [newest] = await completeBackups(target);
  if (!newest) return null;
  return { filename: `dokra-${newest}-${DUMP_FILE}`, body: await target.read(newest, DUMP_FILE) };
}
