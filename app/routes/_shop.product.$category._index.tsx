import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ProductCard } from "#app/components/shop/product-card.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { notFound } from "#app/lib/http-error.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { isListingSlug, listingName } from "#app/modules/catalog/categories.ts";
import { PRICE_BANDS, listingSearch, pageLinks, parsePage, priceBand } from "#app/modules/catalog/format.ts";
import { listPublicProducts, type ProductPage } from "#app/modules/catalog/products.server.ts";
import { seo, shopFromMatches } from "#app/modules/site/seo.ts";

const LISTING_ERROR = "We could not load the products just now. Please try again in a moment.";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.category ?? "";
  if (!isListingSlug(slug)) throw notFound();
  const url = new URL(request.url);
  const band = priceBand(url.searchParams.get("price"));
  const requestedPage = parsePage(url.searchParams.get("page"));
  const base = { slug, name: listingName(slug), price: band.key as string };
  try {
    const page: ProductPage = await listPublicProducts(slug, band, requestedPage);
    return data({ ...base, page, error: null as string | null });
  } catch (error) {
    logger.error({ err: error, slug }, "listing failed to load");
    const empty: ProductPage = { items: [], total: 0, page: 1, pageCount: 1 };
    return data({ ...base, page: empty, error: LISTING_ERROR as string | null }, { status: 503 });
  }
}

export default function Listing() {
  const { slug, name, price, page, error } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const [wishlist, setWishlist] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setWishlist((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const path = `/product/${slug}`;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="listing-heading">
      <h1 id="listing-heading" className="font-serif text-3xl text-brass-800">
        {name}
      </h1>
      <nav aria-label="Price range" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {PRICE_BANDS.map((band) => (
            <li key={band.key}>
              <Link
                to={`${path}${listingSearch(band.key, 1)}`}
                preventScrollReset
                aria-current={band.key === price ? "true" : undefined}
                className={`inline-block rounded-full border px-3 py-1 ${
                  band.key === price ? "border-brass-700 bg-brass-700 text-white" : "border-brass-300 bg-white text-brass-900"
                }`}
              >
                {band.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {error ? (
        <p role="alert" className="mt-8 rounded border border-red-300 bg-red-50 p-4 text-red-700" data-testid="listing-error">
          {error}
        </p>
      ) : page.items.length === 0 && price !== "all" ? (
        // A price band with nothing in it: the category itself may well have pieces (issue 15.11).
        <p className="mt-8 text-brass-900/80" data-testid="listing-empty">
          No products in this price range.{" "}
          <Link to={path} className="inline-block py-2 font-semibold text-brass-800 underline" data-testid="listing-show-all">
            Show all {name}
          </Link>
        </p>
      ) : page.items.length === 0 ? (
        <p className="mt-8 text-brass-900/80" data-testid="listing-empty">
          No products available in this category
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
          {page.items.map((product, i) => (
            <ProductCard
              key={product.id}
              product={product}
              priority={i < 2}
              wished={wishlist.has(product.id)}
              onToggleWish={hydrated ? () => toggle(product.id) : undefined}
            />
          ))}
        </ul>
      )}

      {page.pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-8" data-testid="pagination">
          <ul className="flex flex-wrap items-center justify-center gap-2 text-sm">
            <li>
              {page.page > 1 ? (
                <Link to={`${path}${listingSearch(price, page.page - 1)}`} rel="prev" className="rounded border border-brass-300 bg-white px-3 py-1">
                  Previous
                </Link>
              ) : (
                <span className="rounded border border-brass-100 px-3 py-1 text-brass-900/40" aria-disabled="true">
                  Previous
                </span>
              )}
            </li>
            {pageLinks(page.page, page.pageCount).map((link) =>
              link.kind === "gap" ? (
                <li key={link.key} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={link.page}>
                  <Link
                    to={`${path}${listingSearch(price, link.page)}`}
                    aria-current={link.page === page.page ? "page" : undefined}
                    aria-label={`Page ${link.page}`}
                    className={`inline-block min-w-9 rounded border px-3 py-1 text-center ${
                      link.page === page.page ? "border-brass-700 bg-brass-700 text-white" : "border-brass-300 bg-white"
                    }`}
                  >
                    {link.page}
                  </Link>
                </li>
              ),
            )}
            <li>
              {page.page < page.pageCount ? (
                <Link to={`${path}${listingSearch(price, page.page + 1)}`} rel="next" className="rounded border border-brass-300 bg-white px-3 py-1">
                  Next
                </Link>
              ) : (
                <span className="rounded border border-brass-100 px-3 py-1 text-brass-900/40" aria-disabled="true">
                  Next
                </span>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const shop = shopFromMatches(matches);
  const name = data?.name ?? "Products";
  const search = data ? listingSearch(data.price, data.page.page) : "";
  const firstImage = data?.page.items[0]?.images[0]?.og;
  return seo({
    title: name,
    description: `${name}: handmade Dokra brass by the artisans of West Bengal, with prices in rupees. Order on WhatsApp.`,
    path: `${location.pathname}${search}`,
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
    image: firstImage ? { ...firstImage, alt: name } : null,
  });
};
