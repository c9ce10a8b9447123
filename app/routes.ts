import type { RouteConfig, RouteConfigEntry } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";
import { TRANSLATED_LANGUAGES } from "./modules/i18n/languages.ts";

// The storefront (every route under the pathless _shop layout) is mounted three times: at the
// shop's first addresses in English, and under /bn and /hi with the same files. A page learns its
// language from its path (app/modules/i18n/languages.ts), so a route file never names one.
const SHOP_LAYOUT = "routes/_shop.tsx";

function inLanguage(entry: RouteConfigEntry, lang: string, isTop: boolean): RouteConfigEntry {
  return {
    ...entry,
    id: `${lang}/${entry.id ?? entry.file}`,
    path: isTop ? lang : entry.path,
    children: entry.children?.map((child) => inLanguage(child, lang, false)),
  };
}

async function routes(): Promise<RouteConfigEntry[]> {
  const english = await flatRoutes({ ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/.*"] });
  const shop = english.find((entry) => entry.file === SHOP_LAYOUT);
  if (!shop) throw new Error(`${SHOP_LAYOUT} is missing: the storefront has no layout to mount per language`);
  return [...english, ...TRANSLATED_LANGUAGES.map((lang) => inLanguage(shop, lang, true))];
}

export default routes() satisfies RouteConfig;
