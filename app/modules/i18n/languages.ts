// The storefront's languages. English stays at the shop's first addresses; Bengali lives under
// /bn/… and Hindi under /hi/…, the same pages with the same paths after the prefix.

export const LANGUAGES = ["en", "bn", "hi"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The languages a product's name and description can be translated into (English is the product's own). */
export const TRANSLATED_LANGUAGES = ["bn", "hi"] as const;
export type TranslatedLang = (typeof TRANSLATED_LANGUAGES)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isTranslatedLang(value: unknown): value is TranslatedLang {
  return typeof value === "string" && (TRANSLATED_LANGUAGES as readonly string[]).includes(value);
}

/** The language a storefront path is in: its first segment when that is bn or hi, else English. */
export function langOfPath(pathname: string): Lang {
  const first = pathname.split("/")[1];
  return isTranslatedLang(first) ? first : "en";
}

/** The English path of a storefront path: its language prefix taken off ("/bn/about" → "/about", "/bn" → "/"). */
export function englishPath(pathname: string): string {
  const lang = langOfPath(pathname);
  if (lang === "en") return pathname;
  return pathname.slice(lang.length + 1) || "/";
}

/** A storefront path in a language: "/about" in bn → "/bn/about", "/" in hi → "/hi". English paths are unchanged. */
export function pathInLang(pathname: string, lang: Lang): string {
  const english = englishPath(pathname);
  if (lang === "en") return english;
  return english === "/" ? `/${lang}` : `/${lang}${english}`;
}

/** The language tag pages and alternates name (`<html lang>`, hreflang): Indian English, Bengali, Hindi. */
export function localeTag(lang: Lang): string {
  return `${lang}-IN`;
}

/** Each language's name in its own script, as the language switcher shows it. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: "English", bn: "বাংলা", hi: "हिन्दी" };
