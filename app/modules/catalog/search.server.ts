import { sql } from "kysely";
import damerauLevenshtein from "damerau-levenshtein";
import { readPublicVersion } from "#app/modules/site/public-version.server.ts";
import type { PriceBand, SortKey } from "./listing-query.ts";
import {
  PAGE_SIZE,
  inBand,
  inOrder,
  soldLast,
  listPublicProductsByIds,
  publicProducts,
  type ProductPage,
  type ProductQuery,
} from "./products.server.ts";
import { FULLTEXT_MIN_LENGTH, SYNONYM_WORDS, craftWordsApart, planSearch, searchWords, variantsOf, type SearchPlan } from "./search-terms.ts";

// Storefront search: MariaDB FULLTEXT in boolean mode over the products_search
// index (migration 0080), synonyms and plurals from search-terms.ts, a word-start LIKE for
// words too short for the index, and one spelling correction when nothing matched.

export interface SearchPage extends ProductPage {
  /** The words searched for, after any correction. */
  words: string[];
  /** When nothing matched the visitor's words and a corrected spelling did: the corrected text. */
  correctedTo: string | null;
}

/** The columns of the products_search FULLTEXT index (migration 0080), in its order: MATCH must name exactly these. */
export const SEARCH_INDEX_COLUMNS = ["name", "description", "material", "utility", "color", "category"] as const;
const matchColumns = sql.raw(SEARCH_INDEX_COLUMNS.map((column) => `products.${column}`).join(", "));

const matchScore = (query: string) => sql<number>`MATCH (${matchColumns}) AGAINST (${query} IN BOOLEAN MODE)`;

/** A short word must start a word of the product's text ('ox' finds 'Ox cart', not 'box'). */
const haystack = sql`CONCAT(' ', products.name, ' ', products.material, ' ', products.utility, ' ', products.color, ' ', REPLACE(products.category, '-', ' '), ' ', products.description)`;

function matching(plan: SearchPlan): ProductQuery {
  let query = publicProducts();
  if (plan.fulltext) query = query.where(matchScore(plan.fulltext), ">", 0 as never);
  for (const word of plan.short) query = query.where(haystack, "like", `% ${word}%`);
  return query;
}

type Order = (query: ProductQuery) => ProductQuery;

/**
 * The ids of one page of matches and how many there are, in one statement: MariaDB reads the
 * FULLTEXT matches once and sorts only their ids (not every column of every match, as
 * COUNT(*) then SELECT products.* did). A page past the end is clamped to the last one, as the
 * listing does.
 */
async function matchPage(filtered: ProductQuery, order: Order, page: number): Promise<{ ids: number[]; total: number; page: number }> {
  const current = Math.max(1, page);
  const rows = await order(filtered)
    .select(["products.id", sql<number>`COUNT(*) OVER ()`.as("total")])
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE)
    .execute();
  if (rows.length > 0 || current === 1) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0), page: current };
  const { total } = await filtered.select(sql<number>`COUNT(*)`.as("total")).executeTakeFirstOrThrow();
  if (Number(total) === 0) return { ids: [], total: 0, page: 1 };
  return matchPage(filtered, order, Math.ceil(Number(total) / PAGE_SIZE));
}

async function run(plan: SearchPlan, band: PriceBand, page: number, sort: SortKey): Promise<ProductPage> {
  const fulltext = plan.fulltext;
  const order: Order = (query) =>
    sort === "relevance" && fulltext ? soldLast(query).orderBy(matchScore(fulltext), "desc").orderBy("products.id", "desc") : inOrder(query, sort);
  const found = await matchPage(inBand(matching(plan), band), order, page);
  const byId = new Map((await listPublicProductsByIds(found.ids)).map((product) => [product.id, product]));
  const items = found.ids.flatMap((id) => byId.get(id) ?? []);
  return { items, total: found.total, page: found.page, pageCount: Math.max(1, Math.ceil(found.total / PAGE_SIZE)) };
}

/** Public (ready, available) products matching the visitor's words, 12 a page, with the price filter and order of the listing. */
export async function searchPublicProducts(text: string, band: PriceBand, page: number, sort: SortKey): Promise<SearchPage> {
  const { words } = planSearch(text);
  const empty: SearchPage = { items: [], total: 0, page: 1, pageCount: 1, words, correctedTo: null };
  const plan = searchPlanFor(text);
  if (!plan) return empty;
  const found = await run(plan, band, page, sort);
  if (found.total > 0) return { ...found, words, correctedTo: null };
  const corrected = await correctSpelling(words);
  const second = corrected ? searchPlanFor(corrected) : null;
  if (!corrected || !second) return empty;
  const retried = await run(second, band, page, sort);
  return retried.total > 0 ? { ...retried, words: planSearch(corrected).words, correctedTo: corrected } : empty;
}

/**
 * The plan for a visitor's text; null when it has no word to search for. The craft's own
 * name matches every piece, so only the other words narrow the search (with none, all match).
 */
function searchPlanFor(text: string): SearchPlan | null {
  const { rest, craft } = craftWordsApart(text);
  const plan = planSearch(craft ? rest : text);
  return plan.fulltext || plan.short.length > 0 || craft ? plan : null;
}

let vocabulary: { version: number; words: string[]; known: Set<string> } | null = null;

/** The words of public products' names, materials, uses, colours and categories, and the synonym table; kept until the catalogue changes. */
async function loadVocabulary(): Promise<{ words: string[]; known: Set<string> }> {
  const version = await readPublicVersion();
  if (vocabulary && version !== null && vocabulary.version === version) return vocabulary;
  const rows = await publicProducts().select(["name", "material", "utility", "color", "category"]).execute();
  const known = new Set(SYNONYM_WORDS);
  for (const row of rows) {
    for (const word of searchWords(`${row.name} ${row.material} ${row.utility} ${row.color} ${row.category}`)) {
      if (word.length >= FULLTEXT_MIN_LENGTH) known.add(word);
    }
  }
  const loaded = { words: [...known].sort(), known };
  if (version !== null) vocabulary = { version, ...loaded };
  return loaded;
}

/** Edits allowed for a word: one up to 6 letters, two from 7 ('elefant' → 'elephant'); two neighbouring letters swapped are one. */
const allowedEdits = (word: string) => (word.length >= 7 ? 2 : 1);

/**
 * The visitor's words with each unknown word of 4+ letters replaced by the closest known
 * word within its allowed edits; null when nothing changed.
 */
export async function correctSpelling(words: readonly string[]): Promise<string | null> {
  const candidates = words.filter((w) => w.length > FULLTEXT_MIN_LENGTH && !/\p{N}/u.test(w));
  if (candidates.length === 0) return null;
  const { words: known, known: knownSet } = await loadVocabulary();
  let changed = false;
  const corrected = words.map((word) => {
    if (!candidates.includes(word) || variantsOf(word).some((v) => knownSet.has(v)) || known.some((k) => k.startsWith(word))) return word;
    let best: { word: string; edits: number } | null = null;
    for (const candidate of known) {
      if (Math.abs(candidate.length - word.length) > allowedEdits(word)) continue;
      // Optimal string alignment: two swapped letters ("ganseh") are one edit, as people mistype.
      const edits = damerauLevenshtein(word, candidate).steps;
      if (edits <= allowedEdits(word) && (!best || edits < best.edits)) best = { word: candidate, edits };
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? corrected.join(" ") : null;
}
