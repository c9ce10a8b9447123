import { UnrecoverableError, type Job } from "bullmq";
import { sql } from "kysely";
import type { MediaJobData } from "#app/modules/media/jobs.ts";
import { markMediaFailed, markMediaReady } from "#app/modules/media/records.server.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import type { DB } from "#db/index.ts";
import { BadImageError, makeImageVariants } from "../images.ts";

export interface ProcessorDeps {
  db: DB;
  storage: MediaStorage;
}

/**
 * Makes every size of one uploaded image, then marks it (and its product) ready.
 * Idempotent: a ready row is left alone, and derived names are content hashes, so a
 * second run writes the same files rather than new ones.
 */
export async function processImage(job: Job<MediaJobData>, { db, storage }: ProcessorDeps): Promise<string> {
  const media = await db.selectFrom("media").selectAll().where("id", "=", job.data.mediaId).executeTakeFirst();
  if (!media) return "gone";
  if (media.status === "ready") return "already ready";
  await db.updateTable("media").set({ attempts: sql`attempts + 1` }).where("id", "=", media.id).execute();

  let result;
  try {
    result = await makeImageVariants(storage.originalPath(media.original_path), storage, {
      og: media.kind === "product_image",
    });
  } catch (error) {
    if (error instanceof BadImageError) {
      await markMediaFailed(db, media.id, error.message);
      throw new UnrecoverableError(error.message);
    }
    throw error;
  }

  // If the record was deleted meanwhile, its files are left to the reconcile's orphan sweep:
  // content-addressed files may be shared with another record.
  return (await markMediaReady(db, media.id, result)) ? "ready" : "gone";
}
