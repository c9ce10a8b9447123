import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { BACKUP_TEXTS } from "./messages.ts";
import type { BackupRun } from "./records.server.ts";
import { backupWarning } from "./status.server.ts";

const NOW = Date.parse("2026-11-27T09:00:00Z");
const HOUR = 3600_000;
const run = (status: BackupRun["status"], finishedHoursAgo: number | null, error: string | null = null): BackupRun => ({
  id: 1,
  name: "n",
  status,
  phase: null,
  location: "/backups",
  bytes: 10,
  error,
  startedAt: new Date(NOW - (finishedHoursAgo ?? 0) * HOUR - 60_000).toISOString(),
  finishedAt: finishedHoursAgo === null ? null : new Date(NOW - finishedHoursAgo * HOUR).toISOString(),
});

describe("the dashboard's backup warning", () => {
  it("warns when no backup was ever made", () => {
    expect(backupWarning({ last: null, lastGood: null }, NOW)).toEqual({ message: BACKUP_TEXTS.warningNone, reason: null });
  });

  it("is quiet for 48 hours after a good backup, and warns after", () => {
    const good = run("succeeded", 47.9);
    expect(backupWarning({ last: good, lastGood: good }, NOW)).toBeNull();
    const old = run("succeeded", 48.1);
    expect(backupWarning({ last: old, lastGood: old }, NOW)).toEqual({ message: BACKUP_TEXTS.warningOld, reason: null });
  });

  it("warns with the reason when the last run failed, even after a recent good one", () => {
    const failed = run("failed", 1, "The backup disk is full.");
    expect(backupWarning({ last: failed, lastGood: run("succeeded", 2) }, NOW)).toEqual({ message: BACKUP_TEXTS.warningFailed, reason: "The backup disk is full." });
  });

  it("stays quiet while a backup runs after a recent good one", () => {
    expect(backupWarning({ last: run("running", null), lastGood: run("succeeded", 20) }, NOW)).toBeNull();
  });
});

describe("backup settings", () => {
  it("default to a folder, 03:00, 7 daily and 4 weekly", () => {
    const env = parseEnv({});
    expect([env.BACKUP_DIR, env.BACKUP_S3_BUCKET, env.BACKUP_HOUR, env.BACKUP_KEEP_DAILY, env.BACKUP_KEEP_WEEKLY]).toEqual([".data/backups", undefined, 3, 7, 4]);
  });

  it("refuse an hour that is not one, naming the setting", () => {
    expect(() => parseEnv({ BACKUP_HOUR: "24" })).toThrow(/^Invalid configuration: BACKUP_HOUR /);
    expect(() => parseEnv({ BACKUP_KEEP_DAILY: "0" })).toThrow(/^Invalid configuration: BACKUP_KEEP_DAILY /);
  });

  it("refuse backups inside the media store's own areas of the same bucket", () => {
    const media = { STORAGE_DRIVER: "s3", S3_BUCKET: "shop-media" };
    expect(() => parseEnv({ ...media, BACKUP_S3_BUCKET: "shop-media", BACKUP_S3_PREFIX: "originals/" })).toThrow(/BACKUP_S3_PREFIX must be a prefix of its own/);
    expect(parseEnv({ ...media, BACKUP_S3_BUCKET: "shop-media", BACKUP_S3_PREFIX: "backups/" }).BACKUP_S3_PREFIX).toBe("backups/");
    expect(() => parseEnv({ BACKUP_S3_PREFIX: "no-slash" })).toThrow(/BACKUP_S3_PREFIX must be folder names ending in \//);
  });
});
