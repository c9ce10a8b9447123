// The contact form's fields and limits, free of zod so the page can use them without
// shipping the validator to the browser. The schema (schema.ts) is built from these.

export const CONTACT_FIELDS = [
  { name: "name", label: "Name", maxLength: 200, type: "text", autoComplete: "name", required: true },
  { name: "email", label: "Email", maxLength: 254, type: "email", autoComplete: "email", required: true },
  { name: "phone", label: "Phone / WhatsApp", maxLength: 24, type: "tel", autoComplete: "tel", required: false },
  { name: "subject", label: "Subject", maxLength: 300, type: "text", autoComplete: "off", required: true },
  { name: "message", label: "Message", maxLength: 5000, type: "textarea", autoComplete: "off", required: true },
] as const;

export type ContactFieldName = (typeof CONTACT_FIELDS)[number]["name"];

/** A hidden field people never fill in; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";

export const CONTACT_SUCCESS = {
  title: "Thank You!",
  text: "Your message has been sent successfully. We'll get back to you soon!",
} as const;

export function fieldLabel(name: string): string {
  return CONTACT_FIELDS.find((f) => f.name === name)?.label ?? name;
}

/** Field errors are shown prefixed with the field name. */
export function prefixedError(name: string, message: string): string {
  return `${fieldLabel(name)}: ${message}`;
}
