import { Field } from "./field.tsx";

/** The input attributes a field's zod schema implies (Conform's constraint, from getZodConstraint). */
export function constraintOf(meta: { required?: boolean; min?: string | number; max?: string | number; maxLength?: number }) {
  return { required: meta.required, min: meta.min, max: meta.max, maxLength: meta.maxLength };
}

type Meta = Parameters<typeof constraintOf>[0] & { errors?: string[] };

/**
 * The two prices, with the same words and order on Add and Edit (SPEC §5 calls them
 * 'Price' and 'Fixed Price'): Price is what the buyer pays, Fixed Price the list price
 * shown struck through. Which one may stay empty is each form's rule (SPEC §5): on Add
 * the Fixed Price (then it equals the Price), on Edit the Price (then no discount).
 */
export function PriceFields({
  price,
  fixedPrice,
}: {
  price: { name: string; meta: Meta; defaultValue?: string };
  fixedPrice: { name: string; meta: Meta; defaultValue?: string };
}) {
  const optional = (meta: Meta) => (meta.required ? "" : " (optional)");
  return (
    <>
      <Field
        label={`Price${optional(price.meta)}`}
        name={price.name}
        type="number"
        step="0.01"
        inputMode="decimal"
        hint={price.meta.required ? "What the buyer pays, in rupees." : "What the buyer pays. Empty: the Fixed Price, no discount."}
        defaultValue={price.defaultValue}
        errors={price.meta.errors}
        {...constraintOf(price.meta)}
      />
      <Field
        label={`Fixed Price${optional(fixedPrice.meta)}`}
        name={fixedPrice.name}
        type="number"
        step="0.01"
        inputMode="decimal"
        hint={fixedPrice.meta.required ? "The original price, struck through when the Price is lower." : "The original price, struck through when higher. Empty: the Price is used for both."}
        defaultValue={fixedPrice.defaultValue}
        errors={fixedPrice.meta.errors}
        {...constraintOf(fixedPrice.meta)}
      />
    </>
  );
}
