import { Link, useLocation } from "@remix-run/react";
import { pageLinks } from "#app/modules/catalog/listing-query.ts";
import { secondaryButtonClass } from "./field.tsx";

const step = `${secondaryButtonClass} min-w-11 aria-[current=page]:bg-brass-700 aria-[current=page]:text-white`;

/**
 * The pages of an admin listing: Previous, the first and last page and two either side of
 * this one, Next — as the storefront's pagination. Every page number was a link before: 417
 * of them at 10,000 products, a row wider than any phone and a third of the page's server
 * render (bench/RESULTS.md, hand measurements).
 */
export function PageNav({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefOf = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.delete("status");
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <nav aria-label="Pages" className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev" className={step}>
              Previous
            </Link>
          </li>
        ) : null}
        {pageLinks(page, pageCount).map((link) =>
          link.kind === "gap" ? (
            <li key={link.key} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page}>
              <Link to={hrefOf(link.page)} aria-current={link.page === page ? "page" : undefined} aria-label={`Page ${link.page}`} className={step}>
                {link.page}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefOf(page + 1)} rel="next" className={step}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
