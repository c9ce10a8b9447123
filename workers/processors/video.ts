import type { Job } from "bullmq";
import type { MediaJobData } from "#app/modules/media/jobs.ts";
import { markMediaReady, setMediaProgress } from "#app/modules/media/records.server.ts";
import { BadVideoError, makeVideoVariants, VIDEO_LIMITS, type VideoLimits } from "../videos.ts";
import { beginAttempt, checkStored, failIfStorageFault, refuse, type ProcessorDeps } from "./media-row.ts";

/**
 * Checks one uploaded video with ffprobe, makes its poster, preview and web copy, then
 * marks it ready. Progress goes to the job and to the media row (the admin list shows
 * it). Idempotent like the image processor: a ready row is left alone and every output
 * is stored under its content hash.
 */
export async function processVideo(
  job: Job<MediaJobData>,
  { db, storage }: ProcessorDeps,
  limits: VideoLimits = VIDEO_LIMITS,
): Promise<string> {
  const media = await db.selectFrom("media").selectAll().where("id", "=", job.data.mediaId).executeTakeFirst();
  if (!media) return "gone";
  if (media.status === "ready") return "already ready";
  if (media.status === "failed") return "already failed";
  await beginAttempt(db, media);

  let last = -1;
  const onProgress = async (percent: number) => {
    const rounded = Math.floor(percent);
    if (rounded - last < 5 && rounded < 98) return;
    last = rounded;
    await Promise.all([job.updateProgress(rounded), setMediaProgress(db, media.id, rounded)]).catch(() => undefined);
  };

  let result;
  try {
    result = await storage.withOriginalFile(media.original_path, (file) => makeVideoVariants(file, storage, limits, onProgress));
  } catch (error) {
    if (error instanceof BadVideoError) return refuse(db, media.id, error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return refuse(db, media.id, "The uploaded file is missing.");
    throw await failIfStorageFault(db, media.id, error);
  }
  if (!(await markMediaReady(db, media.id, result))) return "gone";
  await checkStored(db, storage, media.id, result.variants.map((v) => v.path));
  return "ready";
}
