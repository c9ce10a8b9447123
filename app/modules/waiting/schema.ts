import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { latinDigits } from "#app/lib/digits.ts";
import { WAITING_TEXT } from "./text.ts";

// The notify-me form, read on the server (the phone library stays out of the pages' JavaScript).

/** "+919830012345" for a valid number; Indian numbers may be typed without +91. Null otherwise. */
export function normaliseWhatsapp(text: string): string | null {
  const trimmed = latinDigits(text).trim();
  if (!/^[+\d\s().-]{6,25}$/.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, "IN");
  return phone?.isValid() ? phone.number : null;
}

/** Typed with "+" and a country code the numbering plan knows, but no such number there (a digit missing, a range kept for fiction). */
export function isNoSuchNumber(text: string): boolean {
  const trimmed = latinDigits(text).trim();
  return trimmed.startsWith("+") && parsePhoneNumberFromString(trimmed)?.countryCallingCode !== undefined;
}

export const waitingFormSchema = z.object({
  productId: z.coerce.number().int().positive(),
  phone: z
    .string({ error: WAITING_TEXT.phoneInvalid })
    .transform((text, ctx) => {
      const phone = normaliseWhatsapp(text);
      if (phone === null) ctx.addIssue({ code: "custom", message: isNoSuchNumber(text) ? WAITING_TEXT.phoneNoSuchNumber : WAITING_TEXT.phoneInvalid });
      return phone ?? "";
    }),
  name: z
    .string()
    .trim()
    .max(100, WAITING_TEXT.nameTooLong)
    .optional()
    .transform((v) => v || null),
  consent: z.literal("on", { error: WAITING_TEXT.consentRequired }),
});

export type WaitingForm = z.output<typeof waitingFormSchema>;
