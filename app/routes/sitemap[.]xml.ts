import type { LoaderFunctionArgs } from "@remix-run/node";
import { MENU } from "#app/modules/catalog/categories.ts";
import { listPublicProductRefs } from "#app/modules/catalog/products.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { escapeXml } from "#app/modules/site/xml.ts";

const STATIC_PATHS = ["/", "/about", "/about?view=videos", "/gallery", "/contact", "/privacy-policy", "/terms-and-conditions", "/refund-and-returns-policy"];

export async function loader({ request }: LoaderFunctionArgs) {
  const base = (await getShopSettings(request)).publicUrl;
  const products = await listPublicProductRefs();
  const entries = [
    ...STATIC_PATHS.map((path) => ({ loc: `${base}${path}`, lastmod: null as string | null })),
    ...MENU.map((item) => ({ loc: `${base}/product/${item.slug}`, lastmod: null as string | null })),
    ...products.map((p) => ({ loc: `${base}/product/${p.category}/${p.id}`, lastmod: p.updatedAt.slice(0, 10) })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) => `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
