// "Back up now" after a run was killed, against the real MySQL and Redis: a run recorded as
// running whose lock nobody holds was interrupted, and the owner need not wait for the next
// scheduled run to back up; a run that holds the lock is still running.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { getDb } from "#db/index.ts";
import { backupLockName } from "./make.server.ts";
import { BACKUP_TEXTS } from "./messages.ts";
import { recordStart } from "./records.server.ts";
import { backupCard, requestBackup } from "./status.server.ts";

const statusOf = async (id: number) => (await getDb().selectFrom("backups").select(["status", "error"]).where("id", "=", id).executeTakeFirstOrThrow());

describe("Back up now", () => {
  it("is refused while a run holds the lock, and taken once the run recorded as running holds none (its process was killed)", async () => {
    const db = getDb();
    const killed = await recordStart(db, { name: "2026-11-28T010000000Z", trigger: "schedule", location: "/backups" });
    await db.connection().execute(async (other) => {
      // Another process's run, alive: it holds the lock.
      await sql`SELECT GET_LOCK(${backupLockName(getEnv().DATABASE_URL)}, 5)`.execute(other);
      try {
        expect(await requestBackup()).toBe("running");
        expect((await statusOf(killed)).status).toBe("running");
      } finally {
        await sql`SELECT RELEASE_LOCK(${backupLockName(getEnv().DATABASE_URL)})`.execute(other);
      }
    });
    // Nobody holds it now: the run was interrupted, and the owner's backup is queued.
    expect(await requestBackup()).toBe("queued");
    expect(await statusOf(killed)).toEqual({ status: "failed", error: BACKUP_TEXTS.interrupted });
    expect((await backupCard()).last?.status).toBe("failed");
  });
});
