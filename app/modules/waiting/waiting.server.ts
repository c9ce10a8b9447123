import { sql } from "kysely";
import { createLimiter, consumeAll, longestWait, refund } from "#app/lib/rate-limit.server.ts";
import { getPublicProduct } from "#app/modules/catalog/products.server.ts";
import { localizedText } from "#app/modules/catalog/translations.ts";
import { loadTranslations } from "#app/modules/catalog/translations.server.ts";
import type { Lang } from "#app/modules/i18n/languages.ts";
import { getDb } from "#db/index.ts";
import type { WaitingForm } from "./schema.ts";
import { KEEP_DAYS } from "./text.ts";
import { waitingTextIn } from "./text.server.ts";

// waiting_buyers: who asked to be told about a sold or reserved piece. Numbers are kept at
// most KEEP_DAYS (the worker's reconcile calls purgeExpiredWaiting) or until the owner deletes them.

/** Sign-ups an hour from one address: enough for a family on one connection, not for a script. */
export const WAITING_LIMIT = { points: 10, duration: 3600 } as const;

let limiter: ReturnType<typeof createLimiter> | undefined;

export type SignUp = { ok: true } | { ok: false; error: string; status: number };

/**
 * Records the buyer once per piece and number, with the language of the page they signed up on
 * (a second sign-up updates the name and the language); a refusal is in that language.
 */
export async function signUpWaiting(ip: string, form: WaitingForm, lang: Lang = "en"): Promise<SignUp> {
  const text = waitingTextIn(lang);
  limiter ??= createLimiter("waiting:ip", WAITING_LIMIT);
  const consumed = await consumeAll([{ limiter, key: ip }]);
  const waitMs = longestWait(consumed);
  if (waitMs > 0) {
    await refund(consumed);
    return { ok: false, error: text.throttled(Math.max(1, Math.ceil(waitMs / 60_000))), status: 429 };
  }
  const product = await getPublicProduct(form.productId);
  if (!product || (product.state !== "sold" && product.state !== "reserved")) return { ok: false, error: text.notOpen, status: 409 };
  await getDb()
    .insertInto("waiting_buyers")
    .values({ product_id: form.productId, phone: form.phone, name: form.name, lang })
    .onDuplicateKeyUpdate({ name: sql`COALESCE(VALUES(name), name)`, lang: sql`VALUES(lang)` })
    .execute();
  return { ok: true };
}

export interface WaitingBuyer {
  id: number;
  phone: string;
  name: string | null;
  lang: Lang;
  /** The piece's name in the buyer's language (its English name when it has no translation). */
  pieceName: string;
  toldAt: string | null;
  createdAt: string;
}

export interface WaitingPiece {
  productId: number;
  name: string;
  path: string;
  state: string;
  buyers: WaitingBuyer[];
}

/** Every waiting buyer, grouped by piece; pieces by their newest sign-up, buyers newest first. */
export async function listWaiting(): Promise<WaitingPiece[]> {
  const rows = await getDb()
    .selectFrom("waiting_buyers")
    .innerJoin("products", "products.id", "waiting_buyers.product_id")
    .select([
      "waiting_buyers.id",
      "waiting_buyers.product_id",
      "waiting_buyers.phone",
      "waiting_buyers.name",
      "waiting_buyers.lang",
      "waiting_buyers.told_at",
      "waiting_buyers.created_at",
      "products.name as product_name",
      "products.category",
      "products.state",
    ])
    .orderBy("waiting_buyers.created_at", "desc")
    .orderBy("waiting_buyers.id", "desc")
    .execute();
  const translations = await loadTranslations([...new Set(rows.map((row) => row.product_id))]);
  const pieces = new Map<number, WaitingPiece>();
  for (const row of rows) {
    let piece = pieces.get(row.product_id);
    if (!piece) {
      piece = { productId: row.product_id, name: row.product_name, path: `/product/${row.category}/${row.product_id}`, state: row.state, buyers: [] };
      pieces.set(row.product_id, piece);
    }
    const pieceName = localizedText({ name: row.product_name, description: "" }, translations.get(row.product_id), row.lang).name;
    piece.buyers.push({ id: row.id, phone: row.phone, name: row.name, lang: row.lang, pieceName, toldAt: row.told_at?.toISOString() ?? null, createdAt: row.created_at.toISOString() });
  }
  return [...pieces.values()];
}

export async function markWaitingTold(id: number): Promise<boolean> {
  const result = await getDb().updateTable("waiting_buyers").set({ told_at: new Date() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteWaiting(id: number): Promise<boolean> {
  const result = await getDb().deleteFrom("waiting_buyers").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes numbers older than KEEP_DAYS; returns how many. */
export async function purgeExpiredWaiting(now = Date.now()): Promise<number> {
  const before = new Date(now - KEEP_DAYS * 24 * 3600 * 1000);
  const result = await getDb().deleteFrom("waiting_buyers").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
