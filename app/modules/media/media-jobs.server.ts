import type { MediaKind } from "#db/schema.ts";
import { jobId, JOBS } from "#app/modules/jobs/jobs.ts";
import { addJob, clearFinishedJob, getQueues } from "#app/modules/jobs/queue.server.ts";

// The media jobs: processing an upload, its AVIF sizes later, and dropping them for a deleted row.

const mediaJobName = (kind: MediaKind) => (kind === "video" ? "process-video" : "process-image");

/** Queue the processing of one media row. */
export async function enqueueMedia(mediaId: number, kind: MediaKind): Promise<void> {
  const name = mediaJobName(kind);
  await addJob(name, { mediaId }, jobId(name, mediaId));
}

/**
 * Queue a media row again (retry, reconcile). Returns false when a live job already exists
 * (an active one is given up to 2 s to finish first).
 */
export async function requeueMedia(mediaId: number, kind: MediaKind): Promise<boolean> {
  const name = mediaJobName(kind);
  const id = jobId(name, mediaId);
  if (!(await clearFinishedJob(getQueues()[JOBS[name].queue], id, 2_000))) return false;
  await addJob(name, { mediaId }, id);
  return true;
}

/** Queue the slower AVIF sizes for a ready image, after every upload job. */
export async function enqueueAvif(mediaId: number): Promise<void> {
  await addJob("process-image-avif", { mediaId }, jobId("process-image-avif", mediaId));
}

/** Drops any queued (not running) job of a deleted media row; a running one finds the row gone. */
export async function forgetMediaJobs(mediaId: number, kind: MediaKind): Promise<void> {
  const names = kind === "video" ? (["process-video"] as const) : (["process-image", "process-image-avif"] as const);
  for (const name of names) {
    const job = await getQueues()[JOBS[name].queue].getJob(jobId(name, mediaId));
    if (job && (await job.getState()) !== "active") await job.remove().catch(() => undefined);
  }
}
