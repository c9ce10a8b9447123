// The contact form's optional phone/WhatsApp number: accepted loosely (people type Indian
// numbers many ways), stored in one form so the admin gets a working WhatsApp reply link.

export const PHONE_MESSAGE = "Please enter a phone number of 7 to 15 digits (digits, spaces, + and - only)";

const ALLOWED = /^\+?[\d\s-]+$/;

/** Digits, spaces, '-' and one leading '+', with 7 to 15 digits. */
export function isPlausiblePhone(text: string): boolean {
  const digits = text.replace(/\D/g, "").length;
  return ALLOWED.test(text) && digits >= 7 && digits <= 15;
}

/**
 * "+<digits>" when the country is known: typed with '+', or an Indian mobile written
 * locally ("98300 12345", "098300-12345", "91 98300 12345"); otherwise the bare digits.
 */
export function normalisePhone(text: string): string {
  const digits = text.replace(/\D/g, "");
  if (text.trim().startsWith("+")) return `+${digits}`;
  const indianMobile = /^(?:0|91)?([6-9]\d{9})$/.exec(digits);
  return indianMobile ? `+91${indianMobile[1]}` : digits;
}
