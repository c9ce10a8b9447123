// How the words a visitor types become a MariaDB FULLTEXT boolean query.
// Client-safe and free of zod, so the header's search box adds no library to every page.
import { COURTESY_WORDS, CRAFT_WORDS, ONE_LETTER_WORDS, PHRASES, SEARCH_CONCEPTS, WHOLE_WORDS } from "./search-synonyms.ts";

export { CRAFT_WORDS };

export const SEARCH_MAX_LENGTH = 100;
/** More words than this are ignored: a search box is not a document. */
export const SEARCH_MAX_TERMS = 8;
/** InnoDB indexes words of innodb_ft_min_token_size (3) characters or more. */
export const FULLTEXT_MIN_LENGTH = 3;

/**
 * A word's length as InnoDB counts it: code points, so a Bengali or Hindi vowel sign counts
 * as a character ('की' is 2 and not indexed, 'मोर' is 3).
 */
export const charCount = (word: string) => [...word].length;

/** A word written in neither Latin letters nor digits (Bengali, Hindi): its short form matches a whole word only. */
export const isIndicWord = (word: string) => /[^\p{Script=Latin}\p{N}]/u.test(word);

export const SEARCH_MESSAGES = {
  tooLong: `Please search with at most ${SEARCH_MAX_LENGTH} characters.`,
  empty: "Type a word to search for, such as owl, Ganesha or diya.",
} as const;

/** Words that name the same thing, as today's English groups: a term in a group also finds every other word of the group. */
export const SYNONYM_GROUPS: ReadonlyArray<readonly string[]> = SEARCH_CONCEPTS.map((concept) => concept.latin);
/** Every spelling of the table (any script) → its thing's English group. */
const SYNONYMS = new Map<string, readonly string[]>();
/** Every spelling of the table → its thing's Bengali and Hindi words. */
const INDIC = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) SYNONYMS.set(word, group);
for (const concept of SEARCH_CONCEPTS) {
  const indic = [...concept.bn, ...concept.hi].map((word) => word.normalize("NFC"));
  for (const word of [...concept.latin, ...(concept.roman ?? []), ...indic]) {
    if (!SYNONYMS.has(word)) SYNONYMS.set(word, concept.latin);
    if (!INDIC.has(word)) INDIC.set(word, indic);
  }
}

/**
 * InnoDB's default stopwords of 3+ characters: never indexed, and a required stopword
 * would make every search empty, so they are dropped from the query.
 */
const STOPWORDS = new Set(["and", "are", "com", "for", "from", "how", "that", "the", "this", "was", "what", "when", "where", "who", "will", "with", "und", "www"]);

/**
 * The words of a query: lower case letters, marks and digits (any script), at most
 * SEARCH_MAX_TERMS, no repeats; a two-word name of one thing (PHRASES) as its one word.
 * Invisible characters are dropped first: zero-width (non-)joiners inside a Bengali or Hindi
 * word change its look, not the word, and a zero-width space, word joiner or soft hyphen
 * would cut a word in two. NFKC: a phone's full-width letters (ＨＡＴＨＩ) as plain ones.
 */
export function searchWords(text: string): string[] {
  const plain = text.replace(/[\u200B-\u200D\u2060\u00AD\uFEFF]/g, "").normalize("NFKC").toLowerCase().normalize("NFC");
  const words = plain.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = PHRASES.get(`${words[i]} ${words[i + 1]}`);
    joined.push(phrase ?? words[i]!);
    if (phrase) i++;
  }
  return [...new Set(joined)].slice(0, SEARCH_MAX_TERMS);
}

/** A word and the spellings that find the same things: synonyms and the singular of an English plural. */
export function variantsOf(word: string): string[] {
  const variants = new Set([word]);
  if (word.length > 4 && word.endsWith("es")) variants.add(word.slice(0, -2));
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) variants.add(word.slice(0, -1));
  for (const variant of [...variants]) for (const synonym of SYNONYMS.get(variant) ?? []) variants.add(synonym);
  return [...variants];
}

