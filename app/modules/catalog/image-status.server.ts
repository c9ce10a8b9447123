import { ANY_CHANGE, noteChange, productGoneTag, productTag } from "#app/lib/render-context.server.ts";
import type { DB } from "#db/index.ts";
import type { MediaStatus } from "#db/schema.ts";

/** How far a product's images are, as the media module counts them. */
export interface ProductImageCounts {
  total: number;
  ready: number;
  failed: number;
}

/**
 * Records how far a product's images are (the media module counts them, inside its transaction,
 * with the product locked). A product becomes public once every image is ready. A public one stays
 * public while images added later are made, showing its ready ones: a buyer following a shared
 * link must not meet "Page Not Found" for the seconds a new photo takes. A failed image hides it.
 */
export async function setProductImagesStatus(db: Pick<DB, "selectFrom" | "updateTable">, productId: number, counts: ProductImageCounts): Promise<void> {
  const current = await db.selectFrom("products").select("status").where("id", "=", productId).executeTakeFirst();
  if (!current) return;
  const allReady = counts.total > 0 && counts.ready === counts.total;
  const status: MediaStatus =
    counts.failed > 0 ? "failed" : allReady || (current.status === "ready" && counts.ready > 0) ? "ready" : "processing";
  if (status !== current.status) await db.updateTable("products").set({ status }).where("id", "=", productId).execute();
  // Not public any more (or not yet): its own cached pages must not be served; newly public:
  // any listing may gain it (server/page-cache-freshness.ts); still public: its pictures changed.
  if (status !== "ready") noteChange(productGoneTag(productId));
  else noteChange(current.status === "ready" ? productTag(productId) : ANY_CHANGE);
}
