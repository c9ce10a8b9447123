import type { MetaDescriptor } from "@remix-run/node";
import { englishPath, LANGUAGES, localeTag, pathInLang, type Lang } from "#app/modules/i18n/languages.ts";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical page, e.g. '/product/wall-hanging' (a language prefix is taken off). */
  path: string;
  /** The page's language: its canonical is the path in that language. English when left out. */
  lang?: Lang;
  publicUrl: string | undefined;
  siteName: string | undefined;
  type?: "website" | "product" | "article";
  image?: { url: string; width: number; height: number; alt: string } | null;
}

export function absoluteUrl(publicUrl: string | undefined, path: string): string {
  return `${(publicUrl ?? "").replace(/\/+$/, "")}${path}`;
}

/**
 * The page in every language, as absolute hreflang links, plus English as x-default: each
 * language's page lists the same set, so the links are reciprocal.
 */
export function alternateLinks(publicUrl: string | undefined, path: string): MetaDescriptor[] {
  const english = englishPath(path);
  return [
    ...LANGUAGES.map((lang) => ({ tagName: "link", rel: "alternate", hrefLang: localeTag(lang), href: absoluteUrl(publicUrl, pathInLang(english, lang)) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(publicUrl, english) },
  ];
}

/** Title, description, canonical, alternates and OpenGraph tags for one page. */
export function seo(input: SeoInput): MetaDescriptor[] {
  const lang = input.lang ?? "en";
  const path = englishPath(input.path);
  const url = absoluteUrl(input.publicUrl, pathInLang(path, lang));
  const title = input.siteName && path !== "/" ? `${input.title} | ${input.siteName}` : input.title;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: localeTag(lang).replace("-", "_") },
    ...alternateLinks(input.publicUrl, path),
  ];
  if (input.siteName) tags.push({ property: "og:site_name", content: input.siteName });
  if (input.image) {
    tags.push(
      { property: "og:image", content: absoluteUrl(input.publicUrl, input.image.url) },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: String(input.image.width) },
      { property: "og:image:height", content: String(input.image.height) },
      { property: "og:image:alt", content: input.image.alt },
      { name: "twitter:card", content: "summary_large_image" },
    );
  }
  return tags;
}

/** JSON for a <script type="application/ld+json">, safe inside HTML. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

interface ShopLike {
  name: string;
  publicUrl: string;
}

/** The page's language from the root loader's data, as meta functions see it. */
export function langFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown }>): Lang {
  return (matches.find((m) => m.id === "root")?.data as { lang?: Lang } | undefined)?.lang ?? "en";
}

/** The shop settings from the root loader, as meta functions see them. */
export function shopFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown }>): ShopLike | undefined {
  const data = matches.find((m) => m.id === "root")?.data as { shop?: ShopLike } | undefined;
  return data?.shop;
}
