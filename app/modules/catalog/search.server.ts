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
import type { Lang } from "#app/modules/i18n/languages.ts";
import { getDb } from "#db/index.ts";
import { SEARCH_INDEX_COLUMNS, englishTests, matchScore } from "./search-sql.server.ts";
import { FULLTEXT_MIN_LENGTH, SYNONYM_WORDS, charCount, craftWordsApart, planAcrossScripts, planSearch, searchWords, variantsOf, type ScriptPlan, type SearchPlan } from "./search-terms.ts";
import { tableWordFor } from "./search-stems.server.ts";
import { translatedMatches } from "./search-translations.server.ts";

// Storefront search: MariaDB FULLTEXT in boolean mode over the products_search
// index (migration 0080) and the translations' index (migration 0161), synonyms, plurals and
// other scripts' words from search-terms.ts, a word-start LIKE (a whole word in Bengali and
// Hindi) for words too short for the index, and one spelling correction when nothing matched.

export interface SearchPage extends ProductPage {
  /** The words searched for, after any correction. */
  words: string[];
  /** When nothing matched the visitor's words and a corrected spelling did: the corrected text. */
  correctedTo: string | null;
  /** The words left out because no piece has them ('xylophone' of 'owl xylophone'). */
  findingNothing?: string[];
}

export { SEARCH_INDEX_COLUMNS };

