import { parseCookies } from "#app/lib/render-context.server.ts";
import { SESSION_COOKIE_NAME } from "#app/modules/auth/session-cookie.ts";
import { ENQUIRY_COOKIE_NAME } from "#app/modules/enquiry/limits.ts";
import { isTranslatedLang } from "#app/modules/i18n/languages.ts";
import { SHARED_QUERY_PARAMETERS } from "#app/modules/site/page-cache-limits.ts";

// Which requests the page cache may answer, and the key a URL is stored under
// (docs/decisions/100-page-cache-shares-what-the-render-allows.md).

const PRIVATE_PREFIXES = ["/admin", "/dashboard"];

export interface RequestFacts {
  method: string;
  /** The path without the query. */
  path: string;
  cookie: string | undefined;
  authorization: string | undefined;
}

/**
 * Anonymous GET/HEAD of a public path: the only requests the cache answers from a shared copy.
 * Cookies are read by the parser the app reads them with, so a spaced or doubled name is seen
 * as the render would see it.
 */
export function isCacheableRequest({ method, path, cookie, authorization }: RequestFacts): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (authorization) return false;
  if (cookie && hasSessionCookie(cookie)) return false;
  // A visitor with an enquiry list sees its count and hearts: their pages are their own
  // (docs/decisions/091-enquiry-and-page-cache.md). Most visitors carry no such cookie.
  if (cookie && hasCookie(cookie, ENQUIRY_COOKIE_NAME)) return false;
  return !isPrivatePath(path);
}

/** Under /admin or /dashboard as the router matches paths: percent-decoded, any case. */
export function isPrivatePath(path: string): boolean {
  const matched = routerPath(path).toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => matched === prefix || matched.startsWith(`${prefix}/`) || matched.startsWith(`${prefix}.`));
}

/** The path as React Router matches it: each segment percent-decoded (a bad escape stays as sent). */
function routerPath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll("/", "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
}

export function hasSessionCookie(cookie: string): boolean {
  return hasCookie(cookie, SESSION_COOKIE_NAME);
}

function hasCookie(cookie: string, name: string): boolean {
  return parseCookies(cookie)[name] !== undefined;
}

/** Where an entry lives: plain lower-case paths, or the rest (a query, upper case), which has its own share of the budget. */
export type Tier = "plain" | "other";

/**
 * The key a URL is stored under, or null when it is not stored: the path must be in the form
 * the router matches (no escape it would decode) and every query parameter one a page reads
 * (SHARED_QUERY_PARAMETERS), in a fixed order. Anything a stranger can vary without end (a
 * query, the case of a path) lives in the "other" tier, so it never pushes out plain pages.
 */
export function cacheKey(originalUrl: string): { key: string; tier: Tier } | null {
  const url = renderedUrl(originalUrl);
  if (!url || routerPath(url.pathname) !== url.pathname) return null;
  const plain = url.pathname === url.pathname.toLowerCase();
  if (url.search === "") return { key: url.pathname, tier: plain ? "plain" : "other" };
  for (const name of url.searchParams.keys()) if (!SHARED_QUERY_PARAMETERS.has(name)) return null;
  url.searchParams.sort();
  return { key: `${url.pathname}?${url.searchParams.toString()}`, tier: "other" };
}

/**
 * The address as the render reads it: server/express-fetch.ts puts the request target after the
 * origin, so `//x/about` (or `/\x\about`) stays a path there. Resolved against a base
 * instead, it would be a host and the path `/about`: the key of one page for the render of another.
 */
function renderedUrl(originalUrl: string): URL | null {
  if (!originalUrl.startsWith("/")) return null;
  try {
    return new URL(`http://key.invalid${originalUrl}`);
  } catch {
    return null;
  }
}

/**
 * Where a GET for a path with an empty segment (`//`) or a trailing slash, or a storefront page in
 * upper case or with escapes, belongs: the same path without them, and the same query; null when
 * the path is already so. The router would render each spelling as the page (or a 404), and each
 * would be a cache entry of its own.
 */
export function canonicalAddress(originalUrl: string): string | null {
  const url = renderedUrl(originalUrl);
  if (!url) return null;
  const path = storefrontSpelling(url.pathname) ?? url.pathname.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  return path === url.pathname ? null : `${path}${url.search}`;
}

/**
 * The first segments of the storefront's pages, after a language prefix (app/routes/_shop.*;
 * tests/integration/route-lists.test.ts checks the list against the files).
 */
export const STOREFRONT_FIRST_SEGMENTS: readonly string[] = [
  "about",
  "commission",
  "contact",
  "enquiry",
  "gallery",
  "notify",
  "privacy-policy",
  "product",
  "refund-and-returns-policy",
  "search",
  "terms-and-conditions",
];

/**
 * A storefront page's one spelling, or null for a path that is not one. Every storefront path is
 * lower case letters, digits and hyphens, but the router matches any case and decodes escapes:
 * `/BN` (a phone's keyboard capitalises the first letter) would be the English home page, as
 * `bn` is a language only in lower case (app/modules/i18n/languages.ts).
 */
function storefrontSpelling(path: string): string | null {
  let plain: string;
  try {
    plain = decodeURIComponent(path).toLowerCase();
  } catch {
    return null;
  }
  if (!/^[a-z0-9/-]*$/.test(plain)) return null;
  const segments = plain.split("/").filter(Boolean);
  // Under a language prefix every path is the storefront's (a page, or its 404 in that language).
  const first = segments[0];
  if (first !== undefined && !isTranslatedLang(first) && !STOREFRONT_FIRST_SEGMENTS.includes(first)) return null;
  return `/${segments.join("/")}`;
}
