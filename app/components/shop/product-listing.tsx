import { Link } from "@remix-run/react";
import { ProductCard } from "#app/components/shop/product-card.tsx";
import type { CardProduct } from "#app/modules/catalog/card-product.ts";
import { PRICE_BANDS, pageLinks, type ListingState, type SortKey } from "#app/modules/catalog/listing-query.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";
import { useRootData } from "#app/root.tsx";

// The parts a listing and the search results share: price filter, order, grid, pages.
// Every control is a link, so the pages work without JavaScript (decision 040).

/** The address of the same page with some of its state changed (the filter and order go back to page 1). */
export type HrefFor = (state: Partial<ListingState>) => string;

const pill = (active: boolean) =>
  `inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-3 ${
    active ? "border-brass-700 bg-brass-700 text-white" : "border-brass-300 bg-white text-brass-900"
  }`;

// Their words are the "listing" part, which the listing and search loaders send.

export function PriceFilter({ price, hrefFor }: { price: string; hrefFor: HrefFor }) {
  const t = useT("listing");
  return (
    <nav aria-label={t("priceRange")} className="mt-4">
      <ul className="flex flex-wrap gap-2 text-sm">
        {PRICE_BANDS.map((band) => (
          <li key={band.key}>
            <Link to={hrefFor({ price: band.key, page: 1 })} preventScrollReset aria-current={band.key === price ? "true" : undefined} className={pill(band.key === price)}>
              {t(`price.${band.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SortLinks({ sort, offered, hrefFor }: { sort: SortKey; offered: ReadonlyArray<SortKey>; hrefFor: HrefFor }) {
  const t = useT("listing");
  return (
    <nav aria-label={t("sortBy")} className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="sort-links">
      <span className="text-brass-900/80">{t("sortByLabel")}</span>
      {/* Its own line on a phone: a half-arrived list would otherwise sit beside the label, then wrap. */}
      <ul className="flex w-full flex-wrap gap-2 sm:w-auto">
        {offered.map((key) => (
          <li key={key}>
            <Link to={hrefFor({ sort: key, page: 1 })} preventScrollReset rel="nofollow" aria-current={key === sort ? "true" : undefined} className={pill(key === sort)}>
              {t(`sort.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ProductGrid({ items }: { items: CardProduct[] }) {
  const enquiry = useRootData()?.enquiry ?? [];
  return (
    <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
      {items.map((product, i) => (
        <ProductCard key={product.id} product={product} priority={i < 2} inEnquiry={enquiry.includes(product.id)} />
      ))}
    </ul>
  );
}

export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: HrefFor }) {
  const t = useT("listing");
  if (pageCount <= 1) return null;
  const disabled = "inline-flex min-h-11 items-center rounded border border-brass-100 px-3 text-brass-900/40";
  const step = "inline-flex min-h-11 items-center rounded border border-brass-300 bg-white px-3";
  return (
    <nav aria-label={t("pagination")} className="mt-8" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2 text-sm">
        <li>
          {page > 1 ? (
            <Link to={hrefFor({ page: page - 1 })} rel="prev" className={step}>
              {t("previous")}
            </Link>
          ) : (
            <span className={disabled} aria-disabled="true">
              {t("previous")}
            </span>
          )}
        </li>
        {pageLinks(page, pageCount).map((link) =>
          link.kind === "gap" ? (
            <li key={link.key} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page}>
              <Link
                to={hrefFor({ page: link.page })}
                aria-current={link.page === page ? "page" : undefined}
                aria-label={t("page", { page: link.page })}
                className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded border px-3 ${
                  link.page === page ? "border-brass-700 bg-brass-700 text-white" : "border-brass-300 bg-white"
                }`}
              >
                {link.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor({ page: page + 1 })} rel="next" className={step}>
              {t("next")}
            </Link>
          ) : (
            <span className={disabled} aria-disabled="true">
              {t("next")}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
