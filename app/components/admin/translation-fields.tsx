import { TRANSLATED_LANGUAGES, type TranslatedLang } from "#app/modules/i18n/languages.ts";
import { TRANSLATION_LABELS } from "#app/modules/catalog/translations.ts";
import { controlClass, Field, Labelled } from "./field.tsx";

// The Bengali and Hindi name and description of the add and edit forms: one folded section per
// language (a <details>, so it opens without JavaScript), open when it holds text or an error.

export type TranslationKey = "name" | "description";
export interface TranslationValue {
  value: string;
  errors?: string[] | null;
}

/** Conform's nested field metadata, as far as these fields read it. */
interface NestedMeta {
  initialValue?: unknown;
  value?: unknown;
  errors?: string[];
  getFieldset: () => Record<string, NestedMeta>;
}

/** The metadata of `translations.<lang>.<key>` in a Conform form's fields. */
export function translationMeta(translations: unknown, lang: TranslatedLang, key: TranslationKey): Omit<NestedMeta, "getFieldset"> {
  return (translations as NestedMeta).getFieldset()[lang]!.getFieldset()[key]!;
}

export const translationName = (lang: TranslatedLang, key: TranslationKey) => `translations.${lang}.${key}`;

/** These fields' names, top to bottom. */
export const TRANSLATION_FIELD_NAMES = TRANSLATED_LANGUAGES.flatMap((lang) => [translationName(lang, "name"), translationName(lang, "description")]);

export function TranslationFields({ field }: { field: (lang: TranslatedLang, key: TranslationKey) => TranslationValue }) {
  return (
    <>
      {TRANSLATED_LANGUAGES.map((lang) => {
        const label = TRANSLATION_LABELS[lang];
        const name = field(lang, "name");
        const description = field(lang, "description");
        const open = [name, description].some((f) => f.value !== "" || Boolean(f.errors?.length));
        return (
          <details key={lang} open={open} className="rounded border border-brass-200 p-3 md:col-span-2" data-testid={`translation-${lang}`}>
            <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium">{label} (optional)</summary>
            <p className="text-xs text-brass-900/80">Shown on the {label} pages of the shop. Left empty, the English text shows there.</p>
            <div className="mt-2 grid gap-4">
              <Field label={`${label} name`} name={translationName(lang, "name")} lang={lang} maxLength={200} defaultValue={name.value} errors={name.errors} />
              <Labelled label={`${label} details`} name={translationName(lang, "description")} errors={description.errors}>
                <textarea name={translationName(lang, "description")} lang={lang} rows={4} maxLength={5000} defaultValue={description.value} className={controlClass} />
              </Labelled>
            </div>
          </details>
        );
      })}
    </>
  );
}
