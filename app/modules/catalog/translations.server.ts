import { getDb, type DB } from "#db/index.ts";
import { isTranslatedLang, TRANSLATED_LANGUAGES, type Lang } from "#app/modules/i18n/languages.ts";
import type { TranslationsInput } from "./translation-schema.ts";
import { localizedText, noTranslations, type ProductTranslations } from "./translations.ts";

// The product_translations rows: written with the product (same transaction), read beside it.

/** Every product's translations by id (each with both languages, null where not translated). */
export async function loadTranslations(ids: readonly number[], db: DB = getDb()): Promise<Map<number, ProductTranslations>> {
  const out = new Map<number, ProductTranslations>(ids.map((id) => [id, noTranslations()]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("product_translations")
    .select(["product_id", "lang", "name", "description"])
    .where("product_id", "in", [...new Set(ids)])
    .execute();
  for (const row of rows) {
    const product = out.get(Number(row.product_id));
    if (product && isTranslatedLang(row.lang)) product[row.lang] = { name: row.name, description: row.description };
  }
  return out;
}

/** The records with their `translations` (one query for all of them). */
export async function withTranslations<T extends { id: number }>(items: readonly T[]): Promise<Array<T & { translations: ProductTranslations }>> {
  const byId = await loadTranslations(items.map((item) => item.id));
  return items.map((item) => ({ ...item, translations: byId.get(item.id) ?? noTranslations() }));
}

/**
 * Writes what an edit or a create sent, in the caller's transaction: a text is stored, null
 * clears it, a language or field left out stays. A language left with no text has no row.
 */
export async function writeTranslations(trx: DB, productId: number, input: TranslationsInput | undefined): Promise<boolean> {
  let changed = false;
  for (const lang of TRANSLATED_LANGUAGES) {
    const sent = input?.[lang];
    if (!sent) continue;
    const set = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as { name?: string | null; description?: string | null };
    if (Object.keys(set).length === 0) continue;
    changed = true;
    await trx
      .insertInto("product_translations")
      .values({ product_id: productId, lang, name: set.name ?? null, description: set.description ?? null })
      .onDuplicateKeyUpdate(set)
      .execute();
  }
  if (changed) {
    await trx
      .deleteFrom("product_translations")
      .where("product_id", "=", productId)
      .where("name", "is", null)
      .where("description", "is", null)
      .execute();
  }
  return changed;
}

/** What a storefront read adds on a page that is not in English: the language each text is in. */
export interface LangMarks {
  nameLang?: Lang;
  descriptionLang?: Lang;
}

/**
 * The records with the name and description of a page in `lang`, each marked with the language
 * it is in (so a page can mark a fallback to English). English: the records as they are, no query.
 */
export async function localize<T extends { id: number; name: string; description: string }>(items: T[], lang: Lang): Promise<Array<T & LangMarks>> {
  if (lang === "en" || items.length === 0) return items;
  const byId = await loadTranslations(items.map((item) => item.id));
  return items.map((item) => ({ ...item, ...localizedText(item, byId.get(item.id), lang) }));
}
