import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { CardProduct } from "#app/modules/catalog/card-product.ts";
import { CARD_IMAGE_SIZES } from "#app/components/shop/product-card.tsx";
import { Pagination, PriceFilter, ProductGrid, SortLinks, type HrefFor } from "#app/components/shop/product-listing.tsx";
import { imagePreload } from "#app/components/ui/picture.tsx";
import { notFound } from "#app/lib/http-error.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { isListingSlug, listingName } from "#app/modules/catalog/categories.ts";
import { LISTING_SORTS, listingSearch, parsePage, parseSort, priceBand } from "#app/modules/catalog/listing-query.ts";
import { listPublicProducts, toCardView } from "#app/modules/catalog/products.server.ts";
import { langOfPath } from "#app/modules/i18n/languages.ts";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";

type ListingPage = { items: CardProduct[]; total: number; page: number; pageCount: number };

const LISTING_ERROR = "We could not load the products just now. Please try again in a moment.";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.category ?? "";
  if (!isListingSlug(slug)) throw notFound();
  const url = new URL(request.url);
  const band = priceBand(url.searchParams.get("price"));
  const requestedPage = parsePage(url.searchParams.get("page"));
  const sort = parseSort(url.searchParams.get("sort"), LISTING_SORTS);
  const base = { slug, name: listingName(slug), price: band.key as string, sort };
  try {
    const { items, ...position } = await listPublicProducts(slug, band, requestedPage, sort, langOfPath(url.pathname));
    const page: ListingPage = { ...position, items: items.map(toCardView) };
    return data({ ...base, page, error: null as string | null });
  } catch (error) {
    logger.error({ err: error, slug }, "listing failed to load");
    const empty: ListingPage = { items: [], total: 0, page: 1, pageCount: 1 };
    return data({ ...base, page: empty, error: LISTING_ERROR as string | null }, { status: 503 });
  }
}

export default function Listing() {
  const { slug, name, price, sort, page, error } = useLoaderData<typeof loader>();
  const path = `/product/${slug}`;
  const hrefFor: HrefFor = (change) => `${path}${listingSearch({ price, sort, page: page.page, ...change })}`;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="listing-heading">
      <h1 id="listing-heading" className="font-serif text-3xl text-brass-800">
        {name}
      </h1>
      <PriceFilter price={price} hrefFor={hrefFor} />
      <SortLinks sort={sort} offered={LISTING_SORTS} hrefFor={hrefFor} />

      {error ? (
        <p role="alert" className="mt-8 rounded border border-red-300 bg-red-50 p-4 text-red-700" data-testid="listing-error">
          {error}
        </p>
      ) : page.items.length === 0 && price !== "all" ? (
        // A price band with nothing in it: the category itself may well have pieces.
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
        <ProductGrid items={page.items} />
      )}

      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const shop = shopFromMatches(matches);
  const name = data?.name ?? "Products";
  // The canonical address keeps the filter and page but never the order: one address per set of pieces.
  const search = data ? listingSearch({ price: data.price, page: data.page.page }) : "";
  const firstImage = data?.page.items[0]?.images[0]?.og;
  return [
    ...seo({
      lang: langFromMatches(matches),
      title: name,
      description: `${name}: handmade Dokra brass by the artisans of West Bengal, with prices in rupees. Order on WhatsApp.`,
      path: `${location.pathname}${search}`,
      publicUrl: shop?.publicUrl,
      siteName: shop?.name,
      image: firstImage ? { ...firstImage, alt: name } : null,
    }),
    // The first row of cards on a phone: the listing's largest paint.
    ...(data?.page.items.slice(0, 2).flatMap((item) => imagePreload(item.images[0], CARD_IMAGE_SIZES)) ?? []),
  ];
};
