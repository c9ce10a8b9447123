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
