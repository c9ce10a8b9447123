import { z } from "zod";
import { PRODUCT_STATES, SHIPS_IN_DAYS, STATE_MESSAGES } from "./states.ts";

// The state fields of the edit schemas (forms and API), apart from states.ts so the storefront's
// cards do not load zod.

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** `state` and `shipsInDays` as a form or the API sends them; a blank field is absent. Added to the edit schemas. */
export const productStateFields = {
  state: z
    .preprocess(blankToUndefined, z.enum(PRODUCT_STATES, { error: STATE_MESSAGES.state }).optional())
    .meta({ description: "available, reserved, sold or made-to-order (then shipsInDays is required, unless already set)" }),
  shipsInDays: z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return typeof value === "string" ? Number(value) : value;
    },
    z
      .number({ error: STATE_MESSAGES.shipsInDays })
      .int(STATE_MESSAGES.shipsInDays)
      .min(SHIPS_IN_DAYS.min, STATE_MESSAGES.shipsInDays)
      .max(SHIPS_IN_DAYS.max, STATE_MESSAGES.shipsInDays)
      .nullable()
      .optional(),
  ).meta({ description: "Made-to-order only: ships in this many days, 1–365" }),
};
