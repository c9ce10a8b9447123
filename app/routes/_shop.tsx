import type { MetaFunction } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import { ShopChrome } from "#app/components/shop/layout.tsx";
import { ShopError, errorMeta } from "#app/components/shop/not-found.tsx";
import { useRootData } from "#app/root.tsx";

export default function ShopLayout() {
  const root = useRootData();
  return (
    <ShopChrome shop={root?.shop} year={root?.year} whatsappIcon={root?.whatsappIcon} enquiryCount={root?.enquiry.length ?? 0}>
      <Outlet />
    </ShopChrome>
  );
}

export const meta: MetaFunction = ({ error }) => errorMeta(error);

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  return (
    <ShopChrome shop={root?.shop} year={root?.year} whatsappIcon={root?.whatsappIcon} enquiryCount={root?.enquiry.length ?? 0}>
      <ShopError error={error} />
    </ShopChrome>
  );
}
