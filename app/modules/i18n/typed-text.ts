import type { Lang } from "./languages.ts";

/**
 * The `lang` of a text the owner typed (the shop's name, an address, a caption) on a page in
 * `page`: "en" on a Bengali or Hindi page when the text is in Latin letters, so a screen reader
 * reads it in English; nothing on English pages, nor for a text she typed in Bengali or Devanagari.
 * Loaders call it: it ships no code to the browser.
 */
export function typedTextLang(text: string | null | undefined, page: Lang): "en" | undefined {
  if (page === "en" || !text || /[\p{Script=Bengali}\p{Script=Devanagari}]/u.test(text)) return undefined;
  return /\p{Script=Latin}/u.test(text) ? "en" : undefined;
}
