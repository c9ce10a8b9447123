import { useLocation, useMatches } from "@remix-run/react";
import { useMemo } from "react";
import { langOfPath, pathInLang, type Lang } from "./languages.ts";
import { translator, type Strings, type Translate } from "./translate.ts";

/** The language of the page being shown, from its address. */
export function useLang(): Lang {
  return langOfPath(useLocation().pathname);
}

/** Turns a storefront path into the same page in the current language: "/about" → "/bn/about" on a Bengali page. */
export function useLocalPath(): (path: string) => string {
  const lang = useLang();
  return useMemo(() => (path: string) => (path.startsWith("/") ? pathInLang(path, lang) : path), [lang]);
}

/**
 * `t(key, vars)` over one part's texts (app/locales/<lang>/<part>.json), as the loaders of the
 * matched routes sent them (`strings` in their data, from pageStrings); "common" comes with
 * the root's.
 */
export function useT(part: string): Translate {
  const lang = useLang();
  const matches = useMatches();
  let strings: Strings | undefined;
  for (let i = matches.length - 1; i >= 0 && !strings; i--) {
    strings = (matches[i]!.data as { strings?: Record<string, Strings> } | undefined)?.strings?.[part];
  }
  return useMemo(() => translator(lang, strings ?? {}), [lang, strings]);
}
