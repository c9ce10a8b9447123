// An edit based on an older version of a product (manage.server.ts refuses it): what the
// edit page sends along to know what it started from, and what changed since. Client-safe.
import { fieldChanges, parseBase, type FieldChange } from "#app/lib/field-changes.ts";
import { TRANSLATED_LANGUAGES } from "#app/modules/i18n/languages.ts";
import { TRANSLATION_LABELS, type ProductTranslations } from "./translations.ts";

/** The fields an edit can change, with the labels the edit form shows them under. */
const EDITED_FIELDS = {
  name: "Name",
  description: "Description",
  priceDiscount: "Price",
  priceFixed: "Fixed Price",
  category: "Category",
  color: "Colour",
  material: "Material",
  utility: "Utility",
  height: "Height",
  width: "Width",
  length: "Length",
  weight: "Weight",
  state: "State",
  shipsInDays: "Ships in (days)",
} as const;

/** The translated texts, by their form names ("translations.bn.name"), with their labels. */
const TRANSLATED_FIELDS = Object.fromEntries(
  TRANSLATED_LANGUAGES.flatMap((lang) => [
    [`translations.${lang}.name`, `${TRANSLATION_LABELS[lang]} name`],
    [`translations.${lang}.description`, `${TRANSLATION_LABELS[lang]} details`],
  ]),
) as Record<string, string>;

const LABELS: Record<string, string> = { ...EDITED_FIELDS, ...TRANSLATED_FIELDS };

type EditedField = keyof typeof EDITED_FIELDS;
export type EditBase = Record<EditedField, string | number | null> & { translations?: ProductTranslations };

/** Every field an edit can change, translations included, flat by form name. */
function flatFields(product: EditBase): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(Object.keys(EDITED_FIELDS).map((k) => [k, product[k as EditedField] ?? null]));
  for (const lang of TRANSLATED_LANGUAGES) {
    out[`translations.${lang}.name`] = product.translations?.[lang].name ?? null;
    out[`translations.${lang}.description`] = product.translations?.[lang].description ?? null;
  }
  return out;
}

export const CONFLICT_MESSAGES = {
  page: "This product was saved somewhere else after you opened it, so your changes were not saved. Everything you typed is still in the form; what changed meanwhile is listed below. Check it, then save again.",
  changedHeading: "Changed meanwhile",
  nothingListed: "No field you can edit here changed (the images or the version did).",
  api: (sent: number, current: number) =>
    `This product was changed since version ${sent}; it is now version ${current}. Read it again and send your changes with version ${current}.`,
} as const;

/** The edited fields of a product as the form starts from them (sent back in a hidden field). */
export function editBase(product: EditBase): string {
  return JSON.stringify(flatFields(product));
}

/** What differs between the base an edit started from (editBase's text) and the product now. */
export function changesSince(baseText: unknown, now: EditBase): FieldChange[] {
  return fieldChanges(parseBase(baseText), flatFields(now), LABELS);
}
