import { z } from "zod";
import { TRANSLATED_LANGUAGES } from "#app/modules/i18n/languages.ts";
import { TRANSLATION_LABELS } from "./translations.ts";

// The Bengali and Hindi name and description of a product form and of the API, shared by the
// add and edit forms (nested names such as `translations.bn.name`) and the JSON body alike.

export const TRANSLATION_MESSAGES = {
  languages: `Translations are only for ${TRANSLATED_LANGUAGES.map((l) => `${l} (${TRANSLATION_LABELS[l]})`).join(" and ")}`,
  fields: "Only name and description can be translated",
  shape: "translations must be an object such as { bn: { name, description }, hi: { name, description } }",
} as const;

/** Optional; the English limits. Blank or null: not translated (cleared on an edit); left out: unchanged. */
const translatedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v));

const languageFields = (lang: (typeof TRANSLATED_LANGUAGES)[number]) =>
  z
    .strictObject(
      {
        name: translatedText(`${TRANSLATION_LABELS[lang]} name`, 200),
        description: translatedText(`${TRANSLATION_LABELS[lang]} description`, 5000),
      },
      { error: (issue) => (issue.code === "unrecognized_keys" ? TRANSLATION_MESSAGES.fields : TRANSLATION_MESSAGES.shape) },
    )
    .nullable()
    .optional()
    // A language sent as null clears both of its texts.
    .transform((v) => (v === null ? { name: null, description: null } : v))
    .meta({ description: `${TRANSLATION_LABELS[lang]} (${lang}); null clears both texts` });

export const translationsSchema = z
  .strictObject(
    { bn: languageFields("bn"), hi: languageFields("hi") },
    { error: (issue) => (issue.code === "unrecognized_keys" ? TRANSLATION_MESSAGES.languages : TRANSLATION_MESSAGES.shape) },
  )
  .meta({
    id: "ProductTranslations",
    description:
      "Name and description in Bengali (bn) and Hindi (hi), optional. On an update a language or field left out is unchanged; null or \"\" clears it. An untranslated text shows in English.",
  });

/** What a create or an edit writes: per language, a text to store, null to clear, undefined to leave. */
export type TranslationsInput = z.output<typeof translationsSchema>;
