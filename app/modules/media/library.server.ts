import { sql } from "kysely";
import { logger } from "#app/lib/logger.server.ts";
import { getDb } from "#db/index.ts";
import type { MediaKind } from "#db/schema.ts";
import { enqueueMedia } from "./queue.server.ts";
import type { SavedUpload } from "./upload.server.ts";

type Entry = "gallery_images" | "videos" | "display_images";

const KIND_OF: Record<Entry, MediaKind> = {
  gallery_images: "gallery_image",
  videos: "video",
  display_images: "display_image",
};

/**
 * Writes a media row (processing) and its gallery/video/display entry in one
 * transaction, then queues the job. If Redis is down the rows stay and the
 * reconcile queues them later: the upload is never lost.
 */
export async function createMediaEntry(
  entry: Entry,
  upload: SavedUpload,
  options: { current?: boolean } = {},
): Promise<{ id: number; mediaId: number }> {
  const kind = KIND_OF[entry];
  const { id, mediaId } = await getDb()
    .transaction()
    .execute(async (trx) => {
      const media = await trx
        .insertInto("media")
        .values({
          kind,
          original_path: upload.key,
          original_name: upload.originalName,
          original_bytes: upload.bytes,
          mime_type: upload.mimeType,
        })
        .executeTakeFirstOrThrow();
      const mediaId = Number(media.insertId);
      if (entry === "display_images" && options.current) {
        await trx.updateTable("display_images").set({ is_current: 0 }).where("is_current", "=", 1).execute();
      }
      const inserted =
        entry === "display_images"
          ? await trx.insertInto(entry).values({ media_id: mediaId, is_current: options.current ? 1 : 0 }).executeTakeFirstOrThrow()
          : await trx.insertInto(entry).values({ media_id: mediaId }).executeTakeFirstOrThrow();
      return { id: Number(inserted.insertId), mediaId };
    });
  await enqueueMedia(mediaId, kind).catch((error: unknown) =>
    logger.error({ err: error, mediaId }, "enqueue failed; the reconcile will queue this media row"),
  );
  return { id, mediaId };
}

/** Makes one display image the current one (the home hero); the unique index keeps it to one. */
export async function setCurrentDisplayImage(id: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const exists = await trx.selectFrom("display_images").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
      if (!exists) return false;
      await trx.updateTable("display_images").set({ is_current: 0 }).where("is_current", "=", 1).execute();
      await trx.updateTable("display_images").set({ is_current: 1 }).where("id", "=", id).execute();
      return true;
    });
}

export async function countMediaByStatus(options: { exceptKind?: MediaKind } = {}): Promise<Record<string, number>> {
  let query = getDb().selectFrom("media");
  if (options.exceptKind) query = query.where("kind", "!=", options.exceptKind);
  const rows = await query
    .select(["status", sql<number>`COUNT(*)`.as("count")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}
