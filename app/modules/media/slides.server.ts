import { logger } from "#app/lib/logger.server.ts";
import { noteChange, siteListTag, tagRender } from "#app/lib/render-context.server.ts";
import { getDb } from "#db/index.ts";
import { deleteProductMedia } from "./library.server.ts";
import { insertMediaRow } from "./records.server.ts";
import { enqueueMedia } from "./media-jobs.server.ts";
import type { SavedUpload } from "./upload.server.ts";
import { readyViewsOf } from "./ready-views.server.ts";
import type { ImageView } from "./views.ts";

// The pictures of the three home slides (static data, docs/product-rules.md, What is stored: the words live in
// modules/site/content.ts). Their own rows, never the gallery's: a gallery upload
// does not change the home page.

/**
 * Gives slide `slideId` a new picture: a media row (processing, the hero's sizes) is
 * written and queued; the slide's previous picture and its files are removed.
 */
export async function setSlideImage(slideId: number, upload: SavedUpload): Promise<{ mediaId: number }> {
  const { mediaId, previous } = await getDb()
    .transaction()
    .execute(async (trx) => {
      const old = await trx.selectFrom("home_slides").select("media_id").where("id", "=", slideId).forUpdate().executeTakeFirst();
      const mediaId = await insertMediaRow(trx, "display_image", upload);
      if (old) await trx.updateTable("home_slides").set({ media_id: mediaId }).where("id", "=", slideId).execute();
      else await trx.insertInto("home_slides").values({ id: slideId, media_id: mediaId }).execute();
      return { mediaId, previous: old ? Number(old.media_id) : null };
    });
  if (previous !== null) await deleteProductMedia([previous]);
  noteChange(siteListTag("home_slides"));
  await enqueueMedia(mediaId, "display_image").catch((error: unknown) =>
    logger.error({ err: error, mediaId }, "enqueue failed; the reconcile will queue this media row"),
  );
  return { mediaId };
}

/** Slide number → its picture, for the slides whose picture is ready. */
export async function listSlideImages(): Promise<Map<number, ImageView>> {
  tagRender(siteListTag("home_slides"));
  const rows = await getDb()
    .selectFrom("home_slides as s")
    .innerJoin("media", "media.id", "s.media_id")
    .select(["s.id as slideId", "media.id", "media.status", "media.updated_at"])
    .where("media.status", "=", "ready")
    .execute();
  const views = await readyViewsOf(rows);
  const slides = new Map<number, ImageView>();
  for (const row of rows) {
    const view = views.get(row.id)?.image;
    if (view) slides.set(Number(row.slideId), view);
  }
  return slides;
}
