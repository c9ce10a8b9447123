import { sql } from "kysely";
import type { Lang } from "#app/modules/i18n/languages.ts";
import { getDb } from "#db/index.ts";
import { englishTests, shortWordIn } from "./search-sql.server.ts";
import type { ScriptPlan } from "./search-terms.ts";

// The products a search finds through their Bengali and Hindi translations. A translation is
// read through its search_text (migration 0161): zero-width joiners removed, a few letters
// written one way. Every word must match somewhere: in a translation (either language) or in
// the English text, so 'হাতি kansa' finds an elephant translated as হাতি whose material is Kansa.

export interface TranslatedMatches {
  /** Products that match every word once their translations count. */
  ids: number[];
  /** Of those, the ones whose translation in the visitor's language matches every word by itself: ranked first. */
  inLang: number[];
}

const NONE: TranslatedMatches = { ids: [], inLang: [] };
const searchText = sql<string>`product_translations.search_text`;
const spaced = sql<string>`CONCAT(' ', product_translations.search_text)`;

export async function translatedMatches(plan: ScriptPlan, lang: Lang): Promise<TranslatedMatches> {
  const tests = [
    ...plan.translated.map((group) => sql<boolean>`MATCH (${searchText}) AGAINST (${group} IN BOOLEAN MODE) > 0`),
    ...plan.short.map((word) => shortWordIn(spaced, word)),
  ];
  if (tests.length === 0) return NONE;
  // Rows that match at least one word; the groups without '+' make one index search of them all.
  const anyLong = plan.translated.map((group) => group.slice(1)).join(" ");
  const anyWord = [...(anyLong ? [sql<boolean>`MATCH (${searchText}) AGAINST (${anyLong} IN BOOLEAN MODE) > 0`] : []), ...plan.short.map((word) => shortWordIn(spaced, word))];
  const rows = await getDb()
    .selectFrom("product_translations")
    .select(["product_translations.product_id", "product_translations.lang", ...tests.map((test, i) => test.as(`w${i}`))])
    .where(sql<boolean>`(${sql.join(anyWord, sql` OR `)})`)
    .execute();
  if (rows.length === 0) return NONE;

  const found = new Map<number, boolean[]>();
  const inLang: number[] = [];
  for (const row of rows) {
    const id = Number(row.product_id);
    const matched = tests.map((_, i) => Number((row as Record<string, unknown>)[`w${i}`]) > 0);
    const seen = found.get(id) ?? tests.map(() => false);
    found.set(id, seen.map((was, i) => was || matched[i]!));
    if (row.lang === lang && matched.every(Boolean)) inLang.push(id);
  }
  const ids = [...found].filter(([, seen]) => seen.every(Boolean)).map(([id]) => id);
  const partial = [...found].filter(([, seen]) => !seen.every(Boolean)).map(([id]) => id);
  return { ids: [...ids, ...(await completedInEnglish(plan, partial, found))], inLang };
}

/** Of the products some of whose words matched a translation, those whose English text matches each remaining word. */
async function completedInEnglish(plan: ScriptPlan, ids: number[], found: Map<number, boolean[]>): Promise<number[]> {
  if (ids.length === 0) return [];
  // One test per word, in the order of the translations' tests: long words, then short ones.
  const tests = [...plan.english.map((group) => englishTests(group, [])[0]!), ...plan.short.map((word) => englishTests(null, [word])[0]!)];
  const rows = await getDb()
    .selectFrom("products")
    .select(["products.id", ...tests.map((test, i) => test.as(`w${i}`))])
    .where("products.id", "in", ids)
    .execute();
  return rows
    .filter((row) => found.get(Number(row.id))!.every((seen, i) => seen || Number((row as Record<string, unknown>)[`w${i}`]) > 0))
    .map((row) => Number(row.id));
}
