import { z } from "zod";
import { CONTACT_FIELDS } from "./fields.ts";

const limit = (name: string) => CONTACT_FIELDS.find((f) => f.name === name)!.maxLength;

const required = (name: string) =>
  z
    .string({ error: "This field is required" })
    .trim()
    .min(1, "This field is required")
    .max(limit(name), `Please keep this under ${limit(name)} characters`);

/** The contact form (SPEC §5): name, email, subject, message, all required. */
export const contactSchema = z.object({
  name: required("name"),
  email: required("email").pipe(z.email("Please enter a valid email address")),
  subject: required("subject"),
  message: required("message"),
});

export type ContactInput = z.infer<typeof contactSchema>;
