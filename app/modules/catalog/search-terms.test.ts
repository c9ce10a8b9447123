import { describe, expect, it } from "vitest";
import { SEARCH_CONCEPTS } from "./search-synonyms.ts";
import { planAcrossScripts, planSearch, searchWords, variantsOf } from "./search-terms.ts";

describe("search words", () => {
  it("keeps letters and digits of any script, lower case, without repeats, at most 8", () => {
    expect(searchWords("Dokra  OWL, owl!")).toEqual(["dokra", "owl"]);
    expect(searchWords("গণেশ মূর্তি")).toEqual(["গণেশ", "মূর্তি"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords("+owl* -(brass) \"x\" @~<>")).toEqual(["owl", "brass", "x"]);
  });

  it("finds transliterations, synonyms and singulars", () => {
    expect(variantsOf("dhokra")).toContain("dokra");
    expect(variantsOf("ganpati")).toEqual(expect.arrayContaining(["ganesh", "ganesha"]));
    expect(variantsOf("hathi")).toContain("elephant");
    expect(variantsOf("elephants")).toEqual(expect.arrayContaining(["elephant", "hathi"]));
    expect(variantsOf("ullu")).toContain("owl");
    expect(variantsOf("diya")).toContain("lamp");
    expect(variantsOf("dia")).toEqual(expect.arrayContaining(["diya", "lamp"])); // a common spelling of diya
    expect(variantsOf("brass")).not.toContain("bras");
  });
});

describe("planSearch", () => {
  it("requires every word, each through any of its spellings, as prefixes", () => {
    expect(planSearch("Dhokra hathi")).toEqual({
      fulltext: expect.stringMatching(/^\+\(dhokra\* dokra\* .*\) \+\(hathi\* haathi\* hathee\* elephant\*\)$/),
      short: [],
      words: ["dhokra", "hathi"],
    });
  });

  it("lets a 3-letter synonym match only itself or its plural ('peacock' must not find 'more')", () => {
    expect(planSearch("peacock").fulltext).toBe("+(peacock* mor mors)");
    expect(planSearch("ullu").fulltext).toBe("+(ullu* owl owls)");
  });

  it("drops stopwords and single letters, and sends 2-letter words to the fallback", () => {
    expect(planSearch("the owl of a")).toEqual({ fulltext: "+(owl owls ullu*)", short: ["of"], words: ["owl", "of"] });
    expect(planSearch("ox")).toEqual({ fulltext: null, short: ["ox"], words: ["ox"] });
    expect(planSearch("a")).toEqual({ fulltext: null, short: [], words: [] });
    expect(planSearch("7")).toEqual({ fulltext: null, short: ["7"], words: ["7"] });
  });

  it("matches a 3-letter word of the table as itself or its plural even when typed ('mor' must not find 'more')", () => {
    expect(planSearch("mor").fulltext).toBe("+(mor mors peacock*)");
    // A word the table does not know may be the start of one.
    expect(planSearch("ele").fulltext).toBe("+(ele*)");
  });

  it("leaves out courtesy words, reads a two-word name as its one word, and keeps ॐ", () => {
    expect(planSearch("Ganesh ji").words).toEqual(["ganesh"]);
    expect(planSearch("गणेश जी").words).toEqual(["गणेश"]);
    expect(planSearch("bell-metal bowl").words).toEqual(["kansa", "bowl"]);
    expect(planSearch("Bell  Metal").fulltext).toMatch(/^\+\(kansa\* /);
    expect(planSearch("ॐ दीया")).toMatchObject({ short: ["ॐ"], words: ["ॐ", "दीया"] });
  });

  it("never lets boolean-mode operators through", () => {
    const plan = planSearch(`"owl" +elephant -brass* ~(x) @2 >lamp <diya`);
    expect(plan.fulltext).not.toMatch(/["~@<>-]/);
    expect(plan.fulltext?.replace(/[+()*]/g, "")).toMatch(/^[\p{L}\p{N} ]+$/u);
  });
});

describe("planAcrossScripts", () => {
  it("drops zero-width joiners and keeps Bengali and Hindi vowel signs inside the word", () => {
    expect(searchWords("হা\u200Cতি ह\u200Dाथी")).toEqual(["হাতি", "हाथी"]);
    expect(searchWords("কী সুন্দর!")).toEqual(["কী", "সুন্দর"]);
    // A phone's full-width letters, a zero-width space, a soft hyphen.
    expect(searchWords("ＨＡＴＨＩ गण\u200Bेश hat\u00ADhi")).toEqual(["hathi", "गणेश"]);
  });

  it("counts characters as InnoDB does: a vowel sign is one, so two-character words go to the fallback", () => {
    expect(planAcrossScripts("घर की मोर")).toMatchObject({ short: ["घर", "की"], words: ["घर", "की", "मोर"] });
    expect(planAcrossScripts("মা")).toMatchObject({ fulltext: null, short: ["মা"] });
    expect(planAcrossScripts("ও")).toMatchObject({ fulltext: null, short: [], words: [] });
  });

  it("finds the English words for a Bengali, Hindi or romanised Bengali word, and the Bengali and Hindi ones in translations", () => {
    for (const word of ["হাতি", "हाथी", "hati"]) {
      const plan = planAcrossScripts(word);
      expect(plan.english[0], word).toContain("elephant*");
      expect(plan.translated[0], word).toEqual(expect.stringContaining("হাতি*"));
      expect(plan.translated[0], word).toEqual(expect.stringContaining("हाथी*"));
    }
    expect(planAcrossScripts("pecha").translated).toEqual([expect.stringContaining("পেঁচা*")]);
    // A word that starts other words (প্যাঁচানো, coiled) matches only as itself.
    expect(planAcrossScripts("প্যাঁচা").translated[0]).toMatch(/(^|[ (])প্যাঁচা[ )]/u);
    expect(planAcrossScripts("প্যাঁচা").translated[0]).toContain("পেঁচা*");
    // English keeps its own groups: the Bengali words go to the translations only.
    expect(planAcrossScripts("elephant").english).toEqual(["+(elephant* hathi* haathi* hathee*)"]);
  });
});

describe("the synonym table", () => {
  it("gives every thing Bengali and Hindi words, and every spelling to one thing as one search word", () => {
    const owner = new Map<string, string>();
    for (const concept of SEARCH_CONCEPTS) {
      expect(concept.bn.length, concept.latin[0]).toBeGreaterThan(0);
      expect(concept.hi.length, concept.latin[0]).toBeGreaterThan(0);
      for (const word of [...concept.latin, ...(concept.roman ?? []), ...concept.bn, ...concept.hi]) {
        // A query reaches the table through searchWords: a word it would change or split could never match.
        expect(searchWords(word), word).toEqual([word.normalize("NFC")]);
        expect(owner.get(word), `${word} is in two things`).toBeUndefined();
        owner.set(word, concept.latin[0]!);
      }
    }
  });
});
