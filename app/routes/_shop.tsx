import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { Outlet, useRouteError, type HtmlLinkDescriptor } from "@remix-run/react";
import type { ReactNode } from "react";
import { HEADER_END_ID, ShopChrome } from "#app/components/shop/layout.tsx";
import { ShopError, errorMeta } from "#app/components/shop/not-found.tsx";
import { useRootData } from "#app/root.tsx";
import { SHARED_PAGE_CACHE_CONTROL } from "#app/modules/site/page-cache-limits.ts";

/** The header, menu and footer around a page or its error, from the root loader's data. */
function ShopFrame({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <ShopChrome
      shop={root?.shop}
      year={root?.year}
      whatsappIcon={root?.whatsappIcon}
      enquiryCount={root?.enquiry.length ?? 0}
      searchMaxLength={root?.searchMaxLength}
    >
      {children}
    </ShopChrome>
  );
}

export default function ShopLayout() {
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  );
}

// The first paint waits for the whole header (HTML's render-blocking on an element): painted
// while half-arrived, its buttons moved as the rest came (decision 120). Remix's types do not
// name `blocking` yet.
export const links: LinksFunction = () => [{ rel: "expect", href: `#${HEADER_END_ID}`, blocking: "render" } as HtmlLinkDescriptor];

export const meta: MetaFunction = (args) => errorMeta(args.error, args);

/**
 * The storefront's pages are the same for every visitor: the page cache may share them
 * (server/remix-handler.ts), unless the render read a cookie (app/lib/render-context.server.ts).
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": SHARED_PAGE_CACHE_CONTROL });

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <ShopFrame>
      <ShopError error={error} />
    </ShopFrame>
  );
}
