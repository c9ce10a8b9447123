import { useLocation } from "@remix-run/react";
import { LANGUAGE_NAMES, LANGUAGES, langOfPath, localeTag, pathInLang } from "#app/modules/i18n/languages.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/**
 * The same page in the other languages, as plain links (no JavaScript needed): the path and
 * query are kept, only the language prefix changes. Each name is written in its own script
 * and language, in the system's font, so an English page loads no Indic font for two words.
 * Above the header on larger screens; on a phone, at the top of the menu (the header line
 * has no room to spare).
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const location = useLocation();
  const current = langOfPath(location.pathname);
  const t = useT("common");
  return (
    <nav aria-label={t("languageLabel")} className={className} data-testid="language-switcher">
      <ul className="mx-auto flex max-w-6xl justify-end gap-1 px-4 text-sm">
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            {lang === current ? (
              <span aria-current="true" className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 font-semibold text-brass-900" lang={localeTag(lang)} style={{ fontFamily: "system-ui, sans-serif" }}>
                {LANGUAGE_NAMES[lang]}
              </span>
            ) : (
              <a
                href={pathInLang(location.pathname, lang) + location.search}
                hrefLang={localeTag(lang)}
                lang={localeTag(lang)}
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 text-brass-800 underline"
                style={{ fontFamily: "system-ui, sans-serif" }}
              >
                {LANGUAGE_NAMES[lang]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
