import { sql } from "kysely";
import { distance } from "fastest-levenshtein";
import { readPublicVersion } from "#app/modules/site/public-version.server.ts";
import type { PriceBand, SortKey } from "./format.ts";
import { inBand, inOrder, publicProducts, readPage, type ProductPage, type ProductQuery } from "./products.server.ts";
import { FULLTEXT_MIN_LENGTH, SYNONYM_WORDS, planSearch, searchWords, variantsOf, type SearchPlan } from "./search-terms.ts";

// Storefront search (issue 16.3): MariaDB FULLTEXT in boolean mode over the products_search
// index (migration 0080), synonyms and plurals from search-terms.ts, a word-start LIKE for
// words too short for the index, and one spelling correction when nothing matched.

export interface SearchPage extends ProductPage {
  /** The words searched for, after any correction. */
  words: string[];
  /** When nothing matched the visitor's words and a corrected spelling did: the corrected text. */
  correctedTo: string | null;
}

const matchScore = (query: string) =>
  sql<number>`MATCH (products.name, products.description, products.material, products.utility, products.color, products.category) AGAINST (${query} IN BOOLEAN MODE)`;

/** A short word must start a word of the product's text ('ox' finds 'Ox cart', not 'box'). */
const haystack = sql`CONCAT(' ', products.name, ' ', products.material, ' ', products.utility, ' ', products.color, ' ', REPLACE(products.category, '-', ' '), ' ', products.description)`;

function matching(plan: SearchPlan): ProductQuery {
  let query = publicProducts();
  if (plan.fulltext) query = query.where(matchScore(plan.fulltext), ">", 0 as never);
  for (const word of plan.short) query = query.where(haystack, "like", `% ${word}%`);
  return query;
}

async function run(plan: SearchPlan, band: PriceBand, page: number, sort: SortKey): Promise<ProductPage> {
  const fulltext = plan.fulltext;
  return readPage(inBand(matching(plan), band), page, (query) =>
    sort === "relevance" && fulltext ? query.orderBy(matchScore(fulltext), "desc").orderBy("products.id", "desc") : inOrder(query, sort),
  );
}

/** Public (ready, available) products matching the visitor's words, 12 a page, with the price filter and order of the listing. */
export async function searchPublicProducts(text: string, band: PriceBand, page: number, sort: SortKey): Promise<SearchPage> {
  const plan = planSearch(text);
  const empty: SearchPage = { items: [], total: 0, page: 1, pageCount: 1, words: plan.words, correctedTo: null };
  if (!plan.fulltext && plan.short.length === 0) return empty;
  const found = await run(plan, band, page, sort);
  if (found.total > 0) return { ...found, words: plan.words, correctedTo: null };
  const corrected = await correctSpelling(plan.words);
  if (!corrected) return empty;
  const second = planSearch(corrected);
  const retried = await run(second, band, page, sort);
  return retried.total > 0 ? { ...retried, words: second.words, correctedTo: corrected } : empty;
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

/** Edits allowed for a word: one up to 6 letters, two from 7 ('elefant' → 'elephant'). */
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
      const edits = distance(word, candidate);
      if (edits <= allowedEdits(word) && (!best || edits < best.edits)) best = { word: candidate, edits };
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? corrected.join(" ") : null;
}
