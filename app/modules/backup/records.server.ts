// The `backups` table: the record of every backup run. Written only here.
import { sql } from "kysely";
import type { DB } from "#db/index.ts";
import type { BackupsTable } from "#db/schema.ts";
import { BACKUP_TEXTS } from "./messages.ts";

export type Trigger = BackupsTable["trigger_source"];

export async function recordStart(db: DB, run: { name: string; trigger: Trigger; location: string }): Promise<number> {
  const { insertId } = await db
    .insertInto("backups")
    .values({ name: run.name, trigger_source: run.trigger, location: run.location, phase: null })
    .executeTakeFirstOrThrow();
  return Number(insertId);
}

export async function recordPhase(db: DB, id: number, phase: string): Promise<void> {
  await db.updateTable("backups").set({ phase }).where("id", "=", id).execute();
}

/** A run that finished; `warning` says what it is without (kept in the error column, as a failure's reason is). */
export async function recordSuccess(db: DB, id: number, size: { bytes: number; files: number }, warning: string | null = null): Promise<void> {
  await db
    .updateTable("backups")
    .set({ status: "succeeded", phase: null, bytes: size.bytes, files: size.files, error: warning, finished_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where("id", "=", id)
    .execute();
}

export async function recordFailure(db: DB, id: number, reason: string): Promise<void> {
  await db
    .updateTable("backups")
    .set({ status: "failed", phase: null, error: reason.slice(0, 2000), finished_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where("id", "=", id)
    .execute();
}

/** Runs still marked running while nobody holds the backup lock (all of them, or the one `id`): their process died. */
export async function failInterrupted(db: DB, id?: number): Promise<void> {
  let update = db
    .updateTable("backups")
    .set({ status: "failed", phase: null, error: BACKUP_TEXTS.interrupted, finished_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where("status", "=", "running");
  if (id !== undefined) update = update.where("id", "=", id);
  await update.execute();
}

/** After a restore: the run that made this backup did succeed (the dump caught it running). */
export async function recordRestored(db: DB, name: string, size: { bytes: number; files: number }, finishedAt: Date): Promise<void> {
  await db
    .updateTable("backups")
    .set({ status: "succeeded", phase: null, bytes: size.bytes, files: size.files, finished_at: finishedAt })
    .where("name", "=", name)
    .execute();
}

export interface BackupRun {
  id: number;
  name: string;
  status: BackupsTable["status"]["__select__"];
  phase: string | null;
  location: string;
  bytes: number | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

const columns = ["id", "name", "status", "phase", "location", "bytes", "error", "started_at", "finished_at"] as const;

function toRun(row: { id: number; name: string; status: BackupRun["status"]; phase: string | null; location: string; bytes: number | null; error: string | null; started_at: Date; finished_at: Date | null }): BackupRun {
  return {
    id: Number(row.id),
    name: row.name,
    status: row.status,
    phase: row.phase,
    location: row.location,
    bytes: row.bytes === null ? null : Number(row.bytes),
    error: row.error,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/** The last run (running or not) and the last successful one. */
export async function latestRuns(db: DB): Promise<{ last: BackupRun | null; lastGood: BackupRun | null }> {
  const [last, lastGood] = await Promise.all([
    db.selectFrom("backups").select(columns).orderBy("id", "desc").limit(1).executeTakeFirst(),
    db.selectFrom("backups").select(columns).where("status", "=", "succeeded").orderBy("finished_at", "desc").limit(1).executeTakeFirst(),
  ]);
  return { last: last ? toRun(last) : null, lastGood: lastGood ? toRun(lastGood) : null };
}
