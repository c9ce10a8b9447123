import { z } from "zod";
import { CATEGORY_SLUGS, isCategorySlug, isListingSlug, VIRTUAL_LISTS } from "#app/modules/catalog/categories.ts";
import { getProductForAdmin, listAllProductsForAdmin } from "#app/modules/catalog/admin-products.server.ts";
import { MANAGE_MESSAGES } from "#app/modules/catalog/manage-messages.server.ts";
import { deleteProduct, deleteProductImage, toggleAvailability, updateProduct } from "#app/modules/catalog/manage.server.ts";
import { productEditSchema } from "#app/modules/catalog/product-schema.ts";
import { LIMIT_WORDS, PRODUCT_IMAGE_MESSAGES, UPLOAD_LIMITS, UPLOAD_RULES } from "#app/modules/media/limits.ts";
import { createProduct, getCatalogCounts, listAllPublicProducts } from "#app/modules/catalog/products.server.ts";
import { parseUpload, type SavedUpload } from "#app/modules/media/upload.server.ts";
import { defineEndpoint } from "./endpoint.server.ts";
import { ApiError, fieldErrors, ok, parseWith } from "./envelope.server.ts";
import { fieldsOf, isMultipart, nestTranslations, pathId, readBody } from "./http.server.ts";
import { findProductByNameForAdmin, findPublicProductByName } from "#app/modules/catalog/lookups.server.ts";
import {
  apiProductCreateDoc,
  apiProductCreateSchema,
  apiProductSchema,
  createFieldName,
  deleteImageBodySchema,
  TRANSLATIONS_MULTIPART,
} from "./schemas.ts";
import { toApiProduct, toApiProducts } from "./serialize.server.ts";

export const PRODUCT_MESSAGES = {
  created: "Product added successfully",
  noImage: PRODUCT_IMAGE_MESSAGES.none,
  tooManyImages: PRODUCT_IMAGE_MESSAGES.tooMany,
  notFound: MANAGE_MESSAGES.notFound,
  noCategory: (slug: string) => `No such category: '${slug.slice(0, 60)}'`,
} as const;

const idParams = z.object({ id: z.string().meta({ description: "Product _id", example: "42" }) });
const nameParams = z.object({ name: z.string().meta({ description: "Exact product name (case-insensitive)" }) });
const categoryParams = (slugs: readonly string[]) =>
  z.object({ category: z.string().meta({ description: `One of: ${slugs.join(", ")}` }) });
const products = z.array(apiProductSchema);
const LISTING_SLUGS = [...CATEGORY_SLUGS, ...VIRTUAL_LISTS.map((l) => l.slug)];

function nameParam(params: Record<string, string | undefined>): string {
  const name = (params.name ?? "").trim();
  if (name === "" || name.length > 200) throw new ApiError(400, "Invalid name: expected 1 to 200 characters", { name: "Invalid name" });
  return name;
}

/** The product as the admin sees it right after a change. */
const adminView = async (id: number) => toApiProduct(await getProductForAdmin(id));

const create = defineEndpoint({
  method: "POST",
  path: "/products/create",
  tag: "Products",
  summary: `Add a product (multipart, ${LIMIT_WORDS.productImages} images)`,
  description:
    "Same rules as the admin add form: the images are checked by their bytes and queued for the worker; the product answers 201 in `processing` state and becomes public once every image is ready.",
  access: "admin",
  failure: "Failed to add product",
  body: { multipart: apiProductCreateDoc },
  success: { status: 201, description: "The new product (status processing)", data: apiProductSchema },
  errors: [400, 413, 415],
  async handle({ request }) {
    const upload = await parseUpload(request, { images: UPLOAD_RULES.newProductImages });
    let id: number;
    try {
      const raw = nestTranslations(fieldsOf(upload.fields));
      const parsed = apiProductCreateSchema.safeParse(raw);
      const errors = parsed.success ? {} : fieldErrors(parsed.error, createFieldName(raw));
      if (upload.files.length === 0) errors.images = PRODUCT_MESSAGES.noImage;
      if (!parsed.success || upload.files.length === 0) {
        throw new ApiError(400, Object.values(errors)[0]!, errors);
      }
      ({ id } = await createProduct(parsed.data, upload.files));
    } catch (error) {
      await upload.discard();
      throw error;
    }
    return ok(await adminView(id), { status: 201, message: PRODUCT_MESSAGES.created });
  },
});

