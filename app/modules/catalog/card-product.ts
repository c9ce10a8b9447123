import type { ProductState } from "./states.ts";
import type { ImageView } from "#app/modules/media/views.ts";
import type { Lang } from "#app/modules/i18n/languages.ts";

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
  /** On a page in Bengali or Hindi: the language the name is in ("en" when it fell back). */
  nameLang?: Lang;
}
