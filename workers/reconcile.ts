import { sql } from "kysely";
import { commissionPhotoKeys } from "#app/modules/contact/commissions.server.ts";
import { jobId } from "#app/modules/jobs/jobs.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { enqueueAvif, requeueMedia } from "#app/modules/media/media-jobs.server.ts";
import { reopenMedia } from "#app/modules/media/records.server.ts";
import { pendingOriginalKeys, removeExpiredPending } from "#app/modules/media/pending.server.ts";
import { STORAGE_FAULT_MESSAGES, type MediaStorage } from "#app/modules/media/storage.server.ts";
import type { MediaVariant } from "#db/schema.ts";
import type { DB } from "#db/index.ts";

export interface ReconcileOptions {
  /** A processing row younger than this may still be on its way to the queue. */
  requeueAfterMs: number;
  /** Scratch, orphaned derived files and orphaned originals younger than this are kept. */
  fileGraceMs: number;
}

export const RECONCILE_DEFAULTS: ReconcileOptions = { requeueAfterMs: 60_000, fileGraceMs: 60 * 60_000 };

export interface ReconcileReport {
  requeued: number[];
  /** Failed because the disk was full or read-only: queued again (they fail again, with the reason, while it still is). */
  storageRetried: number[];
  /** Ready rows with a derived file missing (deleted by hand, a lost disk): made again. */
  repaired: number[];
  avifQueued: number[];
  removedScratch: number;
  removedDerived: number;
  removedOriginals: number;
  /** Photos kept for a refused product form that was never sent again in time. */
  removedPending: number;
}

async function allStored(storage: MediaStorage, variants: readonly MediaVariant[] | null): Promise<boolean> {
  for (const v of variants ?? []) if (!(await storage.hasDerived(v.path))) return false;
  return true;
}

/**
 * The periodic safety net:
 * - re-queues media rows left `processing` without a live job (a crash between commit
 *   and enqueue, a Redis restart); a finished leftover job with the same id is removed first;
 * - retries rows failed because the disk was full or read-only;
 * - re-makes ready rows whose derived files went missing;
 * - queues the AVIF follow-up for ready images that never got one;
 * - removes the photos kept for a refused product form once they expire;
 * - removes scratch files, derived files and originals that no media row, kept photo or
 *   commission request references, once they are older than the grace period (an upload or
 *   a job may be writing them).
 */
export async function reconcile(
  db: DB,
  storage: MediaStorage,
  options: ReconcileOptions = RECONCILE_DEFAULTS,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { requeued: [], storageRetried: [], repaired: [], avifQueued: [], removedScratch: 0, removedDerived: 0, removedOriginals: 0, removedPending: 0 };
  // At most this recent (inclusive: a restore's 0 takes a row changed in this very millisecond,
  // as its start of every photo's tries afresh can be on a fast machine).
  const requeueBefore = new Date(Date.now() - options.requeueAfterMs);

  const stuck = await db
    .selectFrom("media")
    .select(["id", "kind"])
    .where("status", "=", "processing")
    .where("updated_at", "<=", requeueBefore)
    .execute();
  for (const row of stuck) {
    if (await requeueMedia(Number(row.id), row.kind)) report.requeued.push(Number(row.id));
  }

  const storageFailed = await db
    .selectFrom("media")
    .select(["id", "kind"])
    .where("status", "=", "failed")
    .where("error", "in", Object.values(STORAGE_FAULT_MESSAGES))
    .where("updated_at", "<=", requeueBefore)
    .execute();
  for (const row of storageFailed) {
    if (!(await reopenMedia(db, Number(row.id), "failed"))) continue;
    if (await requeueMedia(Number(row.id), row.kind)) report.storageRetried.push(Number(row.id));
  }

  const withoutAvif = await db
    .selectFrom("media")
    .select("id")
    .where("status", "=", "ready")
    .where("kind", "!=", "video")
    .where("updated_at", "<=", requeueBefore)
    .where(sql<boolean>`variants NOT LIKE '%"avif"%'`)
    .execute();
  const imageQueue = getQueues().image;
  for (const row of withoutAvif) {
    // Only when no job exists at all: a finished or failed one has had its chance.
    if (await imageQueue.getJob(jobId("process-image-avif", Number(row.id)))) continue;
    await enqueueAvif(Number(row.id));
    report.avifQueued.push(Number(row.id));
  }

  report.removedPending = await removeExpiredPending(db, storage);

  const before = new Date(Date.now() - options.fileGraceMs);
  for await (const key of storage.listOlderThan("scratch", before)) {
    await storage.remove("scratch", key);
    report.removedScratch++;
  }

  // Only files older than the grace period are candidates; a job that re-derives a
  // shared file renames a fresh copy into place, which renews its modification time.
  const referencedDerived = new Set<string>();
  const referencedOriginals = await pendingOriginalKeys(db);
  let lastId = 0;
  for (;;) {
    const rows = await db
      .selectFrom("media")
      .select(["id", "kind", "status", "original_path", "variants"])
      .where("id", ">", lastId)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      referencedOriginals.add(row.original_path);
      for (const v of row.variants ?? []) referencedDerived.add(v.path);
      if (row.status === "ready" && !(await allStored(storage, row.variants))) {
        await reopenMedia(db, Number(row.id), "ready");
        if (await requeueMedia(Number(row.id), row.kind)) report.repaired.push(Number(row.id));
      }
    }
    lastId = Number(rows.at(-1)!.id);
  }
  for await (const key of storage.listOlderThan("media", before)) {
    if (referencedDerived.has(key)) continue;
    await storage.remove("media", key);
    report.removedDerived++;
  }
  // Commission requests keep their reference photos among the originals.
  for (const key of await commissionPhotoKeys(db)) referencedOriginals.add(key);
  for await (const key of storage.listOlderThan("originals", before)) {
    // A ".part" file is an upload cut off mid-stream.
    if (referencedOriginals.has(key)) continue;
    await storage.remove("originals", key);
    report.removedOriginals++;
  }
  return report;
}
