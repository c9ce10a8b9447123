import { LOCALE_FILES } from "#app/locales/index.ts";
import { langOfPath, type Lang } from "./languages.ts";
import type { Strings } from "./translate.ts";

// Every storefront text, one folder per language (app/locales/en, bn, hi), one file per page
// or part. A page's loader sends only its own files' texts to the browser, never the whole set.

/** lang → part → texts. */
const LOCALES: Record<Lang, Record<string, Strings>> = LOCALE_FILES;

/** The parts (file names without .json) English has: every language must have the same. */
export function localeParts(): string[] {
  return Object.keys(LOCALES.en).sort();
}

/** One language's texts of one part, as the file has them (for the locale test). */
export function localeFile(lang: Lang, part: string): Strings | undefined {
  return LOCALES[lang][part];
}

/**
 * Each language's texts with every key it lacks taken from English, so a page never shows a
 * bare key: merged once here rather than on every render.
 */
const WITH_FALLBACK = Object.fromEntries(
  Object.entries(LOCALES).map(([lang, parts]) => [
    lang,
    Object.fromEntries(Object.entries(LOCALES.en).map(([part, english]) => [part, { ...english, ...parts[part] }])),
  ]),
) as Record<Lang, Record<string, Strings>>;

/** The texts of the named parts in a language (English where it has none yet). */
export function stringsFor(lang: Lang, parts: readonly string[]): Record<string, Strings> {
  const out: Record<string, Strings> = {};
  for (const part of parts) {
    const strings = WITH_FALLBACK[lang][part];
    if (!strings) throw new Error(`app/locales/en/${part}.json does not exist`);
    out[part] = strings;
  }
  return out;
}

/** A loader's language and the texts of its parts: `{ lang, strings }`, spread into what it returns. */
export function pageStrings(request: Request, ...parts: string[]): { lang: Lang; strings: Record<string, Strings> } {
  const lang = langOfPath(new URL(request.url).pathname);
  return { lang, strings: stringsFor(lang, parts) };
}
