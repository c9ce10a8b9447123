import { getProductForAdmin, listEntriesForAdmin, type AdminProduct } from "./admin-products.server.ts";
import { ManageError } from "./manage-messages.server.ts";
import type { ProductList } from "./lists.server.ts";
import { getPublicProduct, listPublicEntries, type ProductView } from "./products.server.ts";
import { getDb } from "#db/index.ts";

// Look-ups only the API needs (by exact name; list entries with their products). They only find ids; what a caller may
// see is still decided by the catalogue's own reads (getPublicProduct, getProductForAdmin).

/** Ids of the products with exactly this name (the collation ignores case), newest first. */
async function productIdsByName(name: string): Promise<number[]> {
  const rows = await getDb()
    .selectFrom("products")
    .select("id")
    .where("name", "=", name)
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The newest product of that name in any state (admin), or null. */
export async function findProductByNameForAdmin(name: string): Promise<AdminProduct | null> {
  const [id] = await productIdsByName(name);
  return id === undefined ? null : getProductForAdmin(id).catch(nullIfGone);
}

/** The newest public (ready and available) product of that name, or null. */
export async function findPublicProductByName(name: string): Promise<ProductView | null> {
  for (const id of await productIdsByName(name)) {
    const product = await getPublicProduct(id);
    if (product) return product;
  }
  return null;
}

function nullIfGone(error: unknown): null {
  if (error instanceof ManageError && error.status === 404) return null;
  throw error;
}

export interface ListEntry {
  id: number;
  product: ProductView | AdminProduct;
}

/**
 * The Gift list or stock collection, newest entry first, each with its product: every
 * entry for the admin; for anyone else only entries whose product is public.
 */
export async function listEntries(list: ProductList, admin: boolean): Promise<ListEntry[]> {
  if (admin) return (await listEntriesForAdmin(list)).map((e) => ({ id: e.entryId, product: e.product }));
  const rows = await getDb().selectFrom(list).select(["id", "product_id"]).orderBy("id", "desc").execute();
  if (rows.length === 0) return [];
  const visible = new Map((await listPublicEntries(list, rows.length)).map((p) => [p.id, p]));
  return rows.flatMap((r) => {
    const product = visible.get(Number(r.product_id));
    return product ? [{ id: Number(r.id), product }] : [];
  });
}