const getAllProducts = defineEndpoint({
  method: "GET",
  path: "/products/getAllProducts",
  tag: "Products",
  summary: "Every product in any state (admin)",
  access: "admin",
  failure: "Failed to fetch products",
  query: z.object({
    category: z.string().optional().meta({ description: "Only this category" }),
    q: z.string().optional().meta({ description: "Search in name and description" }),
  }),
  success: { status: 200, description: "Products, newest first", data: products },
  errors: [400],
  async handle({ request }) {
    const url = new URL(request.url);
    const category = url.searchParams.get("category");
    if (category && !isCategorySlug(category)) throw new ApiError(400, PRODUCT_MESSAGES.noCategory(category), { category: "Unknown category" });
    const q = url.searchParams.get("q");
    const items = await listAllProductsForAdmin({ category, q });
    return ok(await toApiProducts(items));
  },
});

const getProductById = defineEndpoint({
  method: "GET",
  path: "/products/getProductById/{id}",
  tag: "Products",
  summary: "One product in any state, with every image's state (admin)",
  access: "admin",
  failure: "Failed to fetch product by ID",
  params: idParams,
  success: { status: 200, description: "The product", data: apiProductSchema },
  errors: [400, 404],
  async handle({ params }) {
    return ok(await adminView(pathId(params)));
  },
});

const getProductByName = defineEndpoint({
  method: "GET",
  path: "/products/getProductByName/{name}",
  tag: "Products",
  summary: "The newest product with this name, any state (admin)",
  access: "admin",
  failure: "Failed to fetch product by name",
  params: nameParams,
  success: { status: 200, description: "The product", data: apiProductSchema },
  errors: [400, 404],
  async handle({ params }) {
    const product = await findProductByNameForAdmin(nameParam(params));
    if (!product) throw new ApiError(404, PRODUCT_MESSAGES.notFound);
    return ok(toApiProduct(product));
  },
});

const getAvailableProductByName = defineEndpoint({
  method: "GET",
  path: "/products/getAvailableProductByName/{name}",
  tag: "Products",
  summary: "The newest public (ready and available) product with this name",
  access: "public",
  failure: "Failed to fetch available product by name",
  params: nameParams,
  success: { status: 200, description: "The product", data: apiProductSchema },
  errors: [400, 404],
  async handle({ params }) {
    const product = await findPublicProductByName(nameParam(params));
    if (!product) throw new ApiError(404, PRODUCT_MESSAGES.notFound);
    return ok((await toApiProducts([product]))[0]);
  },
});

const getProductsByCategory = defineEndpoint({
  method: "GET",
  path: "/products/getProductsByCategory/{category}",
  tag: "Products",
  summary: "Every product of a category in any state (admin)",
  access: "admin",
  failure: "Failed to fetch products by category",
  params: categoryParams(CATEGORY_SLUGS),
  success: { status: 200, description: "Products, newest first", data: products },
  errors: [404],
  async handle({ params }) {
    const category = params.category ?? "";
    if (!isCategorySlug(category)) throw new ApiError(404, PRODUCT_MESSAGES.noCategory(category));
    return ok(await toApiProducts(await listAllProductsForAdmin({ category })));
  },
});

const getAvailableProductsByCategory = defineEndpoint({
  method: "GET",
  path: "/products/getAvailableProductsByCategory/{category}",
  tag: "Products",
  summary: "Public products of a category, the Gift list ('trending') or the stock collection ('available-collection')",
  description: "Ready and available products only, newest first, for everyone (the storefront's listing and detail).",
  access: "public",
  failure: "Failed to fetch available products by category",
  params: categoryParams(LISTING_SLUGS),
  success: { status: 200, description: "Products, newest first", data: products },
  errors: [404],
  async handle({ params }) {
    const slug = params.category ?? "";
    if (!isListingSlug(slug)) throw new ApiError(404, PRODUCT_MESSAGES.noCategory(slug));
    return ok(await toApiProducts(await listAllPublicProducts(slug)));
  },
});

/** JSON null means "not sent" (the field keeps its value), except a null selling price: no discount. */
function withoutNulls(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key, value]) => value !== null || key === "priceDiscount"));
}

