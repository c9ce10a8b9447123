import { z } from "zod";
import { PRICE_BANDS, SEARCH_SORTS, priceBand } from "#app/modules/catalog/listing-query.ts";
import { searchQuerySchema } from "#app/modules/catalog/search-schema.ts";
import { searchPublicProducts } from "#app/modules/catalog/search.server.ts";
import { LANGUAGES, type Lang } from "#app/modules/i18n/languages.ts";
import { defineEndpoint } from "./endpoint.server.ts";
import { ok, parseWith } from "./envelope.server.ts";
import { apiProductSchema } from "./schemas.ts";
import { toApiProducts } from "./serialize.server.ts";

// GET /api/v1/products/search: the storefront's search, same words, filter,
// order and pages. Unlike the page, which falls back to defaults, the API refuses an
// unknown filter, order or page with 400 so a client learns of its mistake.

const bandKeys = PRICE_BANDS.map((b) => b.key) as [string, ...string[]];
const sortKeys = SEARCH_SORTS as unknown as [string, ...string[]];

const searchQuery = searchQuerySchema.extend({
  price: z.enum(bandKeys, { error: `price must be one of: ${bandKeys.join(", ")}` }).default("all").meta({ description: "Price range of the listing" }),
  sort: z.enum(sortKeys, { error: `sort must be one of: ${sortKeys.join(", ")}` }).default("relevance").meta({ description: "relevance (best match first), newest, price-asc, price-desc" }),
  page: z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").max(10_000, "page must be a whole number from 1").default(1),
  lang: z.enum(LANGUAGES, { error: `lang must be one of: ${LANGUAGES.join(", ")}` }).default("en").meta({ description: "The visitor's language (en, bn, hi): its translations' matches come first" }),
});

const searchResult = z
  .object({
    products: z.array(apiProductSchema).meta({ description: "One page: at most 12" }),
    total: z.number().meta({ description: "Matching products in all pages" }),
    page: z.number().meta({ description: "This page (a page past the last answers the last)" }),
    pageCount: z.number(),
    correctedTo: z.string().nullable().meta({ description: "When nothing matched the words as typed: the words these results are for (one misspelt word corrected, or one word left out)" }),
  })
  .meta({ id: "SearchResult" });

const search = defineEndpoint({
  method: "GET",
  path: "/products/search",
  tag: "Products",
  summary: "Search the public products by words",
  description:
    "Ready and available products whose name, description, material, utility, colour or category, or Bengali or Hindi name or description, match every word (as a word start, with transliterations such as Dhokra/Dokra, hathi/হাতি/हाथी/elephant, ullu/owl; words of one or two letters match word starts, in Bengali and Hindi whole words). `lang` ranks that language's matches first. When nothing matches, one misspelt word is corrected, or else the words that find nothing on their own are left out and, when the rest find pieces each on its own but not together, the word whose absence leaves the fewest pieces; `correctedTo` gives the words the results are for. Pages of 12.",
  access: "public",
  failure: "Failed to search products",
  query: searchQuery,
  success: { status: 200, description: "One page of matching products", data: searchResult },
  errors: [400],
  async handle({ request }) {
    // Each parameter's first value, as the storefront's search page reads them (URLSearchParams.get).
    const params = new URL(request.url).searchParams;
    const input = parseWith(searchQuery, Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.get(key)])));
    const found = await searchPublicProducts(input.q, priceBand(input.price), input.page, input.sort as (typeof SEARCH_SORTS)[number], input.lang as Lang);
    return ok({
      products: await toApiProducts(found.items),
      total: found.total,
      page: found.page,
      pageCount: found.pageCount,
      correctedTo: found.correctedTo,
    });
  },
});

export const searchEndpoints = { search };
