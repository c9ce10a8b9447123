// Every storefront text exists in every language with the same placeholders, and each
// translation is written in its own script: a key added in English only, or a {{name}} lost
// in translation, fails here rather than on a buyer's screen.
import { describe, expect, it } from "vitest";
import { readdir } from "node:fs/promises";
import { LANGUAGES, TRANSLATED_LANGUAGES } from "./languages.ts";
import { localeFile, localeParts, stringsFor } from "./strings.server.ts";
import { translator } from "./translate.ts";

const SCRIPT = { bn: /\p{Script=Bengali}/u, hi: /\p{Script=Devanagari}/u } as const;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** The plural suffixes a language may add or drop beside the English ones. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

describe("storefront texts", () => {
  it("has every file of app/locales, and each language the same files", async () => {
    expect(localeParts()).toContain("common");
    for (const lang of LANGUAGES) {
      const files = (await readdir(new URL(`../../locales/${lang}/`, import.meta.url))).filter((f) => f.endsWith(".json"));
      expect(files.map((f) => f.replace(/\.json$/, "")).sort(), `app/locales/${lang} against app/locales/index.ts`).toEqual(localeParts());
    }
  });

  for (const lang of TRANSLATED_LANGUAGES) {
    for (const part of localeParts()) {
      it(`${lang}/${part}.json has every English key, with the same placeholders, in its script`, () => {
        const english = localeFile("en", part)!;
        const translated = localeFile(lang, part);
        expect(translated, `app/locales/${lang}/${part}.json is missing`).toBeDefined();
        const englishBases = new Set(Object.keys(english).map(baseKey));
        const translatedBases = new Set(Object.keys(translated!).map(baseKey));
        expect([...englishBases].filter((k) => !translatedBases.has(k)), "keys not translated").toEqual([]);
        expect([...translatedBases].filter((k) => !englishBases.has(k)), "keys English does not have").toEqual([]);
        for (const [key, text] of Object.entries(translated!)) {
          const englishText = english[key] ?? english[`${baseKey(key)}_other`] ?? english[baseKey(key)] ?? "";
          expect(placeholders(text), `${lang}/${part}.json ${key}`).toEqual(placeholders(englishText));
          expect(text.trim(), `${lang}/${part}.json ${key} is empty`).not.toBe("");
          // Written in the language's script; only a one-word name (e.g. "Instagram") may stay as in English.
          if (!(text === englishText && /^\p{L}+$/u.test(text))) {
            expect(SCRIPT[lang].test(text), `${lang}/${part}.json ${key}: "${text}" is not in its script`).toBe(true);
          }
        }
      });
    }
  }
});

describe("a page's texts", () => {
  it("fall back to English for a key a language lacks, and pick the language's plural form", () => {
    const strings = stringsFor("bn", ["common"]).common!;
    const t = translator("bn", { ...strings, items_one: "{{count}}টি জিনিস", items_other: "{{count}}টি জিনিস" });
    expect(t("enquiryCount", { count: 2 })).toBe("পছন্দের তালিকা (2)");
    expect(t("items", { count: 1 })).toBe("1টি জিনিস");
    const english = translator("en", { items_one: "{{count}} piece", items_other: "{{count}} pieces" });
    expect(english("items", { count: 1 })).toBe("1 piece");
    expect(english("items", { count: 3 })).toBe("3 pieces");
  });

  it("are only the parts asked for", () => {
    expect(Object.keys(stringsFor("hi", ["common"]))).toEqual(["common"]);
    expect(() => stringsFor("hi", ["no-such-part"])).toThrow(/no-such-part/);
  });
});
