import type { LoaderFunctionArgs } from "@remix-run/node";
import { getShopSettings } from "#app/modules/site/settings.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const base = (await getShopSettings(request)).publicUrl;
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /dashboard", "Disallow: /api", "", `Sitemap: ${base}/sitemap.xml`, ""].join(
    "\n",
  );
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
