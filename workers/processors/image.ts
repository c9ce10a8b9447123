import { UnrecoverableError, type Job } from "bullmq";
import { sql } from "kysely";
import { logger } from "#app/lib/logger.server.ts";
import type { MediaJobData } from "#app/modules/media/jobs.ts";
import { enqueueAvif } from "#app/modules/media/queue.server.ts";
import { addMediaVariants, markMediaFailed, markMediaReady, markMediaStorageFault } from "#app/modules/media/records.server.ts";
import { storageFault, type MediaStorage } from "#app/modules/media/storage.server.ts";
import type { DB } from "#db/index.ts";
import { BadImageError, makeAvifVariants, makeImageVariants } from "../images.ts";

export interface ProcessorDeps {
  db: DB;
  storage: MediaStorage;
}

/**
 * After marking a row ready: every file it points to must be in place. A deletion of
 * another row with identical bytes may have removed a shared file between our write
 * and our commit; then the row goes back to processing and the job is retried (transient).
 */
export async function checkStored(db: DB, storage: MediaStorage, mediaId: number, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    if (await storage.hasDerived(key)) continue;
    await db.updateTable("media").set({ status: "processing" }).where("id", "=", mediaId).where("status", "=", "ready").execute();
    throw new Error(`derived file ${key} vanished before the row was ready; redoing`);
  }
}

/**
 * Starts of processing one row may take, counting retries, stalls (a killed worker) and
 * reconcile re-queues: a file that kills the worker every time must end failed, not loop.
 */
export const MAX_STARTS = 8;

/** Counts one more start of processing, or refuses the row when it has had too many. */
export async function beginAttempt(db: DB, media: { id: number; attempts: number }): Promise<void> {
  if (media.attempts >= MAX_STARTS) {
    await refuse(db, media.id, `Processing was interrupted ${media.attempts} times; the file may be too demanding. Try a smaller file.`);
  }
  await db.updateTable("media").set({ attempts: sql`attempts + 1`, progress: 0 }).where("id", "=", media.id).execute();
}

/** Bad input: the record is marked failed with the reason, and BullMQ does not retry. */
export async function refuse(db: DB, mediaId: number, reason: string): Promise<never> {
  await markMediaFailed(db, mediaId, reason);
  throw new UnrecoverableError(reason);
}

/**
 * The disk refused a write (full, read-only): the record is failed with that reason at
 * once (BullMQ's quick retries would not outlast a full disk), and the reconcile queues
 * it again later. Other errors are returned for BullMQ to retry.
 */
export async function failIfStorageFault(db: DB, mediaId: number, error: unknown): Promise<unknown> {
  const reason = storageFault(error);
  if (!reason) return error;
  logger.warn({ err: error, mediaId }, "storage refused a write; the reconcile retries this record later");
  await markMediaStorageFault(db, mediaId, reason);
  throw new UnrecoverableError(reason);
}

/**
 * Makes every size of one uploaded image, then marks it (and its product) ready and
 * queues the AVIF follow-up. Idempotent: a ready row is left alone, and derived names
 * are content hashes, so a second run writes the same files rather than new ones.
 */
export async function processImage(job: Job<MediaJobData>, { db, storage }: ProcessorDeps): Promise<string> {
  const media = await db.selectFrom("media").selectAll().where("id", "=", job.data.mediaId).executeTakeFirst();
  if (!media) return "gone";
  if (media.status === "ready") return "already ready";
  if (media.status === "failed") return "already failed";
  await beginAttempt(db, media);

  let result;
  try {
    result = await makeImageVariants(storage.originalPath(media.original_path), storage, {
      og: media.kind === "product_image",
    });
  } catch (error) {
    if (error instanceof BadImageError) return refuse(db, media.id, error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return refuse(db, media.id, "The uploaded file is missing.");
    throw await failIfStorageFault(db, media.id, error);
  }

  // If the record was deleted meanwhile, its files are left to the reconcile's orphan sweep:
  // content-addressed files may be shared with another record.
  if (!(await markMediaReady(db, media.id, result))) return "gone";
  await checkStored(db, storage, media.id, result.variants.map((v) => v.path));
  await enqueueAvif(media.id).catch((error: unknown) =>
    logger.warn({ err: error, mediaId: media.id }, "could not queue the AVIF sizes; the reconcile will"),
  );
  return "ready";
}

/**
 * The lower-priority follow-up: adds AVIF sizes to a ready image. Skips rows that are
 * gone, not ready or already have them; a failure here never fails the record.
 */
export async function processImageAvif(job: Job<MediaJobData>, { db, storage }: ProcessorDeps): Promise<string> {
  const media = await db
    .selectFrom("media")
    .select(["id", "status", "original_path", "variants"])
    .where("id", "=", job.data.mediaId)
    .executeTakeFirst();
  if (!media || media.status !== "ready") return "skipped";
  if ((media.variants ?? []).some((v) => v.format === "avif")) return "already has avif";
  let avif;
  try {
    avif = await makeAvifVariants(storage.originalPath(media.original_path), storage);
  } catch (error) {
    if (error instanceof BadImageError || (error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new UnrecoverableError(`AVIF skipped: ${(error as Error).message}`);
    }
    throw error;
  }
  if (!(await addMediaVariants(db, media.id, avif))) return "gone";
  for (const v of avif) {
    if (!(await storage.hasDerived(v.path))) throw new Error(`derived file ${v.path} vanished; redoing the AVIF sizes`);
  }
  return "avif added";
}
