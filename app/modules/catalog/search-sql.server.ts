import { sql, type RawBuilder } from "kysely";
import { isIndicWord } from "./search-terms.ts";

// The SQL pieces of the storefront search that read a product's English text.

/** The columns of the products_search FULLTEXT index (migration 0080), in its order: MATCH must name exactly these. */
export const SEARCH_INDEX_COLUMNS = ["name", "description", "material", "utility", "color", "category"] as const;
const matchColumns = sql.raw(SEARCH_INDEX_COLUMNS.map((column) => `products.${column}`).join(", "));

export const matchScore = (query: string) => sql<number>`MATCH (${matchColumns}) AGAINST (${query} IN BOOLEAN MODE)`;

/** A short word must start a word of the product's text ('ox' finds 'Ox cart', not 'box'). */
export const haystack = sql<string>`CONCAT(' ', products.name, ' ', products.material, ' ', products.utility, ' ', products.color, ' ', REPLACE(products.category, '-', ' '), ' ', products.description)`;

/**
 * A word too short for the index, in a text: a word start in Latin letters ('ox' finds 'Ox
 * cart'), the whole word in Bengali or Hindi, where two letters start many words ('মা',
 * mother, must not find 'মাছ', fish). The word holds only letters, marks and digits, so it
 * cannot act as a wildcard or a regular-expression operator.
 */
export function shortWordIn(text: RawBuilder<string>, word: string): RawBuilder<boolean> {
  if (!isIndicWord(word)) return sql<boolean>`${text} LIKE ${`% ${word}%`}`;
  return sql<boolean>`${text} REGEXP ${`(^|[^\\p{L}\\p{M}])${word}($|[^\\p{L}\\p{M}])`}`;
}

/** What a plan asks of the English text: every long word through the index, every short word in the haystack. */
export function englishTests(fulltext: string | null, short: readonly string[]): RawBuilder<boolean>[] {
  return [...(fulltext ? [sql<boolean>`${matchScore(fulltext)} > 0`] : []), ...short.map((word) => shortWordIn(haystack, word))];
}
