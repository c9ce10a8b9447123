import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { SHOP_HEADER_HANDLE } from "#app/components/shop/header-end.ts";
import { ShopChrome } from "#app/components/shop/layout.tsx";
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

export const handle = SHOP_HEADER_HANDLE;

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
