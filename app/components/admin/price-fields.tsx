import { Field } from "./field.tsx";

/** The input attributes a field's zod schema implies (Conform's constraint, from getZodConstraint). */
export function constraintOf(meta: { required?: boolean; min?: string | number; max?: string | number; maxLength?: number }) {
  return { required: meta.required, min: meta.min, max: meta.max, maxLength: meta.maxLength };
}

type Meta = Parameters<typeof constraintOf>[0] & { errors?: string[] };

/**
 * The two prices, with the same words and order on Add and Edit (docs/product-rules.md, Forms, calls them
 * 'Price' and 'Fixed Price'): Price is what the buyer pays, Fixed Price the list price
 * shown struck through. Which one may stay empty is each form's rule (docs/product-rules.md, Forms): on Add
 * the Fixed Price (then it equals the Price), on Edit the Price (then no discount).
 */
export function PriceFields({ price, fixedPrice }: { price: PriceInput; fixedPrice: PriceInput }) {
  return (
    <>
      <PriceField input={price} words={PRICE_WORDS.price} />
      <PriceField input={fixedPrice} words={PRICE_WORDS.fixedPrice} />
    </>
  );
}

type PriceInput = { name: string; meta: Meta; defaultValue?: string };

/** Each price's label and hint, as the form requires it or lets it stay empty. */
const PRICE_WORDS = {
  price: {
    label: "Price",
    required: "What the buyer pays, in rupees.",
    optional: "What the buyer pays. Empty: the Fixed Price, no discount.",
  },
  fixedPrice: {
    label: "Fixed Price",
    required: "The original price, struck through when the Price is lower.",
    optional: "The original price, struck through when higher. Empty: the Price is used for both.",
  },
} as const;

function PriceField({ input, words }: { input: PriceInput; words: (typeof PRICE_WORDS)[keyof typeof PRICE_WORDS] }) {
  const required = Boolean(input.meta.required);
  return (
    <Field
      label={required ? words.label : `${words.label} (optional)`}
      name={input.name}
      type="number"
      step="0.01"
      inputMode="decimal"
      hint={required ? words.required : words.optional}
      defaultValue={input.defaultValue}
      errors={input.meta.errors}
      {...constraintOf(input.meta)}
    />
  );
}
