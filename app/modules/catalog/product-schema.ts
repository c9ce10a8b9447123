import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories.ts";
import { parseSize } from "./format.ts";

// One schema per form, shared by the server action, the API and the client (Conform).

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();

/** Form values arrive as text: blank means absent, anything else must read as a number. */
const toNumber = (v: unknown) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v);

const amountNumber = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .min(0, `${label} cannot be negative`)
    .max(99_999_999, `${label} is too large`);

const requiredAmount = (label: string) => z.preprocess(toNumber, amountNumber(label));
const optionalAmount = (label: string) => z.preprocess(toNumber, amountNumber(label).optional());

export const CATEGORY_MESSAGE = "Please select a category";

/** SPEC §9: 1 to 5 images per product, with SPEC §5's messages. */
export const MAX_PRODUCT_IMAGES = 5;
export const IMAGE_COUNT_MESSAGES = {
  none: "Please upload at least one image",
  tooMany: `You can upload maximum ${MAX_PRODUCT_IMAGES} images`,
} as const;

/** Add product (SPEC §5): 'Price' is the selling price; an empty 'Fixed Price' means the same. */
export const productCreateSchema = z
  .object({
    category: z.enum(CATEGORY_SLUGS, { error: CATEGORY_MESSAGE }),
    name: requiredText("Title"),
    price: requiredAmount("Price"),
    fixedPrice: optionalAmount("Fixed Price"),
    height: requiredAmount("Height"),
    width: requiredAmount("Width"),
    length: requiredAmount("Length"),
    weight: requiredAmount("Weight"),
    color: optionalText(100).default("Golden"),
    material: optionalText(100).default("Kansa"),
    utility: optionalText(100).default("Home Decor"),
    description: optionalText(5000).default(""),
  })
  .transform((p) => ({
    category: p.category,
    name: p.name,
    priceFixed: p.fixedPrice ?? p.price,
    priceDiscount: p.price,
    height: p.height,
    width: p.width,
    length: p.length,
    weight: p.weight,
    color: p.color || "Golden",
    material: p.material || "Kansa",
    utility: p.utility || "Home Decor",
    description: p.description,
  }));

export type ProductCreateInput = z.output<typeof productCreateSchema>;

/** Edit prices (SPEC §5): numeric, step 0.01, minimum 0. */
const editAmount = (label: string) =>
  amountNumber(label).refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} must use steps of 0.01`);

const optionalDimension = (label: string) => z.preprocess(toNumber, amountNumber(label).optional());

/** 'true'/'on'/'1' from a form or a JSON boolean; anything else is false. */
const formBoolean = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "on", "1"].includes(v.trim().toLowerCase()) : v),
  z.boolean().optional(),
);

/**
 * Edit product (SPEC §5, §7): name, description and fixed price required; prices
 * numeric with step 0.01 and minimum 0. An empty selling price means "no discount".
 * `size` (the API's text form) is accepted when the three dimensions are not sent.
 */
export const productEditFields = z.object({
    name: requiredText("Name"),
    description: requiredText("Description", 5000),
    priceFixed: z.preprocess(toNumber, editAmount("Fixed price")),
    priceDiscount: z.preprocess(toNumber, editAmount("Selling price").optional()),
    category: z.enum(CATEGORY_SLUGS, { error: CATEGORY_MESSAGE }).optional(),
    color: optionalText(100),
    material: optionalText(100),
    utility: optionalText(100),
    height: optionalDimension("Height"),
    width: optionalDimension("Width"),
    length: optionalDimension("Length"),
    size: optionalText(100),
    weight: optionalDimension("Weight"),
    keepExistingImages: formBoolean,
  });

export const productEditSchema = productEditFields.transform((p) => {
    const fromText = p.size ? parseSize(p.size) : null;
    return {
      name: p.name,
      description: p.description,
      priceFixed: p.priceFixed,
      priceDiscount: p.priceDiscount ?? null,
      category: p.category,
      color: p.color || "Golden",
      material: p.material || "Kansa",
      utility: p.utility || "Home Decor",
      height: p.height ?? fromText?.height ?? null,
      width: p.width ?? fromText?.width ?? null,
      length: p.length ?? fromText?.length ?? null,
      weight: p.weight ?? null,
      keepExistingImages: p.keepExistingImages ?? false,
    };
  });

export type ProductEditInput = z.output<typeof productEditSchema>;
