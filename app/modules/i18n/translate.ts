import type { Lang } from "./languages.ts";

// The storefront's texts live in app/locales/<lang>/<page>.json, in i18next's JSON format
// (`{{name}}` placeholders, `_one`/`_other` plural keys), so a translator's tool reads them as
// they are. This reader is the few lines of it the pages use; i18next itself would add 16 KB
// of gzipped JavaScript to every page (docs/decisions/114-storefront-languages.md).

/** One page's texts: key → text. */
export type Strings = Record<string, string>;

export type Vars = Record<string, string | number>;

export type Translate = (key: string, vars?: Vars) => string;

const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralCategory(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang === "en" ? "en-IN" : `${lang}-IN`)));
  return rules.select(count);
}

/**
 * A `t(key, vars)` over one page's texts. With a numeric `count`, `key_one` / `key_other` (the
 * language's plural forms) is chosen before `key`. A key missing from the texts is a mistake the
 * locale test (app/modules/i18n/locales.test.ts) catches; here it shows as the key itself.
 */
export function translator(lang: Lang, strings: Strings): Translate {
  return (key, vars) => {
    const count = vars?.count;
    const text =
      (typeof count === "number" ? strings[`${key}_${pluralCategory(lang, count)}`] ?? strings[`${key}_other`] : undefined) ??
      strings[key] ??
      key;
    return vars ? interpolate(text, vars) : text;
  };
}

/** `{{name}}` → vars.name; a placeholder with no value stays as written. */
export function interpolate(text: string, vars: Vars): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
