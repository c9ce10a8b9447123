import { z } from "zod";
import { CATEGORY_SLUGS } from "#app/modules/catalog/categories.ts";
import { PRICE_DOC, parseSize, productCreateSchema, SIZE_MESSAGE } from "#app/modules/catalog/product-schema.ts";
import { translationsSchema } from "#app/modules/catalog/translation-schema.ts";
import { LIMIT_WORDS } from "#app/modules/media/limits.ts";
import { PRODUCT_STATES } from "#app/modules/catalog/states.ts";

// The shapes /api/v1 reads and writes. The routes validate with these (request bodies
// pipe into the pages' own schemas), the serializers are typed by them and
// /api/v1/openapi.json is generated from them: one description, three uses.

const status = z.enum(["processing", "ready", "failed"]).meta({ description: "Processing state: public reads only ever show ready records" });
const id = (what: string) => z.string().meta({ description: `${what} id (a positive whole number, as a string)`, example: "42" });

export const apiImageSchema = z
  .object({
    id: z.number(),
    url: z.string().meta({ description: "Largest JPEG" }),
    width: z.number(),
    height: z.number(),
    webpSrcset: z.string(),
    jpegSrcset: z.string(),
    avifSrcset: z.string(),
    fallback: z.string().meta({ description: "Smallest JPEG" }),
    placeholder: z.string().nullable(),
    color: z.string().nullable(),
    og: z.object({ url: z.string(), width: z.number(), height: z.number() }).nullable(),
  })
  .meta({ id: "ImageVariants", description: "The sizes the worker made of one image" });

export const apiImageStateSchema = z
  .object({
    mediaId: z.number(),
    position: z.number(),
    status,
    progress: z.number(),
    error: z.string().nullable(),
    originalName: z.string(),
    url: z.string().nullable(),
  })
  .meta({ id: "ImageState", description: "One product image as the admin sees it, whatever its state" });

const translatedFields = (label: string) =>
  z
    .object({ name: z.string().nullable(), description: z.string().nullable() })
    .meta({ description: `${label}; null: not translated (the English text shows)` });

export const apiProductSchema = z
  .object({
    _id: id("Product"),
    name: z.string(),
    description: z.string(),
    translations: z
      .object({ bn: translatedFields("Bengali"), hi: translatedFields("Hindi") })
      .meta({ id: "ProductTranslationsRecord", description: "The name and description in Bengali (bn) and Hindi (hi)" }),
    category: z.string(),
    priceFixed: z.number().meta({ description: "List price, rupees" }),
    priceDiscount: z.number().nullable().meta({ description: "Selling price, rupees (null: the list price)" }),
    color: z.string(),
    size: z.string().meta({ example: "H-6 * W-4 * L-3 inch" }),
    material: z.string(),
    utility: z.string(),
    weight: z.number().nullable().meta({ description: "Grams" }),
    images: z.array(z.string()).meta({ description: "URLs of the ready images; the first is the main image" }),
    available: z.boolean(),
    state: z.enum(PRODUCT_STATES).meta({
      description: "One-of-a-kind state: a sold piece stays public with a Sold badge; `available` (shown/hidden) is separate",
    }),
    shipsInDays: z.number().int().nullable().meta({ description: "Made-to-order pieces only: ships in this many days (1–365); null otherwise" }),
    status,
    version: z.number().int().meta({ description: "Moves on with every save; send it with an update to be refused (409) when someone saved in between" }),
    height: z.number().nullable(),
    width: z.number().nullable(),
    length: z.number().nullable(),
    createdAt: z.string(),
    imageVariants: z.array(apiImageSchema),
    imageStates: z.array(apiImageStateSchema).optional().meta({ description: "Admin callers only" }),
    giftEntryId: z.string().nullable().optional().meta({ description: "Admin callers only: the Gift list entry" }),
    stockEntryId: z.string().nullable().optional().meta({ description: "Admin callers only: the stock collection entry" }),
  })
  .meta({ id: "Product" });

export const apiEntrySchema = z
  .object({ _id: id("Entry"), product: apiProductSchema })
  .meta({ id: "ListEntry", description: "A Gift (trending) or stock (available collection) entry with its product" });

const adminMediaFields = {
  progress: z.number().optional().meta({ description: "Admin callers only" }),
  error: z.string().nullable().optional().meta({ description: "Admin callers only: why processing failed" }),
  originalName: z.string().optional().meta({ description: "Admin callers only" }),
};

export const apiGalleryImageSchema = z
  .object({
    _id: id("Gallery image"),
    image: z.string().nullable().meta({ description: "URL; null until ready" }),
    status,
    createdAt: z.string(),
    variants: apiImageSchema.nullable(),
    ...adminMediaFields,
  })
  .meta({ id: "GalleryImage" });

export const apiDisplayImageSchema = apiGalleryImageSchema
  .extend({ _id: id("Display image"), isCurrent: z.boolean() })
  .meta({ id: "DisplayImage", description: "A home display image; one is current" });

export const apiVideoSchema = z
  .object({
    _id: id("Video"),
    video: z.string().nullable().meta({ description: "URL of the web copy (H.264 MP4); null until ready" }),
    poster: z.string().nullable(),
    previewUrl: z.string().nullable(),
    durationMs: z.number().nullable(),
    status,
    createdAt: z.string(),
    ...adminMediaFields,
  })
  .meta({ id: "Video" });

export const apiUserSchema = z.object({ _id: id("User"), email: z.string() }).meta({ id: "User" });

