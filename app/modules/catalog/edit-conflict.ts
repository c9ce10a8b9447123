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
  page: "This product was saved somewhere else after you opened it, so your changes were not saved. The form now shows the product as it is now, with every field you changed as you typed it; what changed meanwhile is listed below. Check it, then save again.",
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

type FormValues = Record<string, unknown>;

/** A form value by its dotted name ("translations.bn.name"), from Conform's nested values. */
export const valueAt = (values: FormValues, name: string): unknown =>
  name.split(".").reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as FormValues)[key] : undefined), values);

function setValueAt(values: FormValues, name: string, value: string): void {
  const keys = name.split(".");
  let at = values;
  for (const key of keys.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== "object") at[key] = {};
    at = at[key] as FormValues;
  }
  at[keys.at(-1)!] = value;
}

/** A value as the form's box shows it: "" for none, 3450 as "3450". */
const boxText = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Whether a sent box holds what the form started from (numbers compared as numbers: "14.00" is 14). */
function unchanged(sent: unknown, base: unknown): boolean {
  const a = boxText(sent).trim();
  const b = boxText(base).trim();
  if (a === b) return true;
  return a !== "" && b !== "" && Number.isFinite(Number(a)) && Number(a) === Number(b);
}

/**
 * Whether every field a refused edit sent already holds what it sends: the same save sent twice
 * (a double tap on Save without JavaScript, Back and Save again), which has nothing left to do.
 */
export function savedAlready(sent: FormValues, now: EditBase): boolean {
  return Object.entries(flatFields(now)).every(([name, current]) => {
    const typed = valueAt(sent, name);
    return typed === undefined || unchanged(typed, current);
  });
}

/**
 * The form to save again after a refused edit: every field the owner changed as she typed it,
 * every other one (sent as she found it, or not sent at all, as Quick Edit sends no state or
 * translations) as the product is now. Saving it again keeps her changes and never undoes
 * another save's: a sale, a translation, a price.
 */
export function rebasedValues(sent: FormValues, baseText: unknown, now: EditBase): FormValues {
  const base = parseBase(baseText);
  const out = structuredClone(sent);
  for (const [name, current] of Object.entries(flatFields(now))) {
    const typed = valueAt(sent, name);
    if (typed === undefined || (name in base && unchanged(typed, base[name]))) setValueAt(out, name, boxText(current));
  }
  return out;
}
