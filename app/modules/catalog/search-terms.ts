// How the words a visitor types become a MariaDB FULLTEXT boolean query.
// Client-safe and free of zod, so the header's search box adds no library to every page.

export const SEARCH_MAX_LENGTH = 100;
/** More words than this are ignored: a search box is not a document. */
export const SEARCH_MAX_TERMS = 8;
/** InnoDB indexes words of innodb_ft_min_token_size (3) characters or more. */
export const FULLTEXT_MIN_LENGTH = 3;

export const SEARCH_MESSAGES = {
  tooLong: `Please search with at most ${SEARCH_MAX_LENGTH} characters.`,
  empty: "Type a word to search for, such as owl, Ganesha or diya.",
} as const;

/**
 * Words that name the same thing: transliterations of Bengali and Hindi names, common
 * spellings and their English words. A term in a group also finds every other word of
 * the group.
 */
/**
 * The craft's own name in its spellings. Every piece in the shop is Dokra, so the word finds
 * every piece; with other words, those words decide (craftWordsApart).
 */
export const CRAFT_WORDS: readonly string[] = ["dokra", "dhokra", "dokhra", "dhokhra", "dokara", "dhokara", "docra", "dhocra"];

export const SYNONYM_GROUPS: ReadonlyArray<readonly string[]> = [
  CRAFT_WORDS,
  ["ganesh", "ganesha", "ganpati", "ganapati", "ganesa", "vinayak", "vinayaka"],
  ["diya", "diyas", "deepak", "lamp", "lamps"],
  ["hathi", "haathi", "elephant"],
  ["ullu", "owl"],
  ["pooja", "puja", "worship"],
  ["ghoda", "ghora", "horse"],
  ["machli", "machhli", "fish"],
  ["mor", "peacock"],
  ["kachua", "kachhua", "tortoise", "turtle"],
  ["bagh", "tiger"],
  ["ghanti", "bell"],
  ["lakshmi", "laxmi", "lakhsmi"],
  ["buddha", "budha"],
  ["krishna", "krisna"],
  ["shiva", "shiv"],
  ["kansa", "kansha", "kasha"],
  ["pital", "peetal", "brass"],
  ["candle", "mombati", "mombatti"],
  ["adivasi", "tribal"],
];

const SYNONYMS = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) SYNONYMS.set(word, group);

/**
 * InnoDB's default stopwords of 3+ characters: never indexed, and a required stopword
 * would make every search empty, so they are dropped from the query.
 */
const STOPWORDS = new Set(["and", "are", "com", "for", "from", "how", "that", "the", "this", "was", "what", "when", "where", "who", "will", "with", "und", "www"]);

/** The words of a query: lower case letters and digits (any script), at most SEARCH_MAX_TERMS, no repeats. */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().normalize("NFC").match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
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

/**
 * The typed word and synonyms of 4+ letters match as prefixes (owl → owls, lamp → lamps);
 * a 3-letter synonym matches as itself or its plural, so 'peacock' does not find 'more'
 * through 'mor*'.
 */
function spellingPattern(spelling: string, typed: string): string {
  if (spelling === typed || spelling.length > FULLTEXT_MIN_LENGTH) return `${spelling}*`;
  return `${spelling} ${spelling}s`;
}

/** The boolean-mode query and short-word fallback for a visitor's text. Only letters and digits reach the query. */
export function planSearch(text: string): SearchPlan {
  const words = searchWords(text).filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\p{N}/u.test(w)));
  const groups: string[] = [];
  const short: string[] = [];
  for (const word of words) {
    if (word.length < FULLTEXT_MIN_LENGTH) {
      short.push(word);
      continue;
    }
    const spellings = variantsOf(word).filter((v) => v.length >= FULLTEXT_MIN_LENGTH && !STOPWORDS.has(v));
    groups.push(`+(${spellings.map((v) => spellingPattern(v, word)).join(" ")})`);
  }
  return { fulltext: groups.length > 0 ? groups.join(" ") : null, short, words };
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