export const failureSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().meta({ description: "One message per invalid field" }),
  })
  .meta({ id: "Failure" });

export function successSchema(data: z.ZodType) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

// --- Request bodies ----------------------------------------------------------

const positiveId = /^[1-9][0-9]{0,15}$/;

/** A record id from a path or a body: a positive whole number (a number or its digits). */
export const recordIdSchema = z
  .union([z.number(), z.string()], { error: "An id is required" })
  .transform((v, ctx) => {
    const text = String(v).trim();
    const n = Number(text);
    if (!positiveId.test(text) || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: "custom", message: "Must be a record id (a positive whole number)" });
      return z.NEVER;
    }
    return n;
  });

export const listEntryBodySchema = z
  .object({
    productId: z
      .union([z.number(), z.string()], { error: "productId is required" })
      .pipe(recordIdSchema)
      .meta({ description: "The product's _id", example: "42" }),
  })
  .meta({ id: "ListEntryBody" });

export const deleteImageBodySchema = z
  .object({
    imageUrl: z
      .string({ error: "imageUrl is required" })
      .trim()
      .min(1, "imageUrl is required")
      .max(2000)
      .meta({ description: "Any URL of the image (e.g. one of the product's `images`)" }),
  })
  .meta({ id: "DeleteImageBody" });

/** How a multipart body sends the translations (the admin forms' own field names). */
export const TRANSLATIONS_MULTIPART =
  "In multipart, fields named translations.bn.name, translations.bn.description, translations.hi.name and translations.hi.description (or one field `translations` holding the JSON object)";

const blank = (v: string | undefined) => v === undefined || v.trim() === "";

/**
 * The create call's multipart fields (docs/product-rules.md, API), as the API names them. They are read
 * into the add form's fields and validated by the add form's own schema: `priceDiscount`
 * is the selling price (empty: the list price), `size` is 'H-{h} * W-{w} * L-{l} inch'.
 */
export const apiProductCreateFields = z.object({
  name: z.string().optional(),
  priceFixed: z.string().optional().meta({ description: `List price. ${PRICE_DOC.text}`, pattern: PRICE_DOC.pattern, example: "2500" }),
  priceDiscount: z
    .string()
    .optional()
    .meta({ description: `Selling price; empty means the list price. ${PRICE_DOC.text}. ${PRICE_DOC.sellingText}`, pattern: PRICE_DOC.pattern, example: "2100" }),
  description: z.string().optional(),
  color: z.string().optional().meta({ description: "Default Golden" }),
  material: z.string().optional().meta({ description: "Default Kansa" }),
  utility: z.string().optional().meta({ description: "Default Home Decor" }),
  category: z.string().optional().meta({ description: `One of: ${CATEGORY_SLUGS.join(", ")}` }),
  weight: z.string().optional().meta({ description: "Grams", example: "850" }),
  size: z.string().optional().meta({ example: "H-6 * W-4 * L-3 inch" }),
  height: z.string().optional().meta({ description: "Inches; instead of size" }),
  width: z.string().optional().meta({ description: "Inches; instead of size" }),
  length: z.string().optional().meta({ description: "Inches; instead of size" }),
  translations: translationsSchema.optional().meta({
    description: `${TRANSLATIONS_MULTIPART}. ${translationsSchema.meta()?.description ?? ""}`,
  }),
});

export { SIZE_MESSAGE };

/** API fields → add form fields → the add form's schema. */
export const apiProductCreateSchema = apiProductCreateFields
  .superRefine((f, ctx) => {
    if (!blank(f.size) && !parseSize(f.size!)) ctx.addIssue({ code: "custom", path: ["size"], message: SIZE_MESSAGE });
    if (blank(f.size) && blank(f.height) && blank(f.width) && blank(f.length)) {
      ctx.addIssue({ code: "custom", path: ["size"], message: `Size is required. ${SIZE_MESSAGE}` });
    }
  })
  .transform((f) => {
    const dims = blank(f.size) ? null : parseSize(f.size!);
    return {
      category: f.category,
      name: f.name,
      description: f.description,
      color: f.color,
      material: f.material,
      utility: f.utility,
      price: blank(f.priceDiscount) ? f.priceFixed : f.priceDiscount,
      fixedPrice: f.priceFixed,
      height: dims ? String(dims.height) : f.height,
      width: dims ? String(dims.width) : f.width,
      length: dims ? String(dims.length) : f.length,
      weight: f.weight,
      translations: f.translations,
    } as unknown as z.input<typeof productCreateSchema>; // the add form's schema checks every value
  })
  .pipe(productCreateSchema);

/** Where an add form field's error belongs among the API's fields. */
export function createFieldName(input: { priceDiscount?: unknown; size?: unknown }) {
  return (field: string): string => {
    if (field === "price") return typeof input.priceDiscount === "string" && input.priceDiscount.trim() !== "" ? "priceDiscount" : "priceFixed";
    if (field === "fixedPrice") return "priceFixed";
    if ((field === "height" || field === "width" || field === "length") && typeof input.size === "string" && input.size.trim() !== "") return "size";
    return field;
  };
}

/** For the document: the fields a create call must send. */
export const apiProductCreateDoc = apiProductCreateFields
  .required({ name: true, priceFixed: true, category: true, weight: true, size: true })
  .extend({
    images: z.array(z.string().meta({ format: "binary" })).meta({ description: `${LIMIT_WORDS.productImages} image files (JPEG, PNG, WebP, AVIF, GIF; ${LIMIT_WORDS.productImageSize} each)` }),
  })
  .meta({ id: "ProductCreateForm" });
