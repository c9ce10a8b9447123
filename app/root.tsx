import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { WHATSAPP_ICON_PATH } from "#app/modules/site/content.ts";
import { SEARCH_MAX_LENGTH } from "#app/modules/catalog/search-terms.ts";
import { readEnquiryIds } from "#app/modules/enquiry/enquiry.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { langOfPath, localeTag } from "#app/modules/i18n/languages.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { typedTextLang } from "#app/modules/i18n/typed-text.ts";
import { useNonce } from "./components/nonce.tsx";
import { useHydrated } from "./components/ui/use-hydrated.ts";
import { ShopError, errorMeta } from "./components/shop/not-found.tsx";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // A phone's home-screen icon (iOS takes no SVG): favicon.svg drawn at 180 px on the page's ground.
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await getShopSettings(request);
  // The header's, footer's and shared parts' texts in the page's language, and the error
  // screens' (a page whose loader failed has no texts of its own).
  const texts = pageStrings(request, "common", "errors");
  const typed = (text: string) => typedTextLang(text, texts.lang);
  return {
    shop: {
      ...shop,
      // What the owner typed, read as English on a Bengali or Hindi page where it is in Latin letters.
      langs: { name: typed(shop.name), addressLine: typed(shop.addressLine), worksAddress: typed(shop.worksAddress), showroomAddress: typed(shop.showroomAddress) },
    },
    year: new Date().getFullYear(),
    whatsappIcon: WHATSAPP_ICON_PATH,
    // As data, not an import in the header: search-terms.ts builds its synonym table at load,
    // which would ship on every page (docs/decisions/042-storefront-weight.md).
    searchMaxLength: SEARCH_MAX_LENGTH,
    // The visitor's enquiry list (ids): a request carrying it bypasses the page cache.
    enquiry: await readEnquiryIds(request),
    ...texts,
  };
}

/**
 * The shop's settings do not depend on the query: a query change on the same page (the
 * gallery lightbox, a filter, a page number) needs no root data, so such a move never waits
 * on the server for it (a lightbox click under load otherwise waited for a round trip).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Another language: the shared texts change with it.
  if (langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname)) return true;
  return !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
};

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const lang = langOfPath(useLocation().pathname);
  // Marks the page once React has hydrated it, run its first effects and switched the controls
  // that need JavaScript on (useHydrated's transitions, rendered in the same pass as this one's):
  // a key press or swipe before then is lost, so the browser tests wait for it.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
  return (
    <html lang={localeTag(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7b4c20" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-brass-50 text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// The router answers some requests at the root (a form post to a page that takes none: 405).
export const meta: MetaFunction = (args) => errorMeta(args.error, args);

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main">
      <ShopError error={error} />
    </main>
  );
}
