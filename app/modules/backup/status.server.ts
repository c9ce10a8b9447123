// What the dashboard shows and asks of backups: the last runs, the warning on every
// dashboard page, "Back up now" (a job for the worker) and the latest dump to download.
import type { Readable } from "node:stream";
import { getEnv } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { addJob, getQueues } from "#app/modules/jobs/queue.server.ts";
import { getDb } from "#db/index.ts";
import { BACKUP_NOW_JOB_ID, MAX_RECENT } from "./jobs.ts";
import { backupRunning, completeBackups, hasDump, newestWithDump } from "./make.server.ts";
import { DUMP_FILE, recentBackups } from "./manifest.ts";
import { BACKUP_TEXTS } from "./messages.ts";
import { failInterrupted, latestRuns, type BackupRun } from "./records.server.ts";
import { backupTargetFromEnv } from "./target.server.ts";

const log = logger.child({ component: "backup" });

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
  /** The last good backup's dump is in this server's backup folder or bucket (not so after a restore onto a new server). */
  lastGoodHere: boolean;
  /** "Download latest database dump" has a dump to give. */
  downloadable: boolean;
}

async function nowJobPending(): Promise<boolean> {
  const job = await getQueues().maintenance.getJob(BACKUP_NOW_JOB_ID).catch(() => undefined);
  if (!job) return false;
  const state = await job.getState().catch(() => "unknown");
  return state === "waiting" || state === "delayed" || state === "prioritized" || state === "active";
}

/** Where the backups' files are: a few stats, or HEADs of the bucket. */
async function filesHere(lastGood: BackupRun | null): Promise<Pick<BackupCardData, "lastGoodHere" | "downloadable">> {
  const target = backupTargetFromEnv();
  try {
    const lastGoodHere = lastGood !== null && (await hasDump(target, lastGood.name));
    return { lastGoodHere, downloadable: lastGoodHere || (await newestWithDump(target)) !== null };
  } catch (error) {
    // Not readable just now (a bucket that does not answer): offered as ever; the download says why.
    log.warn({ err: error }, "could not look for the backups' files");
    return { lastGoodHere: true, downloadable: true };
  }
}

export async function backupCard(): Promise<BackupCardData> {
  const runs = await currentRuns();
  return { ...runs, queued: await nowJobPending(), warning: backupWarning(runs), ...(await filesHere(runs.lastGood)) };
}

/** Retention keeps every recent backup (manifest.ts), so "Back up now" stops at MAX_RECENT of them. */
async function tooManyRecent(): Promise<boolean> {
  try {
    return recentBackups(await completeBackups(backupTargetFromEnv()), new Date()).length >= MAX_RECENT;
  } catch {
    return false; // the run itself says what is wrong with the target
  }
}

/** The owner's "Back up now": queued for the worker, unless one is already running or waiting, or too many recent ones are kept. */
export async function requestBackup(): Promise<"queued" | "running" | "queue-down" | "too-many"> {
  const { last } = await currentRuns();
  if (last?.status === "running") return "running";
  if (await tooManyRecent()) return "too-many";
  try {
    await addJob("backup", { trigger: "dashboard" }, BACKUP_NOW_JOB_ID);
  } catch {
    return "queue-down";
  }
  return "queued";
}

/** The newest complete backup's database dump, for download; null when this server has none. */
export async function latestDump(): Promise<{ filename: string; body: Readable } | null> {
  const target = backupTargetFromEnv();
  const newest = await newestWithDump(target);
  if (!newest) return null;
  return { filename: `dokra-${newest}-${DUMP_FILE}`, body: await target.read(newest, DUMP_FILE) };
}
