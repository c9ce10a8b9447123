import type { LoaderFunctionArgs } from "@remix-run/node";
import { MENU } from "#app/modules/catalog/categories.ts";
import { listPublicProductRefs } from "#app/modules/catalog/products.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { escapeXml } from "#app/modules/site/xml.ts";
import { LANGUAGES, localeTag, pathInLang } from "#app/modules/i18n/languages.ts";

const STATIC_PATHS = ["/", "/about", "/about?view=videos", "/gallery", "/contact", "/privacy-policy", "/terms-and-conditions", "/refund-and-returns-policy"];

export async function loader({ request }: LoaderFunctionArgs) {
  const base = (await getShopSettings(request)).publicUrl;
  const products = await listPublicProductRefs();
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: null as string | null })),
    ...MENU.map((item) => ({ path: `/product/${item.slug}`, lastmod: null as string | null })),
    ...products.map((p) => ({ path: `/product/${p.category}/${p.id}`, lastmod: p.updatedAt.slice(0, 10) })),
  ];
  // Each page once, at its English address, with its Bengali and Hindi pages as alternates
  // (and English as x-default): the same set the pages' own hreflang links give.
  const alternates = (path: string) =>
    [...LANGUAGES.map((lang) => [localeTag(lang), pathInLang(path, lang)]), ["x-default", path]]
      .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${base}${href}`)}"/>`)
      .join("");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(
      (e) => `  <url><loc>${escapeXml(`${base}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}${alternates(e.path)}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
