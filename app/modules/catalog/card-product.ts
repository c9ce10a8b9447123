import type { ProductState } from "./states.ts";
import type { ImageView } from "#app/modules/media/views.ts";

/** What a listing card shows of a piece (toCardView in products.server.ts makes it). */
export interface CardProduct {
  id: number;
  name: string;
  category: string;
  priceFixed: number;
  priceDiscount: number | null;
  state: ProductState;
  shipsInDays: number | null;
  images: ImageView[];
}
