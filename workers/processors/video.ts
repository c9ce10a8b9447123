import type { Job } from "bullmq";
import type { MediaJobData } from "#app/modules/jobs/jobs.ts";
import type { MediaVariant } from "#db/schema.ts";
import { setMediaProgress } from "#app/modules/media/records.server.ts";
import { BadVideoError, makeVideoVariants, VIDEO_LIMITS, type VideoLimits } from "../videos.ts";
import { logger } from "#app/lib/logger.server.ts";
import { discardWritten, makeAndMarkReady, openMediaRow, watchForDeletion, type ProcessorDeps } from "./media-row.ts";

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
  const media = await openMediaRow(db, job.data.mediaId);
  if (typeof media === "string") return media;

  let last = -1;
  const onProgress = async (percent: number) => {
    const rounded = Math.floor(percent);
    if (rounded - last < 5 && rounded < 98) return;
    last = rounded;
    await Promise.all([job.updateProgress(rounded), setMediaProgress(db, media.id, rounded)]).catch(() => undefined);
  };

  // A deleted video stops its ffmpeg within a second rather than encoding on for nobody.
  const deletion = watchForDeletion(db, media.id);
  const stored: MediaVariant[] = [];
  try {
    return await makeAndMarkReady({ db, storage }, media.id, BadVideoError, () =>
      storage.withOriginalFile(media.original_path, (file) =>
        makeVideoVariants(file, storage, limits, onProgress, { signal: deletion.signal, stored }),
      ),
    );
  } catch (error) {
    // The failure may be the deletion's doing (its original removed) before the next check.
    if (!(await deletion.gone().catch(() => false))) throw error;
    logger.info({ mediaId: media.id }, "the video was deleted while it was processed; its work is stopped");
    // Whatever stopped it (the abort, or a step that found its original removed), its stored sizes go.
    if (stored.length > 0) await discardWritten(db, storage, media.id, stored);
    return "gone";
  } finally {
    deletion.dispose();
  }
}
