// What the shop counts about interest in its pieces (client-safe: the pages build tap links
// from here). Counts are per piece and per day; nothing about a visitor is kept
// (docs/decisions/111-interest-figures.md).

/** The WhatsApp links a tap is counted on. */
export const TAP_KINDS = ["buy", "similar", "enquiry", "share", "chat"] as const;
export type TapKind = (typeof TAP_KINDS)[number];

/** Other interest a page or action reports with `countInterest`. */
export const INTEREST_KINDS = ["enquiry_add", "share_sheet", "notify", "commission"] as const;
export type InterestKind = (typeof INTEREST_KINDS)[number];

/** Every figure kept per piece (product 0: the whole shop) and day. */
export const METRICS = [
  "views",
  "visitors",
  "previews",
  "page_views",
  ...TAP_KINDS.map((kind) => `tap_${kind}` as const),
  ...INTEREST_KINDS,
] as const;
export type Metric = (typeof METRICS)[number];

export function isMetric(value: string): value is Metric {
  return (METRICS as readonly string[]).includes(value);
}

export function isTapKind(value: string): value is TapKind {
  return (TAP_KINDS as readonly string[]).includes(value);
}

/** What the tap endpoint accepts: a WhatsApp tap, or the share sheet (no link to ping, a beacon only). */
export type BeaconKind = TapKind | "share_sheet";

export function isBeaconKind(value: string): value is BeaconKind {
  return value === "share_sheet" || isTapKind(value);
}

/** The first-party address a tap is reported to (the link's `ping`, or a beacon). */
export const TAP_PATH = "/interest/tap";

export function tapUrl(kind: BeaconKind, productId?: number | null): string {
  return productId ? `${TAP_PATH}?k=${kind}&p=${productId}` : `${TAP_PATH}?k=${kind}`;
}

/** The shop's day: India Standard Time (UTC+5:30, no daylight saving). */
const DAY_OFFSET_MS = 330 * 60_000;

/** "YYYY-MM-DD" of the shop's day at `at`. */
export function interestDay(at: Date | number = Date.now()): string {
  return new Date(new Date(at).getTime() + DAY_OFFSET_MS).toISOString().slice(0, 10);
}

/** The moment the shop's day `day` ends (ms since the epoch). */
export function dayEndsAt(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) + 86_400_000 - DAY_OFFSET_MS;
}

/** The days from `days - 1` days ago to today, oldest first. */
export function lastDays(days: number, at: Date | number = Date.now()): string[] {
  const today = Date.parse(`${interestDay(at)}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** The ranges the owner's screen offers. */
export const INTEREST_RANGES = [7, 30, 90] as const;
export type InterestRange = (typeof INTEREST_RANGES)[number];

export function parseRange(value: string | null): InterestRange {
  const number = Number(value);
  return (INTEREST_RANGES as readonly number[]).includes(number) ? (number as InterestRange) : 30;
}

/** A search as counted: lower case, single spaces, at most 100 characters (the box's limit). */
export function normaliseQuery(q: string): string {
  return q.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().slice(0, 100);
}
