import { TRANSLATED_LANGUAGES, type Lang, type TranslatedLang } from "#app/modules/i18n/languages.ts";

// A product's Bengali and Hindi name and description (client-safe): what the admin and the API
// read, and what a storefront page shows in its language. A missing one shows the English text.

export interface TranslatedFields {
  name: string | null;
  description: string | null;
}

export type ProductTranslations = Record<TranslatedLang, TranslatedFields>;

/** The language names the dashboard and the API's messages use (the dashboard stays English). */
export const TRANSLATION_LABELS: Record<TranslatedLang, string> = { bn: "Bengali", hi: "Hindi" };

export function noTranslations(): ProductTranslations {
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((lang) => [lang, { name: null, description: null }])) as ProductTranslations;
}

export interface LocalizedText {
  name: string;
  description: string;
  /** The language each text is in: the page's, or "en" when it fell back to the English one. */
  nameLang: Lang;
  descriptionLang: Lang;
}

/** The name and description to show on a page in `lang`: the translation, else the English text. */
export function localizedText(product: { name: string; description: string }, translations: ProductTranslations | undefined, lang: Lang): LocalizedText {
  const own = lang === "en" ? undefined : translations?.[lang];
  const name = own?.name || null;
  const description = own?.description || null;
  return {
    name: name ?? product.name,
    description: description ?? product.description,
    nameLang: name === null ? "en" : lang,
    descriptionLang: description === null ? "en" : lang,
  };
}

/**
 * The lang attribute of a shown name or description: "en" when a page in another language fell
 * back to the English text. Reads of English pages carry no marker, so they get nothing.
 */
export function fallbackLang(textLang: Lang | undefined): "en" | undefined {
  return textLang === "en" ? "en" : undefined;
}
