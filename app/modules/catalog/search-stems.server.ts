import { StemmerBn } from "@nlpjs/lang-bn";
import { StemmerHi } from "@nlpjs/lang-hi";
import { SEARCH_CONCEPTS } from "./search-synonyms.ts";
import { charCount } from "./search-terms.ts";

// A Bengali or Hindi word with an ending (হাতিগুলো, हाथियों, ঘোড়ার, मछलियों) as the synonym
// table's word it is a form of (হাতি, हाथी, ঘোড়া, मछली), through nlp.js's light stemmers. Only
// table words are reached: stemming the catalogue's text instead would conflate too much for a
// prefix search (हाथी, elephant, and हाथ, hand, share the stem हाथ).

const stemmers = { bn: new StemmerBn(), hi: new StemmerHi() };
const scriptOf = (word: string) => (/\p{Script=Bengali}/u.test(word) ? "bn" : /\p{Script=Devanagari}/u.test(word) ? "hi" : null);

/** Each language's table words by their stems and by themselves: a typed word's stem is looked up in both. */
const byStem = new Map<string, string[]>();
for (const concept of SEARCH_CONCEPTS) {
  for (const [lang, words] of [["bn", concept.bn], ["hi", concept.hi]] as const) {
    for (const word of words.map((w) => w.normalize("NFC"))) {
      for (const key of new Set([word, stemmers[lang].stem(word)])) byStem.set(`${lang}:${key}`, [...(byStem.get(`${lang}:${key}`) ?? []), word]);
    }
  }
}

/**
 * The table word a Bengali or Hindi word is an inflected form of; null for a table word itself,
 * a word in another script, or one whose stem reaches no table word at least as long as itself
 * allows (a shorter typed word is not a form of a longer one: हाथ is not हाथी).
 */
export function tableWordFor(word: string): string | null {
  const lang = scriptOf(word);
  if (!lang) return null;
  const candidates = byStem.get(`${lang}:${stemmers[lang].stem(word)}`) ?? [];
  if (candidates.includes(word)) return null;
  return candidates.find((candidate) => charCount(candidate) <= charCount(word)) ?? null;
}
