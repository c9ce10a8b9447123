import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches, useRouteError } from "@remix-run/react";
import { BackButton, Breadcrumbs, type Crumb } from "#app/components/shop/breadcrumbs.tsx";
import { ShopError, errorMeta } from "#app/components/shop/not-found.tsx";
import { notFound } from "#app/lib/http-error.server.ts";
import { isListingSlug } from "#app/modules/catalog/categories.ts";
import type { Lang } from "#app/modules/i18n/languages.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";
import { useRootData } from "#app/root.tsx";

// The product layout (docs/product-rules.md, Pages): a banner with breadcrumbs (Home > category) and a Back button.

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.category ?? "";
  if (!isListingSlug(slug)) throw notFound();
  return { slug, ...pageStrings(request, "breadcrumbs") };
}

export default function ProductLayout() {
  const { slug } = useLoaderData<typeof loader>();
  const common = useT("common");
  const root = useRootData();
  const matches = useMatches();
  const product = matches
    .map((m) => (m.data as { product?: { id: number; name: string; nameLang?: Lang } } | undefined)?.product)
    .find(Boolean);
  const crumbs: Crumb[] = [
    { label: common("linkHome"), path: "/" },
    { label: common(`category.${slug}`), path: `/product/${slug}` },
  ];
  // The name's own language: an untranslated one is English, and says so (as the page's heading does).
  if (product) crumbs.push({ label: product.name, path: `/product/${slug}/${product.id}`, lang: product.nameLang });
  return (
    <>
      <div className="bg-brass-800 text-white" data-testid="product-banner">
        {/* One line whatever the font: a longer name is cut, so a web font arriving moves nothing.
            Each part's place depends only on what comes before it in the page, so a page that
            arrives in pieces moves nothing either: the Back button first, at the left. */}
        <div className="mx-auto flex max-w-6xl items-center gap-x-3 px-4 py-1 md:py-3">
          <BackButton fallback={product ? `/product/${slug}` : "/"} />
          <Breadcrumbs items={crumbs} publicUrl={root?.shop.publicUrl} />
        </div>
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = (args) => errorMeta(args.error, args);

export function ErrorBoundary() {
  return <ShopError error={useRouteError()} />;
}