export interface SearchPlan {
  /** One `+(a* b* …)` group per word: every word must match, through any of its spellings. Null when no word is long enough. */
  fulltext: string | null;
  /** Words shorter than FULLTEXT_MIN_LENGTH (e.g. 'ox'): matched by a word-start LIKE instead. */
  short: string[];
  /** The words the plan uses, for "Showing results for …". */
  words: string[];
}

/** The same words' groups for the translations' text: one per long word, in order. */
export interface ScriptPlan extends SearchPlan {
  /** Each long word's `+(…)` group over the English text (fulltext is them joined). */
  english: string[];
  /** The same word's group over a translation: its spellings and its thing's Bengali and Hindi words. */
  translated: string[];
}

/**
 * Words of 4+ letters match as prefixes (owl → owls, lamp → lamps), and so does a typed word
 * the table does not know (the start of a word); a 3-letter word of the table matches as itself
 * or its plural, so 'mor' or 'peacock' does not find 'more' through 'mor*'. Bengali and Hindi
 * words match as prefixes, since they take endings (হাতির, মাছের), except WHOLE_WORDS.
 */
function spellingPattern(spelling: string, typed: string): string {
  if (WHOLE_WORDS.has(spelling)) return spelling;
  if (charCount(spelling) > FULLTEXT_MIN_LENGTH || isIndicWord(spelling) || (spelling === typed && !SYNONYMS.has(typed))) return `${spelling}*`;
  return `${spelling} ${spelling}s`;
}

const indexed = (spelling: string) => charCount(spelling) >= FULLTEXT_MIN_LENGTH && !STOPWORDS.has(spelling);
const group = (spellings: Iterable<string>, typed: string) => `+(${[...spellings].map((v) => spellingPattern(v, typed)).join(" ")})`;

/**
 * The boolean-mode groups and short-word fallback for a visitor's text, for the English text and
 * the translations. `tableWordFor` (server only: search-stems.server.ts) gives the table word an
 * inflected Bengali or Hindi word is a form of, whose spellings it then finds too.
 */
export function planAcrossScripts(text: string, tableWordFor?: (word: string) => string | null): ScriptPlan {
  const words = searchWords(text).filter(
    (w) => !STOPWORDS.has(w) && !COURTESY_WORDS.has(w) && (charCount(w) > 1 || /\p{N}/u.test(w) || ONE_LETTER_WORDS.has(w)),
  );
  const english: string[] = [];
  const translated: string[] = [];
  const short: string[] = [];
  for (const word of words) {
    if (charCount(word) < FULLTEXT_MIN_LENGTH) {
      short.push(word);
      continue;
    }
    const base = tableWordFor?.(word);
    const spellings = [...new Set([...variantsOf(word), ...(base ? variantsOf(base) : [])])].filter(indexed);
    english.push(group(spellings, word));
    const indic = spellings.flatMap((v) => INDIC.get(v) ?? []).filter(indexed);
    translated.push(group(new Set([...spellings, ...indic]), word));
  }
  return { fulltext: english.length > 0 ? english.join(" ") : null, short, words, english, translated };
}

/** The boolean-mode query and short-word fallback for a visitor's text. Only letters and digits reach the query. */
export function planSearch(text: string): SearchPlan {
  const { fulltext, short, words } = planAcrossScripts(text);
  return { fulltext, short, words };
}

const CRAFT = new Set(CRAFT_WORDS);

/** The visitor's text without the craft's own name (any spelling, plural, case), and whether it was there. */
export function craftWordsApart(text: string): { rest: string; craft: boolean } {
  const words = searchWords(text);
  const rest = words.filter((word) => !variantsOf(word).some((v) => CRAFT.has(v)));
  return { rest: rest.join(" "), craft: rest.length < words.length };
}

/** Every word the synonym table knows, for spelling correction. */
export const SYNONYM_WORDS: readonly string[] = [...SYNONYMS.keys()];
