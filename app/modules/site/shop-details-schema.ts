import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { typedNumber } from "#app/lib/digits.ts";
import { SHOP_DETAILS_TEXT as T } from "./shop-details-texts.ts";

// The Shop details form, read the same way in the browser and by the action.

/** "+91 98300 12345" for a valid international number; Indian numbers may be typed without +91. */
export function normalisePhone(text: string): { international: string; digits: string } | null {
  const trimmed = typedNumber(text).trim();
  if (!/^[+\d\s().-]{6,25}$/.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, "IN");
  return phone?.isValid() ? { international: phone.formatInternational(), digits: phone.number.slice(1) } : null;
}

const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa"];

/** An https address on a real-looking host name; `strict` (production) refuses this machine and bare IPs. */
export function isPublicAddress(text: string, strict: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) return false;
  if (!strict) return url.protocol === "https:" || url.protocol === "http:";
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === "https:" &&
    host.includes(".") &&
    /^[a-z0-9.-]+$/.test(host) &&
    // A letter in the last label: no IPv4 address (an IPv6 one has brackets and fails above).
    /[a-z]/.test(host.split(".").at(-1) ?? "") &&
    !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))
  );
}

const text = (label: string, max: number) =>
  z
    .string({ error: T.errors.required(label) })
    .trim()
    .min(1, T.errors.required(label))
    .max(max, T.errors.tooLong(label, max));

const social = (label: string) =>
  z
    .string({ error: T.errors.social(label) })
    .trim()
    .max(300, T.errors.tooLong(label, 300))
    .refine((value) => /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value), T.errors.social(label));

/** A number typed with its country code that the numbering plan has no such number for (digits missing, one too many, a made-up range). */
function hasCountryButNoSuchNumber(text: string): boolean {
  const trimmed = typedNumber(text).trim();
  return trimmed.startsWith("+") && parsePhoneNumberFromString(trimmed)?.countryCallingCode !== undefined;
}

const phone = (message: string, label: string, pick: "international" | "digits") =>
  z.string({ error: message }).transform((value, ctx) => {
    const parsed = normalisePhone(value);
    if (!parsed) ctx.addIssue({ code: "custom", message: hasCountryButNoSuchNumber(value) ? T.errors.noSuchNumber(label) : message });
    return parsed?.[pick] ?? "";
  });

/** `strict` in production: the public address must be one buyers can reach. */
export function shopDetailsSchema(strict: boolean) {
  const L = T.labels;
  return z.object({
    publicUrl: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isPublicAddress(value, strict), T.errors.publicUrl)
      .transform((value) => (value ? new URL(value).origin : null)),
    phone: phone(T.errors.phone, L.phone, "international"),
    whatsapp: phone(T.errors.whatsapp, L.whatsapp, "digits"),
    email: z.email({ error: T.errors.email }).max(200, T.errors.tooLong(L.email, 200)),
    addressLine: text(L.addressLine, 200),
    worksAddress: text(L.worksAddress, 400),
    showroomAddress: text(L.showroomAddress, 400),
    mapQuery: text(L.mapQuery, 200),
    instagram: social(L.instagram),
    facebook: social(L.facebook),
    youtube: social(L.youtube),
    x: social(L.x),
  });
}

export type ShopDetailsInput = z.output<ReturnType<typeof shopDetailsSchema>>;

/** The form's fields in page order. */
export const SHOP_DETAIL_FIELDS = [
  "publicUrl",
  "phone",
  "whatsapp",
  "email",
  "addressLine",
  "worksAddress",
  "showroomAddress",
  "mapQuery",
  "instagram",
  "facebook",
  "youtube",
  "x",
] as const satisfies readonly (keyof ShopDetailsInput)[];

/** The details as a form starts from them (sent back in a hidden field, for the conflict check). */
export const shopDetailsBase = (details: ShopDetailsInput): string => JSON.stringify(details);
