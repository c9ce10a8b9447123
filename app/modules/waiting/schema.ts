import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { typedNumber } from "#app/lib/digits.ts";
import { WAITING_TEXT } from "./text.ts";

// The notify-me form, read on the server (the phone library stays out of the pages' JavaScript).

/** Numbers no one answers on WhatsApp (a toll-free or premium line). */
const NOT_WHATSAPP = new Set(["TOLL_FREE", "PREMIUM_RATE", "SHARED_COST", "VOICEMAIL", "PAGER"]);

/** "+919830012345" for a valid number; Indian numbers may be typed without +91. Null otherwise. */
export function normaliseWhatsapp(text: string): string | null {
  const trimmed = typedNumber(text).trim();
  if (!/^[+\d\s().-]{6,25}$/.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, "IN");
  if (!phone?.isValid() || NOT_WHATSAPP.has(phone.getType() ?? "")) return null;
  return phone.number;
}

/** Typed with "+" and a country code the numbering plan knows, but no such number there (a digit missing, a range kept for fiction). */
export function isNoSuchNumber(text: string): boolean {
  const trimmed = typedNumber(text).trim();
  const phone = trimmed.startsWith("+") ? parsePhoneNumberFromString(trimmed) : undefined;
  return phone !== undefined && !phone.isValid();
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
