import type { Lang } from "#app/modules/i18n/languages.ts";
import { stringsFor } from "#app/modules/i18n/strings.server.ts";
import { translator } from "#app/modules/i18n/translate.ts";
import { formatSize, formatWeight } from "./format.ts";
import type { ProductFields } from "./products.server.ts";

/** One line of a product page's specifications; `lang` marks a value left in English on a Bengali or Hindi page. */
export interface SpecLine {
  label: string;
  value: string;
  lang?: "en";
}

type SpecFields = Pick<ProductFields, "color" | "material" | "utility" | "height" | "width" | "length" | "weight">;

/** Only Latin letters and what goes with them: a word the owner typed in English. */
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u;

/**
 * The specifications block of a product page in its language: Colour, Size, Material, Utility
 * and Weight, each 'N/A' (or the language's word) if missing. Built on the server, so its words
 * stay out of the page's JavaScript. English shows the owner's words as she typed them; a
 * Bengali or Hindi page shows the words the shop commonly uses (Golden, Kansa, Home Decor…) in
 * its language, from app/locales/<lang>/specs.json, and any other word as typed
 * (docs/decisions/123-specifications-in-the-page-language.md).
 */
export function productSpecs(product: SpecFields, lang: Lang): SpecLine[] {
  const strings = stringsFor(lang, ["specs"]).specs!;
  const t = translator(lang, strings);
  const given = (text: string) => (text === "N/A" || text.trim() === "" ? null : text);
  const word = (field: "colour" | "material" | "utility", typed: string): SpecLine => {
    const label = t(field);
    const value = given(typed);
    if (value === null) return { label, value: t("notGiven") };
    if (lang === "en") return { label, value };
    const known = strings[`${field}.${value.trim().toLowerCase().replace(/\s+/g, " ")}`];
    if (known) return { label, value: known };
    return LATIN_ONLY.test(value) ? { label, value, lang: "en" } : { label, value };
  };
  const size = given(formatSize(product.height, product.width, product.length, (height, width, length) => t("sizeValue", { height, width, length })));
  const weight = given(formatWeight(product.weight, { gram: t("unitGram"), kilogram: t("unitKilogram") }));
  return [
    word("colour", product.color),
    { label: t("size"), value: size ?? t("notGiven") },
    word("material", product.material),
    word("utility", product.utility),
    { label: t("weight"), value: weight ?? t("notGiven") },
  ];
}
