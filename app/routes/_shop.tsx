import type { MetaFunction } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { ShopChrome } from "#app/components/shop/layout.tsx";
import { ShopError, errorMeta } from "#app/components/shop/not-found.tsx";
import { useRootData } from "#app/root.tsx";

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

export const meta: MetaFunction = ({ error }) => errorMeta(error);

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <ShopFrame>
      <ShopError error={error} />
    </ShopFrame>
  );
}
