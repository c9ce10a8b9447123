import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories.ts";
import { productStateFields } from "./state-schema.ts";
import { STATE_MESSAGES } from "./states.ts";
import { translationsSchema } from "./translation-schema.ts";

// One schema per form, shared by the server action, the API and the client (Conform).

/**
 * Reads a size text (formatSize in app/modules/catalog/format.ts) back into numbers, for API
 * clients that send `size` as text. Here, not in format.ts: the storefront's shared chunk carries
 * format.ts, and no storefront page reads a size.
 */
export function parseSize(text: string): { height: number; width: number; length: number } | null {
  const match = /^\s*H-\s*([\d.]+)\s*\*\s*W-\s*([\d.]+)\s*\*\s*L-\s*([\d.]+)\s*(?:inch)?\s*$/i.exec(text);
  if (!match) return null;
  const [height, width, length] = match.slice(1).map(Number) as [number, number, number];
  return [height, width, length].every(Number.isFinite) ? { height, width, length } : null;
}

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();

/** Form values arrive as text: blank means absent, anything else must read as a number. */
const toNumber = (v: unknown) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v);

/**
 * A price sent as text must be plain decimal rupees ("2500", "2499.50"): "0x10", "1e3" or
 * " 12" read as numbers in JavaScript but are not amounts anyone typed. A sign is let
 * through so "-5" is refused as negative.
 */
const PLAIN_AMOUNT = /^-?[0-9]{1,12}(\.[0-9]{1,12})?$/;
const toPrice = (v: unknown) =>
  typeof v === "string" ? (v.trim() === "" ? undefined : PLAIN_AMOUNT.test(v) ? Number(v) : Number.NaN) : v;

const amountNumber = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .min(0, `${label} cannot be negative`)
    .max(99_999_999, `${label} is too large`);

