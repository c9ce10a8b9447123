// A backup's manifest (what it holds, with the sha256 and size of every file), its name
// and which backups retention keeps. No I/O here.
import { z } from "zod";
import { KEEP_RECENT_HOURS } from "./jobs.ts";

export const MANIFEST_FILE = "manifest.json";
export const DUMP_FILE = "database.sql.gz";
export const ORIGINALS_FOLDER = "originals/";
export const MANIFEST_FORMAT = "dokra-backup/1";

const fileEntry = z.object({
  path: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().min(0),
});
export type ManifestFile = z.infer<typeof fileEntry>;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  name: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The database the dump was taken of, and the last migration it had. */
  database: z.object({ name: z.string(), tool: z.string(), lastMigration: z.string().nullable() }),
  /** The dump first, then every original the database references, under originals/<key>. */
  files: z.array(fileEntry).min(1),
  totalBytes: z.number().int().min(0),
});
export type Manifest = z.infer<typeof manifestSchema>;

const NAME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/;

/** A backup's name: its start time in UTC, sortable ("2026-11-27T073012123Z"). */
export function backupName(at: Date): string {
  return at.toISOString().replace(/[:.]/g, "");
}

/** The time a backup name stands for; null for a folder that is not a backup's. */
export function backupTime(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!));
}

/** Monday of the ISO week, as a day "YYYY-MM-DD" (UTC). */
function weekOf(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

const KEEP_RECENT_MS = KEEP_RECENT_HOURS * 3600 * 1000;

function dated(names: readonly string[]): { name: string; at: Date }[] {
  return names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** The backups younger than KEEP_RECENT_HOURS at `now`, newest first. */
export function recentBackups(names: readonly string[], now: Date): string[] {
  return dated(names)
    .filter((b) => now.getTime() - b.at.getTime() < KEEP_RECENT_MS)
    .map((b) => b.name);
}

/**
 * Which complete backups to keep: every one younger than KEEP_RECENT_HOURS, the newest of each
 * of the last `daily` days that have one, and the newest of each of the last `weekly` weeks
 * that have one (the sets overlap).
 */
export function backupsToKeep(names: readonly string[], keep: { daily: number; weekly: number }, now: Date): Set<string> {
  const kept = new Set<string>(recentBackups(names, now));
  const all = dated(names);
  const pick = (period: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of all) {
      const key = period(b.at);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      kept.add(b.name);
    }
  };
  pick((at) => at.toISOString().slice(0, 10), keep.daily);
  pick(weekOf, keep.weekly);
  return kept;
}

/** The manifest of a backup, or why it is not one. */
export function parseManifest(text: string): Manifest | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "it is not JSON";
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) return `${parsed.error.issues[0]!.path.join(".") || "it"}: ${parsed.error.issues[0]!.message}`;
  return parsed.data;
}
