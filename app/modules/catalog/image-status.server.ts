import { noteChange, productGoneTag } from "#app/lib/render-context.server.ts";
import type { DB } from "#db/index.ts";
import type { MediaStatus } from "#db/schema.ts";

/**
 * Records how far a product's images are (the media module counts them, inside its
 * transaction): a product is public only once every image is ready.
 */
export async function setProductImagesStatus(db: Pick<DB, "updateTable">, productId: number, status: MediaStatus): Promise<void> {
  await db.updateTable("products").set({ status }).where("id", "=", productId).execute();
  // Not public any more (or not yet): its own cached pages must not be served (server/page-cache-freshness.ts).
  if (status !== "ready") noteChange(productGoneTag(productId));
}
