import { ANY_CHANGE, noteChange, productGoneTag } from "#app/lib/render-context.server.ts";
import type { DB } from "#db/index.ts";
import type { MediaStatus } from "#db/schema.ts";

/**
 * Records how far a product's images are (the media module counts them, inside its
 * transaction): a product is public only once every image is ready.
 */
export async function setProductImagesStatus(db: Pick<DB, "updateTable">, productId: number, status: MediaStatus): Promise<void> {
  const changed = await db.updateTable("products").set({ status }).where("id", "=", productId).where("status", "!=", status).executeTakeFirst();
  // Not public any more (or not yet): its own cached pages must not be served; newly public:
  // any listing may gain it (server/page-cache-freshness.ts).
  if (status !== "ready") noteChange(productGoneTag(productId));
  else if (Number(changed.numUpdatedRows) > 0) noteChange(ANY_CHANGE);
}
