// The worker's side of backups: the daily schedule on the maintenance queue, and "Back up now"
// (the dashboard's request) run by the real worker into BACKUP_DIR, as the card then shows it.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const backupDir = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-backup-job-"));
process.env.BACKUP_DIR = backupDir;
process.env.BACKUP_HOUR = "4";

const { getEnv } = await import("#app/env.server.ts");
const { createRedis } = await import("#app/lib/redis.server.ts");
const { BACKUP_SCHEDULER } = await import("#app/modules/backup/jobs.ts");
const { backupCard, requestBackup } = await import("#app/modules/backup/status.server.ts");
const { getQueues } = await import("#app/modules/jobs/queue.server.ts");
const { getStorage } = await import("#app/modules/media/storage.server.ts");
const { getDb } = await import("#db/index.ts");
const { settingsFromEnv, startWorkers } = await import("#workers/runtime.ts");

afterAll(async () => {
  await fs.rm(backupDir, { recursive: true, force: true });
});

it("schedules the daily backup at BACKUP_HOUR and runs Back up now, which the card then shows", async () => {
  const connection = createRedis("worker");
  const running = await startWorkers({ db: getDb(), storage: getStorage(), connection, prefix: getEnv().QUEUE_PREFIX }, settingsFromEnv());
  try {
    const scheduler = await getQueues().maintenance.getJobScheduler(BACKUP_SCHEDULER);
    expect(scheduler?.pattern).toBe("0 4 * * *");
    expect(scheduler?.name).toBe("backup");

    expect((await backupCard()).warning?.message).toMatch(/^No backup has been made yet/);
    expect(await requestBackup()).toBe("queued");
    await expect.poll(async () => (await backupCard()).lastGood?.name ?? null, { timeout: 60_000 }).not.toBeNull();
    const card = await backupCard();
    expect(card.warning).toBeNull();
    expect(card.queued).toBe(false);
    expect(card.lastGood!.location).toBe(backupDir);
    expect(await fs.readdir(path.join(backupDir, card.lastGood!.name))).toEqual(["database.sql.gz", "manifest.json"]);
  } finally {
    await running.close();
    await connection.quit();
  }
}, 90_000);