/** Prices (docs/product-rules.md, Forms): numeric, step 0.01, minimum 0. */
const priceAmount = (label: string) =>
  amountNumber(label).refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} must use steps of 0.01`);
const requiredPrice = (label: string) => z.preprocess(toPrice, priceAmount(label));
const optionalPrice = (label: string) => z.preprocess(toPrice, priceAmount(label).optional());

/** For the API's document: the same rule in words and in JSON Schema terms. */
export const PRICE_DOC = {
  /** What is accepted (PLAIN_AMOUNT also reads "-5" and "1.005", to refuse them by name). */
  pattern: "^[0-9]{1,8}(\\.[0-9]{1,2})?$",
  text: 'Rupees, at most two decimals: a JSON number or plain digits ("2499.50"; "0x10", "1e3" and " 12" are refused)',
  sellingText: "The selling price is at most the list price (priceFixed)",
} as const;

/** The selling price is at most the list price (the shop would show ₹5,000 beside a struck-through ₹1,000). */
export const PRICE_ORDER_MESSAGE = "Price cannot be more than the Fixed Price";
export const priceOrderWrong = (selling: number | null | undefined, list: number | null | undefined) =>
  typeof selling === "number" && typeof list === "number" && selling > list;

const requiredAmount = (label: string) => z.preprocess(toNumber, amountNumber(label));

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

/** Add product (docs/product-rules.md, Forms): 'Price' is the selling price; an empty 'Fixed Price' means the same. */
export const productCreateFields = z.object({
    category: z.enum(CATEGORY_SLUGS, { error: CATEGORY_MESSAGE }),
    name: requiredText("Title"),
    price: requiredPrice("Price"),
    fixedPrice: optionalPrice("Fixed Price"),
    height: requiredAmount("Height"),
    width: requiredAmount("Width"),
    length: requiredAmount("Length"),
    weight: requiredAmount("Weight"),
    color: optionalText(100).default("Golden"),
    material: optionalText(100).default("Kansa"),
    utility: optionalText(100).default("Home Decor"),
    description: optionalText(5000).default(""),
    translations: translationsSchema.optional(),
    formToken: z.string().regex(/^[A-Za-z0-9_-]{22}$/).optional(),
  });

export const productCreateSchema = productCreateFields
  .superRefine((p, ctx) => {
    if (priceOrderWrong(p.price, p.fixedPrice)) ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_ORDER_MESSAGE });
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
    translations: p.translations,
    formToken: p.formToken,
  }));

export type ProductCreateInput = z.output<typeof productCreateSchema>;


/** 'true'/'on'/'1' from a form or a JSON boolean; anything else is false. */
const formBoolean = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "on", "1"].includes(v.trim().toLowerCase()) : v),
  z.boolean().optional(),
);

export const VERSION_MESSAGE = "version must be a whole number (the product's version the edit is based on)";

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
  (v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : toPrice(v)),
  priceAmount("Price").nullable(),
);

/**
 * Edit product (docs/product-rules.md, Forms, API), form and API alike: a field left out keeps its stored value;
 * a field sent is checked as on create (a blank dimension or weight is "… is required", a
 * size must read as one), and any bad field refuses the whole edit. Name, description and
 * fixed price are required when sent; prices numeric with step 0.01 and minimum 0.
 * Pages parse with `disableAutoCoercion`, so a blank field stays sent (Conform would drop it).
 */
export const productEditFields = z.object({
  name: requiredText("Name").optional(),
  description: requiredText("Description", 5000).optional(),
  priceFixed: z
    .preprocess(toPrice, priceAmount("Fixed Price"))
    .optional()
    .meta({ description: `List price. ${PRICE_DOC.text}`, multipleOf: 0.01 }),
  priceDiscount: discount
    .optional()
    .meta({ description: `Selling price; null or blank: no discount. ${PRICE_DOC.text}. ${PRICE_DOC.sellingText}`, multipleOf: 0.01 }),
  category: z.enum(CATEGORY_SLUGS, { error: CATEGORY_MESSAGE }).optional(),
  color: optionalText(100),
  material: optionalText(100),
  utility: optionalText(100),
  height: requiredAmount("Height").optional(),
  width: requiredAmount("Width").optional(),
  length: requiredAmount("Length").optional(),
  size: sizeText.optional(),
  weight: requiredAmount("Weight").optional(),
  translations: translationsSchema.optional(),
  keepExistingImages: formBoolean,
  version: z
    .preprocess(toNumber, z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).positive(VERSION_MESSAGE))
    .optional()
    .meta({ description: "The product's `version` this edit is based on; when it is no longer current the edit is refused (409). Left out: no check." }),
  ...productStateFields,
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
    translations: p.translations,
    keepExistingImages: p.keepExistingImages ?? false,
    version: p.version,
    state: p.state,
    shipsInDays: p.shipsInDays,
  };
}

/** When an edit sends both prices; with one, manage.server.ts checks it against the stored other. */
const pricesInOrder = (p: { priceFixed?: number; priceDiscount?: number | null }, ctx: z.RefinementCtx) => {
  if (priceOrderWrong(p.priceDiscount, p.priceFixed)) ctx.addIssue({ code: "custom", path: ["priceDiscount"], message: PRICE_ORDER_MESSAGE });
};

export const productEditSchema = productEditFields.superRefine(pricesInOrder).transform(editChanges);

/**
 * The edit page always sends name, description and fixed price, and a blank one is an
 * error there (docs/product-rules.md, Forms: "fixed price required"), not a field left as it was.
 */
export const productEditFormFields = productEditFields.extend({
  name: requiredText("Name"),
  description: requiredText("Description", 5000),
  priceFixed: z.preprocess(toPrice, priceAmount("Fixed Price")),
});
// The full form always sends its days box: it counts only with "Made to order", and is needed then.
export const productEditFormSchema = productEditFormFields.superRefine(pricesInOrder).transform((p, ctx) => {
  const changes = editChanges(p);
  if (changes.state === "made-to-order" && changes.shipsInDays == null) {
    ctx.issues.push({ code: "custom", input: p.shipsInDays, path: ["shipsInDays"], message: STATE_MESSAGES.shipsInDaysRequired });
  }
  return changes.state !== undefined && changes.state !== "made-to-order" ? { ...changes, shipsInDays: undefined } : changes;
});

/** The changes of an edit: an undefined field is left as it is. */
export type ProductEditInput = z.output<typeof productEditSchema>;
