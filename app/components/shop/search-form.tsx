import { Form, useLocation } from "@remix-run/react";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { englishPath } from "#app/modules/i18n/languages.ts";

/**
 * The header's search box: a GET form to /search, so it works without JavaScript; on /search it shows the words searched.
 * `maxLength` is SEARCH_MAX_LENGTH, passed down from the root loader's data.
 */
export function SearchForm({ maxLength, className = "" }: { maxLength: number | undefined; className?: string }) {
  const location = useLocation();
  const t = useT("common");
  const current = englishPath(location.pathname) === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form method="get" action={useLocalPath()("/search")} role="search" className={`flex items-center gap-1 ${className}`} data-testid="search-form">
      <label htmlFor="site-search" className="sr-only">
        {t("searchLabel")}
      </label>
      <input
        // A new key per address puts the searched words back in the box after each navigation.
        key={location.key}
        id="site-search"
        type="search"
        name="q"
        defaultValue={current}
        required
        maxLength={maxLength}
        placeholder={t("searchPlaceholder")}
        className="min-h-11 w-full min-w-0 rounded-full border border-brass-300 bg-white px-4 text-sm md:w-64"
      />
      <button type="submit" className="min-h-11 min-w-11 rounded-full bg-brass-700 px-4 text-sm font-semibold text-white">
        {t("searchButton")}
      </button>
    </Form>
  );
}
