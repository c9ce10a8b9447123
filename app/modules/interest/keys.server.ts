import { keyPrefix } from "#app/lib/key-prefix.server.ts";

// The Redis keys of the interest counts. The day's counts are one hash; a roll-up renames it to
// a "moving" key of its own before it reads it (rollup.server.ts).

/** Today's counts: fields "<metric>:<productId>", "q:<query>" (searches), "r:<query>" (result count). */
export const countsKey = (day: string) => keyPrefix("interest", "c", day);
export const countsPattern = () => keyPrefix("interest", "c", "*");
export const movingKey = (day: string, batch: string) => keyPrefix("interest", "m", day, batch);
export const movingPattern = () => keyPrefix("interest", "m", "*");
/** Distinct visitors of a piece (0: the whole shop) that day, a HyperLogLog of salted hashes. */
export const visitorsKey = (day: string, productId: number) => keyPrefix("interest", "u", day, String(productId));
export const visitorsPattern = () => keyPrefix("interest", "u", "*");
/** The day's random salt: it expires when the day ends, so a hash can never be recomputed after. */
export const saltKey = (day: string) => keyPrefix("interest", "salt", day);

/** The last `count` parts of a key (its day and batch, or day and piece): the prefix may hold colons. */
export function lastParts(key: string, count: number): string[] {
  return key.split(":").slice(-count);
}
