import { PRODUCT_STATES, SHIPS_IN_DAYS, SHIPS_IN_DAYS_INPUT, STATE_NAMES, type ProductState } from "#app/modules/catalog/states.ts";
import { controlClass, Field, Labelled } from "./field.tsx";

/** The edit form's state and "ships in days" (the days count only with Made to order). */
export function StateFields({
  state,
  shipsInDays,
  errors,
}: {
  state: string;
  shipsInDays: string;
  errors: { state?: string[]; shipsInDays?: string[] };
}) {
  return (
    <>
      <Labelled label="State" name="state" errors={errors.state} hint="A sold piece stays in the shop with a Sold badge. Hidden pieces stay hidden in any state.">
        <select name="state" defaultValue={state} className={controlClass}>
          {PRODUCT_STATES.map((s: ProductState) => (
            <option key={s} value={s}>
              {STATE_NAMES[s]}
            </option>
          ))}
        </select>
      </Labelled>
      <Field
        label="Ships in (days)"
        name="shipsInDays"
        {...SHIPS_IN_DAYS_INPUT}
        hint={`Made to order only, ${SHIPS_IN_DAYS.min}–${SHIPS_IN_DAYS.max}`}
        defaultValue={shipsInDays}
        errors={errors.shipsInDays}
      />
    </>
  );
}
