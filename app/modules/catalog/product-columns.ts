import type { Insertable } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ProductCreateInput, ProductEditInput } from "./product-schema.ts";

// What a product form writes to its row (products.server.ts creates, manage.server.ts edits).

export type ProductColumns = Omit<Insertable<Database["products"]>, "id" | "status" | "available" | "state" | "ships_in_days" | "created_at" | "updated_at">;

/** The columns a create or an edit writes; an edit's undefined fields stay undefined (left as they are). */
export function productColumns(input: ProductCreateInput): ProductColumns;
export function productColumns(input: ProductEditInput): Partial<ProductColumns>;
export function productColumns(input: ProductCreateInput | ProductEditInput): Partial<ProductColumns> {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    price_fixed: input.priceFixed,
    price_discount: input.priceDiscount,
    color: input.color,
    material: input.material,
    utility: input.utility,
    height_in: input.height,
    width_in: input.width,
    length_in: input.length,
    weight_g: input.weight,
  };
}
