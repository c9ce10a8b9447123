// The contact form's fields and limits, free of zod so the page can use them without
// shipping the validator to the browser. The schema (schema.ts) is built from these; the
// labels are the "contact" texts (`field.<name>`).

export const CONTACT_FIELDS = [
  { name: "name", maxLength: 200, type: "text", autoComplete: "name", required: true },
  { name: "email", maxLength: 254, type: "email", autoComplete: "email", required: true },
  { name: "phone", maxLength: 24, type: "tel", autoComplete: "tel", required: false },
  { name: "subject", maxLength: 300, type: "text", autoComplete: "off", required: true },
  { name: "message", maxLength: 5000, type: "textarea", autoComplete: "off", required: true },
] as const;

export type ContactFieldName = (typeof CONTACT_FIELDS)[number]["name"];

/** A hidden field people never fill in; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";
