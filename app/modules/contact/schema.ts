import { z } from "zod";
import { typedNumber } from "#app/lib/digits.ts";
import { CONTACT_FIELDS } from "./fields.ts";
import { isPlausiblePhone, normalisePhone, PHONE_MESSAGE } from "./phone.ts";

const limit = (name: string) => CONTACT_FIELDS.find((f) => f.name === name)!.maxLength;

const text = (name: string) =>
  z
    .string({ error: "This field is required" })
    .trim()
    .max(limit(name), `Please keep this under ${limit(name)} characters`);

const required = (name: string) => text(name).min(1, "This field is required");

/** The contact form (docs/product-rules.md, Forms): name, email, subject, message required; a phone/WhatsApp number optional. */
export const contactSchema = z.object({
  name: required("name"),
  email: required("email").pipe(z.email("Please enter a valid email address")),
  // Empty means not given (Conform's parse turns "" into undefined; a direct parse may pass "").
  phone: text("phone")
    .transform(typedNumber)
    .refine((v) => v === "" || isPlausiblePhone(v), PHONE_MESSAGE)
    .transform((v) => (v === "" ? undefined : normalisePhone(v)))
    .optional(),
  subject: required("subject"),
  message: required("message"),
});

export type ContactInput = z.infer<typeof contactSchema>;
