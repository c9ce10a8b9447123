import type { MetaDescriptor } from "@remix-run/node";
import { Link, isRouteErrorResponse } from "@remix-run/react";
import { englishPath } from "#app/modules/i18n/languages.ts";
import { translator, type Strings, type Translate } from "#app/modules/i18n/translate.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { alternateLinks, langFromMatches, shopFromMatches } from "#app/modules/site/seo.ts";

// Both actions share one box (same border, padding and height), so they line up side by side or stacked.
const errorAction = "inline-flex min-h-11 min-w-40 items-center justify-center rounded border border-brass-700 px-4 py-2 font-semibold";

/**
 * The English words, for a screen that has no texts (the root's own loader failed, so nothing
 * arrived from app/locales) and a meta function not given the matches. A test keeps them equal
 * to en/errors.json; a component never imports a locale file.
 */
export const ENGLISH_ERRORS: Strings = {
  notFoundTitle: "Page Not Found",
  notFoundText: "The page you are looking for does not exist or has moved.",
  notAllowedTitle: "Not Allowed",
  notAllowedText: "This page does not take that kind of request, so nothing was sent or changed.",
  errorTitle: "Something went wrong",
  errorText: "We could not show this page just now. Please try again in a moment.",
  home: "Return Home",
  contact: "Contact Support",
};

/** The error screens' texts in the page's language (sent by the root loader), or English when the root has none. */
function useErrorTexts(): Translate {
  const t = useT("errors");
  return t("home") === "home" ? translator("en", ENGLISH_ERRORS) : t;
}

function ErrorScreen({ title, text }: { title: string; text: string }) {
  const t = useErrorTexts();
  const local = useLocalPath();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl text-brass-800">{t(title)}</h1>
      <p className="mt-4 text-brass-900/80">{t(text)}</p>
      <p className="mt-8 flex flex-wrap items-stretch justify-center gap-4">
        <Link className={`${errorAction} bg-brass-700 text-white hover:bg-brass-800`} to={local("/")}>
          {t("home")}
        </Link>
        <Link className={`${errorAction} bg-white text-brass-800 hover:bg-brass-100`} to={local("/contact")}>
          {t("contact")}
        </Link>
      </p>
    </section>
  );
}

/** The error screens' keys in errors.json: the 404 of docs/product-rules.md (Pages), a request the page does not take, anything else. */
function errorScreen(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) return { title: "notFoundTitle", text: "notFoundText" };
  if (isRouteErrorResponse(error) && error.status === 405) return { title: "notAllowedTitle", text: "notAllowedText" };
  return { title: "errorTitle", text: "errorText" };
}

/** The 404 screen of docs/product-rules.md, Pages ('Page Not Found', Return Home, Contact Support), or its siblings for a 405 and a 5xx. */
export function ShopError({ error }: { error: unknown }) {
  return <ErrorScreen {...errorScreen(error)} />;
}

const NOT_FOUND = { status: 404, statusText: "Not Found", internal: false, data: null };

export function NotFound() {
  return <ShopError error={NOT_FOUND} />;
}

/** What a meta function is given: the matched routes' data (the root's carries the texts) and the address. */
interface MetaContext {
  matches: ReadonlyArray<{ id: string; data?: unknown }>;
  location: { pathname: string };
}

/**
 * Title for a route that rendered its error boundary (nothing otherwise: children set their own),
 * in the page's language, with the page's addresses in the other languages.
 */
export function errorMeta(error: unknown, context?: MetaContext): MetaDescriptor[] {
  if (!error) return [];
  const root = context?.matches.find((m) => m.id === "root")?.data as { strings?: Record<string, Strings> } | undefined;
  const texts = root?.strings?.errors;
  const t = texts && context ? translator(langFromMatches(context.matches), texts) : translator("en", ENGLISH_ERRORS);
  const title = t(errorScreen(error).title);
  const alternates = texts && context ? alternateLinks(shopFromMatches(context.matches)?.publicUrl, englishPath(context.location.pathname)) : [];
  return [{ title }, { name: "robots", content: "noindex" }, ...alternates];
}

/** The catch-all's meta: a 404 in the page's language. */
export function notFoundMeta(context: MetaContext): MetaDescriptor[] {
  return errorMeta(NOT_FOUND, context);
}
