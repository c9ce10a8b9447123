import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination, PriceFilter, ProductGrid, SortLinks, type HrefFor } from "#app/components/shop/product-listing.tsx";
import { logger } from "#app/lib/logger.server.ts";
import { MENU } from "#app/modules/catalog/categories.ts";
import { SEARCH_SORTS, listingSearch, parsePage, parseSort, priceBand } from "#app/modules/catalog/listing-query.ts";
import { searchQuerySchema } from "#app/modules/catalog/search-schema.ts";
import { searchPublicProducts, type SearchPage } from "#app/modules/catalog/search.server.ts";
import { toCardView } from "#app/modules/catalog/products.server.ts";
import { localize } from "#app/modules/catalog/translations.server.ts";
import { langOfPath } from "#app/modules/i18n/languages.ts";
import { recordSearchResults } from "#app/modules/interest/counter.server.ts";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { localizeMessage } from "#app/modules/i18n/localize-message.server.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { interpolate } from "#app/modules/i18n/translate.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const band = priceBand(url.searchParams.get("price"));
  const sort = parseSort(url.searchParams.get("sort"), SEARCH_SORTS);
  const texts = pageStrings(request, "listing", "search");
  const base = { q, price: band.key as string, sort, ...texts };
  const empty: SearchPage = { items: [], total: 0, page: 1, pageCount: 1, words: [], correctedTo: null };
  const parsed = searchQuerySchema.safeParse({ q });
  if (!parsed.success) {
    // An empty box shows the categories; words past the limit are a 400 that keeps them in the box.
    const problem = localizeMessage(texts.lang, "search", parsed.error.issues[0]!.message);
    return data({ ...base, page: empty, problem, error: null as string | null }, { status: q.trim() === "" ? 200 : 400 });
  }
  try {
    // The visitor's language (/bn/search, /hi/search) ranks its translations' matches first.
    const lang = langOfPath(url.pathname);
    const found = await searchPublicProducts(parsed.data.q, band, parsePage(url.searchParams.get("page")), sort, lang);
    const { findingNothing, ...shown } = found;
    const page = { ...shown, items: (await localize(found.items, lang)).map(toCardView) };
    // The search itself is counted as the page is sent (server/interest.ts), cached or not. Shown
    // only with a word left out that no piece has ('owl xylophone'), it is one of the owner's
    // searches with no result.
    void recordSearchResults(parsed.data.q, findingNothing ? 0 : found.total);
    return data({ ...base, q: parsed.data.q, page, problem: null as string | null, error: null as string | null });
  } catch (error) {
    logger.error({ err: error }, "search failed");
    return data({ ...base, page: empty, problem: null as string | null, error: texts.strings.search!.error as string | null }, { status: 503 });
  }
}

function BrowseCategories() {
  const t = useT("search");
  const common = useT("common");
  const local = useLocalPath();
  return (
    <nav aria-label={t("browseCategories")} className="mt-4">
      <ul className="flex flex-wrap gap-2 text-sm" data-testid="search-categories">
        {MENU.map((item) => (
          <li key={item.slug}>
            <Link to={local(`/product/${item.slug}`)} className="inline-flex min-h-11 items-center rounded-full border border-brass-300 bg-white px-3 text-brass-900">
              {common(item.menuKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Search() {
  const { q, price, sort, page, problem, error } = useLoaderData<typeof loader>();
  const t = useT("search");
  // The filter, order and page links stay on this language's search page.
  const searchPath = useLocalPath()("/search");
  const hrefFor: HrefFor = (change) => `${searchPath}${listingSearch({ q, price, sort, page: page.page, ...change }, "relevance")}`;
  const shown = page.correctedTo ?? q;
  if (problem) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="search-heading">
        <h1 id="search-heading" className="font-serif text-3xl text-brass-800 wrap-anywhere">
          {t("heading")}
        </h1>
        <p className="mt-4 text-brass-900/80 wrap-anywhere" data-testid="search-problem" role={q.trim() ? "alert" : undefined}>
          {problem}
        </p>
        <BrowseCategories />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="search-heading">
      <h1 id="search-heading" className="font-serif text-3xl text-brass-800 wrap-anywhere">
        {t("results", { q: shown })}
      </h1>
      {page.correctedTo ? (
        <p className="mt-2 text-sm text-brass-900/80 wrap-anywhere" data-testid="search-corrected">
          {t("corrected", { q, corrected: page.correctedTo })}
        </p>
      ) : null}
      {page.total > 0 || price !== "all" ? (
        <>
          <PriceFilter price={price} hrefFor={hrefFor} />
          <SortLinks sort={sort} offered={SEARCH_SORTS} hrefFor={hrefFor} />
        </>
      ) : null}
      {error ? (
        <p role="alert" className="mt-8 rounded border border-red-300 bg-red-50 p-4 text-red-700" data-testid="search-error">
          {error}
        </p>
      ) : page.items.length === 0 ? (
        <div className="mt-8" data-testid="search-empty">
          <p className="text-brass-900/80 wrap-anywhere">
            {t(price !== "all" ? "noMatchBand" : "noMatch", { q })}{" "}
            {price !== "all" ? (
              <Link to={hrefFor({ price: "all", page: 1 })} className="inline-flex min-h-11 items-center font-semibold text-brass-800 underline">
                {t("searchAllPrices")}
              </Link>
            ) : (
              t("browseInstead")
            )}
          </p>
          {price === "all" ? <BrowseCategories /> : null}
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-brass-900/80" data-testid="search-count">
            {t("count", { count: page.total })}
          </p>
          <ProductGrid items={page.items} />
        </>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  const q = data?.q.trim() ? data.q : "";
  const texts = data?.strings.search;
  const tags = seo({
    lang: langFromMatches(matches),
    title: q ? interpolate(texts?.metaTitle ?? "", { q: [...q].slice(0, 60).join("") }) : (texts?.heading ?? "Search"),
    description: texts?.metaDescription ?? "",
    path: `/search${listingSearch({ q, price: data?.price ?? "all", page: data?.page.page ?? 1 })}`,
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
  });
  // Search results are not pages to index: no sitemap entry either.
  return [...tags, { name: "robots", content: "noindex" }];
};
