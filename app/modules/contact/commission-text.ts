// The commission form (/commission): its fields, limits, its rules' English messages, the
// thank-you's WhatsApp message and the Messages screen's labels. Client-safe. The page's
// words in every language are the "commission" texts.

import type { Lang } from "#app/modules/i18n/languages.ts";
import type { Translate } from "#app/modules/i18n/translate.ts";
import { COMMISSION_LINKS } from "./commission-links.ts";

export const COMMISSION_PHOTO_MB = 10;

export const COMMISSION_LIMITS = {
  design: 2000,
  size: 100,
  quantityMax: 999,
  budgetMax: 10_000_000,
  name: 100,
  phone: 25,
  /** How far ahead a needed-by date may be. */
  neededByYears: 3,
  photoBytes: COMMISSION_PHOTO_MB * 1024 * 1024,
} as const;

/** The form's fields in order; their labels and hints are the "commission" texts (`field.<name>`, `hint.<name>`). */
export const COMMISSION_FIELDS = [
  { name: "design", hint: true, required: true },
  { name: "size", hint: true, required: false },
  { name: "quantity", hint: false, required: false },
  { name: "budget", hint: true, required: false },
  { name: "neededBy", hint: false, required: false },
  { name: "name", hint: false, required: true },
  { name: "phone", hint: true, required: true },
  { name: "photo", hint: true, required: false },
] as const;

export type CommissionFieldName = (typeof COMMISSION_FIELDS)[number]["name"];
export type CommissionTextField = Exclude<CommissionFieldName, "photo">;
export const COMMISSION_TEXT_FIELDS = COMMISSION_FIELDS.map((f) => f.name).filter((n): n is CommissionTextField => n !== "photo");

export const COMMISSION_TEXT = {
  title: "Commission a piece",
  intro: "Every Dokra casting is made by hand in a mould that is broken to free it. Tell us what you would like and we will reply on WhatsApp with a price and a time.",
  submit: "Send request",
  sending: "Sending…",
  optional: " (optional)",
  required: "This field is required",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  quantity: `Please enter a whole number from 1 to ${COMMISSION_LIMITS.quantityMax}`,
  budget: `Please enter an amount in rupees from 1 to ${COMMISSION_LIMITS.budgetMax.toLocaleString("en-IN")}, digits only`,
  neededBy: `Please choose a date from today to ${COMMISSION_LIMITS.neededByYears} years ahead`,
  phone: "Please enter a WhatsApp number we can reach, with its country code (+44 …) unless it is Indian",
  phoneNoSuchNumber: "There is no such number with this country code. Please check the digits.",
  photoKept: (name: string) => `Your photo “${name}” is kept: send the form to include it, or choose another.`,
  photoAgain: "The photo was not kept: please choose it again.",
  photoTooLarge: `The photo is larger than ${COMMISSION_PHOTO_MB} MB. Please choose a smaller one.`,
  photoTooMany: "Please choose one photo only.",
  automated: "Your request was not sent because it looks automated. Please message us on WhatsApp instead.",
  throttled: (minutes: number) => `You have sent several requests in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before sending another, or message us on WhatsApp.`,
  likePiece: (name: string) => `A piece like “${name}”`,
  thanksTitle: "Thank you!",
  thanksText: "Your request has reached the workshop. We will reply on WhatsApp soon.",
  alsoWhatsapp: "Also send on WhatsApp",
  another: "Send another request",
  ...COMMISSION_LINKS,
  subject: "Commission request",
} as const;

export interface CommissionSummary {
  design: string;
  size: string | null;
  quantity: number | null;
  budget: number | null;
  neededBy: string | null;
  name: string;
}

const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

/** The date a Bengali or Hindi buyer writes ("20 ডিসেম্বর 2026", Latin digits as the shop's prices); English keeps the form's own 2026-12-20. */
function neededByIn(lang: Lang, iso: string): string {
  if (lang === "en") return iso;
  return new Intl.DateTimeFormat(`${lang}-IN`, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(iso));
}

/** The request as lines for its WhatsApp message, in the page's language (`t` over its "commission" texts): design, size, quantity, budget, date. */
export function commissionLines(c: CommissionSummary, t: Translate, lang: Lang): string[] {
  return [
    `${t("line.design")}: ${c.design}`,
    `${t("line.size")}: ${c.size ?? "—"}`,
    `${t("line.quantity")}: ${c.quantity ?? "—"}`,
    `${t("line.budget")}: ${c.budget === null ? "—" : rupees(c.budget)}`,
    `${t("line.neededBy")}: ${c.neededBy === null ? "—" : neededByIn(lang, c.neededBy)}`,
  ];
}

export const COMMISSION_ADMIN_TEXT = {
  badge: "Commission",
  size: "Size",
  quantity: "Quantity",
  budget: "Budget",
  neededBy: "Needed by",
  photo: "Reference photo",
  openPhoto: "Open the photo",
  rupees,
} as const;
