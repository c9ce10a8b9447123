import type { ProductState } from "#db/schema.ts";

// A piece's state (one-of-a-kind work): the limits, the words every page uses for it and the
// rules the edit page, All Products and the API share. Client-safe, and without zod, because
// every storefront card shows a state (the fields' schema is in state-schema.ts). The shown/hidden switch is
// separate: a hidden piece is not public in any state.

export type { ProductState };

export const PRODUCT_STATES = ["available", "reserved", "sold", "made-to-order"] as const satisfies readonly ProductState[];

export const SHIPS_IN_DAYS = { min: 1, max: 365 } as const;

/** The attributes of every "ships in days" box (the edit form's and All Products' card). */
export const SHIPS_IN_DAYS_INPUT = { type: "number", min: SHIPS_IN_DAYS.min, max: SHIPS_IN_DAYS.max, step: "1", inputMode: "numeric" } as const;

export function isProductState(value: unknown): value is ProductState {
  return typeof value === "string" && (PRODUCT_STATES as readonly string[]).includes(value);
}

/** The owner's words for each state (edit page, All Products, the overview). */
export const STATE_NAMES: Record<ProductState, string> = {
  available: "Available",
  reserved: "Reserved",
  sold: "Sold",
  "made-to-order": "Made to order",
};

/** The All Products card's buttons and the sold confirmation, which names the piece. */
export const STATE_ACTIONS = {
  sold: "Mark sold",
  reserved: "Reserve",
  "made-to-order": "Make to order",
  available: "Mark available",
  confirmSold: (name: string) => `Mark "${name}" as sold? Its page stays public with a "Sold" badge and no buy button.`,
  changed: "State changed",
} as const satisfies Record<ProductState, string> & Record<string, unknown>;

export const STATE_MESSAGES = {
  state: `State must be one of: ${PRODUCT_STATES.join(", ")}`,
  shipsInDays: `Ships in days must be a whole number from ${SHIPS_IN_DAYS.min} to ${SHIPS_IN_DAYS.max}`,
  shipsInDaysRequired: `A made-to-order piece needs "ships in days" (${SHIPS_IN_DAYS.min} to ${SHIPS_IN_DAYS.max})`,
  shipsInDaysOnlyMadeToOrder: 'Ships in days is only for made-to-order pieces: leave it empty, or choose "Made to order"',
  movedOn: (now: string) => `this piece is now ${now}: it was changed elsewhere after this page was opened, so nothing was changed. Check it, then choose again.`,
} as const;

export interface StateChange {
  state?: ProductState;
  shipsInDays?: number | null;
  /** The state the owner saw when she chose (All Products' buttons): refused when the piece has moved on since. */
  from?: ProductState;
}

/**
 * The state and days a product ends with after a change, or the refusal: made to order needs
 * its days (sent, or kept from before), any other state has none (days sent with another
 * state are refused; the edit form, whose days box is always sent, drops them first).
 */
export function resolveState(
  stored: { state: ProductState; shipsInDays: number | null },
  change: StateChange,
): { state: ProductState; shipsInDays: number | null } | { error: string } {
  const state = change.state ?? stored.state;
  if (state !== "made-to-order") {
    if (change.shipsInDays != null) return { error: STATE_MESSAGES.shipsInDaysOnlyMadeToOrder };
    return { state, shipsInDays: null };
  }
  const shipsInDays = change.shipsInDays ?? (stored.state === "made-to-order" ? stored.shipsInDays : null);
  if (shipsInDays === null) return { error: STATE_MESSAGES.shipsInDaysRequired };
  return { state, shipsInDays };
}