/** The plan's matches: every word in the English text, or (ids) every word once the translations count. */
function matching(plan: SearchPlan, translated: readonly number[]): ProductQuery {
  const english = englishTests(plan.fulltext, plan.short);
  const query = publicProducts();
  if (english.length === 0) return query;
  if (translated.length === 0) return english.reduce((q, test) => q.where(test), query);
  return query.where((eb) => eb.or([eb.and(english), eb("products.id", "in", translated)]));
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

/**
 * By relevance: pieces whose translation in the visitor's language matches every word first,
 * then by the English text's score (pieces found through a translation only score 0).
 */
function relevance(fulltext: string | null, inLang: readonly number[]): Order {
  return (query) => {
    let ordered = soldLast(query);
    if (inLang.length > 0) ordered = ordered.orderBy(sql`products.id IN (${sql.join(inLang)})`, "desc");
    if (fulltext) ordered = ordered.orderBy(matchScore(fulltext), "desc");
    return ordered.orderBy("products.id", "desc");
  };
}

async function run(plan: ScriptPlan, band: PriceBand, page: number, sort: SortKey, lang: Lang): Promise<ProductPage> {
  const translated = await translatedMatches(plan, lang);
  const order: Order = sort === "relevance" ? relevance(plan.fulltext, lang === "en" ? [] : translated.inLang) : (query) => inOrder(query, sort);
  const found = await matchPage(inBand(matching(plan, translated.ids), band), order, page);
  const byId = new Map((await listPublicProductsByIds(found.ids)).map((product) => [product.id, product]));
  const items = found.ids.flatMap((id) => byId.get(id) ?? []);
  return { items, total: found.total, page: found.page, pageCount: Math.max(1, Math.ceil(found.total / PAGE_SIZE)) };
}

/**
 * Public (ready, available) products matching the visitor's words in any script, 12 a page,
 * with the price filter and order of the listing; `lang` is the visitor's language, whose
 * translations' matches rank first.
 */
export async function searchPublicProducts(text: string, band: PriceBand, page: number, sort: SortKey, lang: Lang = "en"): Promise<SearchPage> {
  const { words } = planSearch(text);
  const empty: SearchPage = { items: [], total: 0, page: 1, pageCount: 1, words, correctedTo: null };
  const plan = searchPlanFor(text);
  if (!plan) return empty;
  const found = await run(plan, band, page, sort, lang);
  if (found.total > 0) return { ...found, words, correctedTo: null };
  const corrected = await correctSpelling(words);
  const second = corrected ? searchPlanFor(corrected) : null;
  const retried = second ? await run(second, band, page, sort, lang) : null;
  if (corrected && retried && retried.total > 0) return { ...retried, words: planSearch(corrected).words, correctedTo: corrected };
  return (await withOneWordLess(corrected ?? text, band, page, sort, lang)) ?? empty;
}

/**
 * Words that do not find pieces together: first the words that find nothing on their own are
 * left out ('owl xylophone', a word no piece's text has and no correction could replace); then,
 * when the rest each find pieces but still not together ('brass elephant', where the elephants'
 * own text says Kansa), the one word whose absence leaves the fewest pieces, the most particular
 * of the answers. Said as a correction. Null when no word finds anything, or there is one word.
 */
async function withOneWordLess(text: string, band: PriceBand, page: number, sort: SortKey, lang: Lang): Promise<SearchPage | null> {
  const { words: typed } = planSearch(text);
  if (typed.length < 2) return null;
  // Each set of words searched once: with two words, each one alone is also the other left out.
  const searched = new Map<string, Promise<ProductPage | null>>();
  const found = (someWords: readonly string[]) => {
    const key = someWords.join(" ");
    if (!searched.has(key)) {
      const plan = searchPlanFor(key);
      searched.set(key, plan ? run(plan, band, page, sort, lang) : Promise.resolve(null));
    }
    return searched.get(key)!;
  };
  const words: string[] = [];
  for (const word of typed) if ((await found([word]))?.total) words.push(word);
  if (words.length === 0) return null;
  const findingNothing = typed.filter((word) => !words.includes(word));
  const answer = (result: ProductPage, someWords: readonly string[]): SearchPage => {
    const shown = someWords.join(" ");
    return { ...result, words: planSearch(shown).words, correctedTo: shown, ...(findingNothing.length > 0 ? { findingNothing } : {}) };
  };
  if (findingNothing.length > 0) {
    const together = await found(words);
    if (together && together.total > 0) return answer(together, words);
  }
  let best: { page: ProductPage; words: string[] } | null = null;
  for (const word of words) {
    const rest = words.filter((other) => other !== word);
    const result = await found(rest);
    if (result && result.total > 0 && (!best || result.total < best.page.total)) best = { page: result, words: rest };
  }
  return best ? answer(best.page, best.words) : null;
}

/**
 * The plan for a visitor's text; null when it has no word to search for. The craft's own
 * name matches every piece, so only the other words narrow the search (with none, all match).
 */
function searchPlanFor(text: string): ScriptPlan | null {
  const { rest, craft } = craftWordsApart(text);
  const plan = planAcrossScripts(craft ? rest : text, tableWordFor);
  return plan.fulltext || plan.short.length > 0 || craft ? plan : null;
}

let vocabulary: { version: number; words: string[]; known: Set<string> } | null = null;

/** Translated names of public pieces, for spelling correction in Bengali and Hindi. */
async function translatedNames(): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("product_translations")
    .innerJoin("products", "products.id", "product_translations.product_id")
    .where("products.status", "=", "ready")
    .where("products.available", "=", 1)
    .where("product_translations.name", "is not", null)
    .select("product_translations.name")
    .execute();
  return rows.map((row) => row.name ?? "");
}

/** The words of public products' names, materials, uses, colours and categories, their translated names, and the synonym table; kept until the catalogue changes. */
async function loadVocabulary(): Promise<{ words: string[]; known: Set<string> }> {
  const version = await readPublicVersion();
  if (vocabulary && version !== null && vocabulary.version === version) return vocabulary;
  const rows = await publicProducts().select(["name", "material", "utility", "color", "category"]).execute();
  const known = new Set(SYNONYM_WORDS);
  const texts = [...rows.map((row) => `${row.name} ${row.material} ${row.utility} ${row.color} ${row.category}`), ...(await translatedNames())];
  for (const text of texts) {
    for (const word of searchWords(text)) {
      if (charCount(word) >= FULLTEXT_MIN_LENGTH) known.add(word);
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
  const candidates = words.filter((w) => charCount(w) > FULLTEXT_MIN_LENGTH && !/\p{N}/u.test(w));
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
