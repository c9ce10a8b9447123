// Bengali (০–৯) and Devanagari (०–९) phone keyboards type their own digits. Numbers a buyer
// types are read in them too, and stored and shown in Latin digits
// (docs/decisions/114-storefront-languages.md).

const BENGALI_ZERO = 0x09e6;
const DEVANAGARI_ZERO = 0x0966;

/** The text with every Bengali and Devanagari digit written as 0–9; anything else unchanged. */
export function latinDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF\u0966-\u096F]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= BENGALI_ZERO ? BENGALI_ZERO : DEVANAGARI_ZERO));
  });
}

/**
 * A number as a buyer typed or pasted it: digits in Latin, and the invisible direction marks
 * Android and WhatsApp wrap a copied number in (U+200E/F, U+202A–E, U+2066–9) removed, its
 * no-break spaces as spaces. "‪+91 98300 22222‬" pasted from Contacts reads as typed.
 */
export function typedNumber(text: string): string {
  return latinDigits(text)
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "")
    .replace(/[\u00A0\u2007\u202F]/g, " ");
}
