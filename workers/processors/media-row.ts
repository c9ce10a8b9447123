// What the image and video processors share: one media row's attempts, refusals,
// storage faults and the check that its files are in place once it is ready.
import { UnrecoverableError } from "bullmq";
import type { Selectable } from "kysely";
import { logger } from "#app/lib/logger.server.ts";
import { removeUnreferencedFiles } from "#app/modules/media/library.server.ts";
import { countProcessingStart, markMediaFailed, markMediaReady, markMediaStorageFault, reopenReadyMedia } from "#app/modules/media/records.server.ts";
import { storageFault, type MediaStorage } from "#app/modules/media/storage.server.ts";
import type { DB } from "#db/index.ts";
import type { MediaTable, MediaVariant } from "#db/schema.ts";

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
    await reopenReadyMedia(db, mediaId);
    throw new Error(`derived file ${key} vanished before the row was ready; redoing`);
  }
}

/** The sizes made for a record deleted while they were being made: nobody will serve them. */
export async function discardWritten(db: DB, storage: MediaStorage, mediaId: number, variants: MediaVariant[]): Promise<void> {
  logger.info({ mediaId }, "the record was deleted while it was processed; its new files are discarded");
  await removeUnreferencedFiles(db, storage, [{ variants }]);
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
  await countProcessingStart(db, media.id);
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
 * The row a job works on, its attempt counted; or why there is nothing to do (a ready row
 * is left alone: processing is idempotent).
 */
export async function openMediaRow(db: DB, mediaId: number): Promise<Selectable<MediaTable> | "gone" | "already ready" | "already failed"> {
  const media = await db.selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirst();
  if (!media) return "gone";
  if (media.status === "ready") return "already ready";
  if (media.status === "failed") return "already failed";
  await beginAttempt(db, media);
  return media;
}

/** How often a long job checks that its record still exists. */
export const DELETION_CHECK_MS = 1_000;

/**
 * A signal aborted once the media row is gone (its product or entry deleted), checked every
 * DELETION_CHECK_MS while a long job runs, so the work stops instead of finishing for nothing.
 */
export function watchForDeletion(db: DB, mediaId: number): { signal: AbortSignal; gone(): Promise<boolean>; dispose(): void } {
  const controller = new AbortController();
  const gone = async () => {
    if (controller.signal.aborted) return true;
    const row = await db.selectFrom("media").select("id").where("id", "=", mediaId).executeTakeFirst();
    if (!row) controller.abort(new Error(`media ${mediaId} was deleted`));
    return !row;
  };
  const timer = setInterval(() => void gone().catch(() => undefined), DELETION_CHECK_MS);
  timer.unref();
  return { signal: controller.signal, gone, dispose: () => clearInterval(timer) };
}

/**
 * Makes a row's files and marks it ready. A file the maker refuses (`BadInput`) or that is
 * missing fails the row with the reason; a storage fault fails it for the reconcile; any
 * other error goes back to BullMQ. If the record was deleted meanwhile (an expected case, not
 * an error), the files this run wrote are removed unless another record has identical bytes
 * (derived names are content hashes); the reconcile sweeps whatever a crash leaves.
 */
export async function makeAndMarkReady<Result extends Parameters<typeof markMediaReady>[2]>(
  { db, storage }: ProcessorDeps,
  mediaId: number,
  BadInput: new (...args: never[]) => Error,
  make: () => Promise<Result>,
): Promise<"ready" | "gone"> {
  let result: Result;
  try {
    result = await make();
  } catch (error) {
    if (error instanceof BadInput) return refuse(db, mediaId, error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return refuse(db, mediaId, "The uploaded file is missing.");
    throw await failIfStorageFault(db, mediaId, error);
  }
  if (!(await markMediaReady(db, mediaId, result))) {
    await discardWritten(db, storage, mediaId, result.variants);
    return "gone";
  }
  await checkStored(db, storage, mediaId, result.variants.map((v) => v.path));
  return "ready";
}
