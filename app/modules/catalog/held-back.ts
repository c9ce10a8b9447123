import type { ProductState } from "#db/schema.ts";

// Its own module, not states.ts: the storefront's price and card read it, and states.ts carries
// the admin's words, which would come along into every storefront page's code.

/** The states a piece cannot be bought in now: sold, or on hold for a buyer (docs/decisions/107-piece-states.md). */
export type HeldBack = Extract<ProductState, "sold" | "reserved">;

/** The state when it keeps a piece from being bought now (no buy button, heart, offer or place in an enquiry), else null. */
export function heldBack(state: ProductState): HeldBack | null {
  return state === "sold" || state === "reserved" ? state : null;
}
