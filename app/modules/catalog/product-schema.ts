import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories.ts";

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
