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

/**
 * A fresh one-time token for an Add product form (22 URL-safe characters): the same form
 * sent twice makes one product (createProduct). Made by the loader, and by the page after
 * each piece it adds with JavaScript.
 */
export function newFormToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Add product (SPEC §5): 'Price' is the selling price; an empty 'Fixed Price' means the same. */
export const productCreateFields = z.object({
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
    formToken: z.string().regex(/^[A-Za-z0-9_-]{22}$/).optional(),
  });

export const productCreateSchema = productCreateFields.transform((p) => ({
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
    formToken: p.formToken,
  }));

export type ProductCreateInput = z.output<typeof productCreateSchema>;

/** Edit prices (SPEC §5): numeric, step 0.01, minimum 0. */
const editAmount = (label: string) =>
  amountNumber(label).refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} must use steps of 0.01`);

/** 'true'/'on'/'1' from a form or a JSON boolean; anything else is false. */
const formBoolean = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "on", "1"].includes(v.trim().toLowerCase()) : v),
  z.boolean().optional(),
);

export const SIZE_MESSAGE = "Size must look like 'H-6 * W-4 * L-3 inch'";

/** The API's text form of the three dimensions: when sent, it must read as one (as on create). */
const sizeText = z
  .string({ error: SIZE_MESSAGE })
  .superRefine((text, ctx) => {
    if (text.trim() === "") ctx.addIssue({ code: "custom", message: `Size is required. ${SIZE_MESSAGE}` });
    else if (!parseSize(text)) ctx.addIssue({ code: "custom", message: SIZE_MESSAGE });
  });

/** Blank means "no discount" (as on create, where it means the list price); absent keeps it. */
const discount = z.preprocess(
  (v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : toNumber(v)),
  editAmount("Price").nullable(),
);

/**
 * Edit product (SPEC §5, §7), form and API alike: a field left out keeps its stored value;
 * a field sent is checked as on create (a blank dimension or weight is "… is required", a
 * size must read as one), and any bad field refuses the whole edit. Name, description and
 * fixed price are required when sent; prices numeric with step 0.01 and minimum 0.
 * Pages parse with `disableAutoCoercion`, so a blank field stays sent (Conform would drop it).
 */
export const productEditFields = z.object({
  name: requiredText("Name").optional(),
  description: requiredText("Description", 5000).optional(),
  priceFixed: z.preprocess(toNumber, editAmount("Fixed Price")).optional(),
  priceDiscount: discount.optional(),
  category: z.enum(CATEGORY_SLUGS, { error: CATEGORY_MESSAGE }).optional(),
  color: optionalText(100),
  material: optionalText(100),
  utility: optionalText(100),
  height: requiredAmount("Height").optional(),
  width: requiredAmount("Width").optional(),
  length: requiredAmount("Length").optional(),
  size: sizeText.optional(),
  weight: requiredAmount("Weight").optional(),
  keepExistingImages: formBoolean,
});

/** A sent text with a default: blank means the default, as on create. */
const orDefault = (value: string | undefined, fallback: string) => (value === undefined ? undefined : value || fallback);

function editChanges(p: z.output<typeof productEditFields>) {
  const fromText = p.size === undefined ? null : parseSize(p.size);
  return {
    name: p.name,
    description: p.description,
    priceFixed: p.priceFixed,
    priceDiscount: p.priceDiscount,
    category: p.category,
    color: orDefault(p.color, "Golden"),
    material: orDefault(p.material, "Kansa"),
    utility: orDefault(p.utility, "Home Decor"),
    height: fromText?.height ?? p.height,
    width: fromText?.width ?? p.width,
    length: fromText?.length ?? p.length,
    weight: p.weight,
    keepExistingImages: p.keepExistingImages ?? false,
  };
}

export const productEditSchema = productEditFields.transform(editChanges);

/**
 * The edit page always sends name, description and fixed price, and a blank one is an
 * error there (SPEC §5: "fixed price required"), not a field left as it was.
 */
export const productEditFormFields = productEditFields.extend({
  name: requiredText("Name"),
  description: requiredText("Description", 5000),
  priceFixed: z.preprocess(toNumber, editAmount("Fixed Price")),
});
export const productEditFormSchema = productEditFormFields.transform(editChanges);

/** The changes of an edit: an undefined field is left as it is. */
export type ProductEditInput = z.output<typeof productEditSchema>;
