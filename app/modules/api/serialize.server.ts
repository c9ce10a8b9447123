import type { z } from "zod";
import type { AdminProduct } from "#app/modules/catalog/admin-products.server.ts";
import type { ProductView } from "#app/modules/catalog/products.server.ts";
import { withTranslations } from "#app/modules/catalog/translations.server.ts";
import type { ProductTranslations } from "#app/modules/catalog/translations.ts";
import type { DisplayImageItem, ImageEntryItem, MediaEntryItem, VideoEntryItem } from "#app/modules/media/library.server.ts";
import type { AdminUser } from "#app/modules/auth/users.server.ts";
import type {
  apiDisplayImageSchema,
  apiEntrySchema,
  apiGalleryImageSchema,
  apiProductSchema,
  apiUserSchema,
  apiVideoSchema,
} from "./schemas.ts";

// Module views → the record shapes the client reads (`_id` strings, image URLs).

export type ApiProduct = z.infer<typeof apiProductSchema>;
export type ApiEntry = z.infer<typeof apiEntrySchema>;

const idOf = (n: number | null) => (n === null ? null : String(n));

function isAdminProduct(p: ProductView | AdminProduct): p is AdminProduct {
  return "giftEntryId" in p;
}

/** A product read with its translations (the admin's reads carry them; public ones get them here). */
type TranslatedProduct = (ProductView | AdminProduct) & { translations: ProductTranslations };

export function toApiProduct(p: TranslatedProduct): ApiProduct {
  const variants = isAdminProduct(p) ? p.images.flatMap((i) => (i.view ? [i.view] : [])) : p.images;
  const base: ApiProduct = {
    _id: String(p.id),
    name: p.name,
    description: p.description,
    translations: p.translations,
    category: p.category,
    priceFixed: p.priceFixed,
    priceDiscount: p.priceDiscount,
    color: p.color,
    size: p.size,
    material: p.material,
    utility: p.utility,
    weight: p.weight,
    images: variants.map((v) => v.url),
    available: p.available,
    state: p.state,
    shipsInDays: p.shipsInDays,
    status: p.status,
    version: p.version,
    height: p.height,
    width: p.width,
    length: p.length,
    createdAt: p.createdAt,
    imageVariants: variants,
  };
  if (!isAdminProduct(p)) return base;
  return {
    ...base,
    imageStates: p.images.map((i) => ({
      mediaId: i.mediaId,
      position: i.position,
      status: i.status,
      progress: i.progress,
      error: i.error,
      originalName: i.originalName,
      url: i.view?.url ?? null,
    })),
    giftEntryId: idOf(p.giftEntryId),
    stockEntryId: idOf(p.stockEntryId),
  };
}

/** Products as records, every one with its translations (one query for those read without). */
export async function toApiProducts(products: ReadonlyArray<ProductView | AdminProduct>): Promise<ApiProduct[]> {
  const read = await withTranslations(products.filter((p) => !isAdminProduct(p)));
  const byId = new Map(read.map((p) => [p.id, p]));
  return products.map((p) => toApiProduct(isAdminProduct(p) ? p : byId.get(p.id)!));
}

export async function toApiEntries(entries: ReadonlyArray<{ id: number; product: ProductView | AdminProduct }>): Promise<ApiEntry[]> {
  const products = await toApiProducts(entries.map((e) => e.product));
  return entries.map((e, i) => ({ _id: String(e.id), product: products[i]! }));
}

/** Progress, failure reason and file name are for the admin only. */
function mediaExtras(item: MediaEntryItem, admin: boolean) {
  return admin ? { progress: item.progress, error: item.error, originalName: item.originalName } : {};
}

export function toApiGalleryImage(item: ImageEntryItem, admin: boolean): z.infer<typeof apiGalleryImageSchema> {
  return {
    _id: String(item.id),
    image: item.image?.url ?? null,
    status: item.status,
    createdAt: item.createdAt.toISOString(),
    variants: item.image,
    ...mediaExtras(item, admin),
  };
}

export function toApiDisplayImage(item: DisplayImageItem, admin: boolean): z.infer<typeof apiDisplayImageSchema> {
  return { ...toApiGalleryImage(item, admin), isCurrent: item.isCurrent };
}

export function toApiVideo(item: VideoEntryItem, admin: boolean): z.infer<typeof apiVideoSchema> {
  return {
    _id: String(item.id),
    video: item.video?.url ?? null,
    poster: item.video?.poster?.url ?? null,
    previewUrl: item.video?.previewUrl ?? null,
    durationMs: item.video?.durationMs ?? null,
    status: item.status,
    createdAt: item.createdAt.toISOString(),
    ...mediaExtras(item, admin),
  };
}

export function toApiUser(user: AdminUser): z.infer<typeof apiUserSchema> {
  return { _id: String(user.id), email: user.email };
}
