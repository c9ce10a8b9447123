import { UnrecoverableError, type Job } from "bullmq";
import { logger } from "#app/lib/logger.server.ts";
import type { MediaJobData } from "#app/modules/jobs/jobs.ts";
import { enqueueAvif } from "#app/modules/media/media-jobs.server.ts";
import { addMediaVariants } from "#app/modules/media/records.server.ts";
import { BadImageError, makeAvifVariants, makeImageVariants } from "../images.ts";
import { discardWritten, makeAndMarkReady, openMediaRow, type ProcessorDeps } from "./media-row.ts";

/**
 * Makes every size of one uploaded image, then marks it (and its product) ready and
 * queues the AVIF follow-up. Idempotent: a ready row is left alone, and derived names
 * are content hashes, so a second run writes the same files rather than new ones.
 */
export async function processImage(job: Job<MediaJobData>, { db, storage }: ProcessorDeps): Promise<string> {
  const media = await openMediaRow(db, job.data.mediaId);
  if (typeof media === "string") return media;
  const outcome = await makeAndMarkReady({ db, storage }, media.id, BadImageError, async () =>
    makeImageVariants(await storage.imageInput(media.original_path), storage, { og: media.kind === "product_image" }),
  );
  if (outcome !== "ready") return outcome;
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
    avif = await makeAvifVariants(await storage.imageInput(media.original_path), storage);
  } catch (error) {
    if (error instanceof BadImageError || (error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new UnrecoverableError(`AVIF skipped: ${(error as Error).message}`);
    }
    throw error;
  }
  if (!(await addMediaVariants(db, media.id, avif))) {
    await discardWritten(db, storage, media.id, avif);
    return "gone";
  }
  for (const v of avif) {
    if (!(await storage.hasDerived(v.path))) throw new Error(`derived file ${v.path} vanished; redoing the AVIF sizes`);
  }
  return "avif added";
}
