import { HttpError } from "#app/lib/http-error.server.ts";
import { noteChange, siteListTag } from "#app/lib/render-context.server.ts";
import { getDb } from "#db/index.ts";

/** The Gift (trending) list and the stock (available) collection: one entry per product. */
export type ProductList = "gift_entries" | "stock_entries";

/** A refused Gift list or stock collection change. */
export class ListError extends HttpError {
  constructor(message: string, status: 404 | 409) {
    super(status, message);
  }
}

export const LIST_MESSAGES = {
  gift_entries: { added: "Product added to Gift items", removed: "Product removed from Gift items", duplicate: "This product is already in Gift items" },
  stock_entries: { added: "Product added to the collection", removed: "Product removed from stock", duplicate: "This product is already in the collection" },
} as const;

export async function addToList(list: ProductList, productId: number): Promise<{ id: number }> {
  const db = getDb();
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new ListError("Product not found", 404);
  try {
    const inserted = await db.insertInto(list).values({ product_id: productId }).executeTakeFirstOrThrow();
    noteChange(siteListTag(list));
    return { id: Number(inserted.insertId) };
  } catch (error) {
    if ((error as { code?: string }).code === "ER_DUP_ENTRY") throw new ListError(LIST_MESSAGES[list].duplicate, 409);
    throw error;
  }
}

export async function removeFromList(list: ProductList, entryId: number): Promise<void> {
  const result = await getDb().deleteFrom(list).where("id", "=", entryId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new ListError("Entry not found", 404);
  // Pages showing the list render anew; the product stays on the shop.
  noteChange(siteListTag(list));
}