const update = defineEndpoint({
  method: "PUT",
  path: "/products/update/{id}",
  tag: "Products",
  summary: "Update a product (multipart with optional images, or JSON)",
  description:
    `Fields left out keep their values. New images replace the existing ones unless \`keepExistingImages\` is true (then they are added, and a \`ready\` product stays ready and public while they are made: \`imageStates\` shows each); at most ${UPLOAD_LIMITS.imagesPerProduct} in all, each at most ${LIMIT_WORDS.productImageSize} (the edit form's rules). Send the \`version\` you read to be refused with 409 when the product was saved since (then read it again); without \`version\` the update is not checked. \`translations\`: a language or field left out is unchanged, null or "" clears it. ${TRANSLATIONS_MULTIPART}.`,
  access: "admin",
  failure: "Failed to update product",
  params: idParams,
  body: {
    json: productEditSchema,
    multipart: productEditSchema.in.extend({
      images: z.array(z.string().meta({ format: "binary" })).optional(),
    }),
  },
  success: { status: 200, description: "The updated product", data: apiProductSchema },
  errors: [400, 404, 409, 413, 415],
  async handle({ request, params }) {
    const id = pathId(params);
    const current = await getProductForAdmin(id);
    let raw: Record<string, unknown>;
    let files: SavedUpload[] | null = null;
    let discard = async () => undefined as void;
    if (isMultipart(request)) {
      const upload = await parseUpload(request, { images: UPLOAD_RULES.moreProductImages(current.images.length) });
      raw = fieldsOf(upload.fields);
      files = upload.files;
      discard = upload.discard;
    } else {
      raw = await readBody(request);
    }
    try {
      const fields = files === null ? raw : nestTranslations(raw as Record<string, string>);
      await updateProduct(id, parseWith(productEditSchema, withoutNulls(fields)), files ?? []);
    } catch (error) {
      await discard();
      throw error;
    }
    return ok(await adminView(id), { message: MANAGE_MESSAGES.updated });
  },
});

const toggle = defineEndpoint({
  method: "PUT",
  path: "/products/toggleAvailability/{id}",
  tag: "Products",
  summary: "Flip whether the product is available (in stock); empty body",
  access: "admin",
  failure: "Failed to toggle product in stock status",
  params: idParams,
  success: {
    status: 200,
    description: "The new availability",
    data: z.object({ _id: z.string(), available: z.boolean() }),
  },
  errors: [400, 404],
  async handle({ params }) {
    const id = pathId(params);
    const { available } = await toggleAvailability(id);
    return ok(
      { _id: String(id), available },
      { message: available ? "Product is now available" : "Product is now unavailable" },
    );
  },
});

const getTotalProductsCount = defineEndpoint({
  method: "GET",
  path: "/products/getTotalProductsCount",
  tag: "Products",
  summary: "How many products there are, in any state (admin)",
  access: "admin",
  failure: "Failed to fetch total product count",
  success: { status: 200, description: "The count", data: z.object({ total: z.number() }) },
  errors: [],
  async handle() {
    return ok({ total: (await getCatalogCounts()).totalProducts });
  },
});

const getProductCountByCategory = defineEndpoint({
  method: "GET",
  path: "/products/getProductCountByCategory/{category}",
  tag: "Products",
  summary: "How many products a category (or the Gift list, or the stock collection) has (admin)",
  access: "admin",
  failure: "Failed to fetch product count by category",
  params: categoryParams(LISTING_SLUGS),
  success: { status: 200, description: "The count", data: z.object({ count: z.number() }) },
  errors: [404],
  async handle({ params }) {
    const slug = params.category ?? "";
    if (!isListingSlug(slug)) throw new ApiError(404, PRODUCT_MESSAGES.noCategory(slug));
    const counts = await getCatalogCounts();
    const count =
      slug === "trending" ? counts.giftItems : slug === "available-collection" ? counts.stockProducts : (counts.byCategory[slug] ?? 0);
    return ok({ count });
  },
});

const deleteImage = defineEndpoint({
  method: "DELETE",
  path: "/products/deleteImage/{id}",
  tag: "Products",
  summary: "Delete one image of a product (not its last one); body {imageUrl}",
  access: "admin",
  failure: "Failed to delete image",
  params: idParams,
  body: { json: deleteImageBodySchema },
  success: { status: 200, description: "The product without that image", data: apiProductSchema },
  errors: [400, 404, 415],
  async handle({ request, params }) {
    const id = pathId(params);
    const { imageUrl } = parseWith(deleteImageBodySchema, await readBody(request));
    await deleteProductImage(id, { imageUrl });
    return ok(await adminView(id), { message: MANAGE_MESSAGES.imageDeleted });
  },
});

const remove = defineEndpoint({
  method: "DELETE",
  path: "/products/delete/{id}",
  tag: "Products",
  summary: "Delete a product with its list entries, images and files",
  access: "admin",
  failure: "Failed to delete product",
  params: idParams,
  success: { status: 200, description: "The deleted product's id", data: z.object({ _id: z.string() }) },
  errors: [400, 404],
  async handle({ params }) {
    const id = pathId(params);
    await deleteProduct(id);
    return ok({ _id: String(id) }, { message: MANAGE_MESSAGES.deleted });
  },
});

export const productEndpoints = {
  create,
  getAllProducts,
  getProductById,
  getProductByName,
  getAvailableProductByName,
  getProductsByCategory,
  getAvailableProductsByCategory,
  update,
  toggle,
  getTotalProductsCount,
  getProductCountByCategory,
  deleteImage,
  remove,
};
