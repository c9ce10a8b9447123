// Every demo piece has a Bengali and a Hindi name and description that the product form accepts,
// in the right script, using the glossary's craft words where the English one names them.
import { describe, expect, it } from "vitest";
import { translationsSchema } from "#app/modules/catalog/translation-schema.ts";
import { DEMO_PRODUCTS } from "./catalogue.ts";
import { DEMO_TRANSLATIONS } from "./catalogue-translations.ts";

const BENGALI = /^[\u0980-\u09FF\s.,:;!?'"()\-–—\u0964ॐ]+$/u;
const HINDI = /^[\u0900-\u097F\s.,:;!?'"()\-–—]+$/u;

describe("the demo catalogue's translations", () => {
  it("cover every piece and no other, within the form's rules", () => {
    expect(Object.keys(DEMO_TRANSLATIONS).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort());
    for (const [name, translation] of Object.entries(DEMO_TRANSLATIONS)) {
      expect(translationsSchema.safeParse(translation).success, name).toBe(true);
      expect(translation.bn.name, name).toMatch(BENGALI);
      expect(translation.bn.description, name).toMatch(BENGALI);
      expect(translation.hi.name, name).toMatch(HINDI);
      expect(translation.hi.description, name).toMatch(HINDI);
    }
  });

  it("say the craft's words as the glossary does", () => {
    const words: Array<[RegExp, string, string]> = [
      [/lost-wax/i, "মোম-গলানো ঢালাই", "मोम-ढलाई"],
      [/\bbrass\b/i, "পিতল", "पीतल"],
      [/\bDokra\b/, "ডোকরা", "डोकरा"],
      [/\belephant/i, "হাতি", "हाथी"],
      [/\bhorse/i, "ঘোড়া", "घोड़ा"],
      [/\bowl/i, "পেঁচা", "उल्लू"],
      [/\btribal\b/i, "আদিবাসী", "आदिवासी"],
    ];
    for (const product of DEMO_PRODUCTS) {
      const { bn, hi } = DEMO_TRANSLATIONS[product.name]!;
      for (const [english, bengali, hindi] of words) {
        if (!english.test(`${product.name} ${product.description}`)) continue;
        expect(`${bn.name} ${bn.description}`, `${product.name}: ${bengali}`).toContain(bengali);
        expect(`${hi.name} ${hi.description}`, `${product.name}: ${hindi}`).toContain(hindi);
      }
    }
  });
});
