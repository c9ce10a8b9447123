import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import sharp from "sharp";
import { getEnv } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getDb, type DB } from "#db/index.ts";
import { PENDING_FIELDS } from "./messages.ts";
import type { MediaStorage } from "./storage-base.server.ts";
import { getStorage } from "./storage.server.ts";
import type { SavedUpload } from "./upload.server.ts";

// Photos a product form sent that are kept while the form comes back refused for another field
// (docs/decisions/110-shop-details-and-pending-uploads.md): the originals stay in the private
// area, rows here bind them to the form, and the page carries only a signed, expiring reference.

/** How long kept photos wait for the corrected form; the reconcile removes them after. */
export const PENDING_TTL_MS = 24 * 3600 * 1000;

/** A kept photo as the returned form shows it. */
export interface PendingPhoto {
  id: number;
  name: string;
  bytes: number;
}

/** The kept photos of one form: the reference the page sends back, and the photos. */
export interface PendingSet {
  ref: string;
  photos: PendingPhoto[];
}

/** A verified batch: its name, and the files ready to be used as uploads. */
export interface PendingBatch {
  batch: string;
  files: Array<SavedUpload & { pendingId: number }>;
}

function signature(batch: string, formKey: string, expires: number): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`pending-upload\n${batch}\n${formKey}\n${expires}`).digest("base64url");
}

function makeRef(batch: string, formKey: string, expires: number): string {
  return `${batch}.${expires}.${signature(batch, formKey, expires)}`;
}

/** The batch a reference names, if it is signed for this form and not expired; else null. */
export function verifyPendingRef(ref: unknown, formKey: string, now = Date.now()): string | null {
  if (typeof ref !== "string") return null;
  const match = /^([A-Za-z0-9_-]{22})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(ref);
  if (!match) return null;
  const [, batch, expiresText, given] = match as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  if (expires <= now) return null;
  const expected = Buffer.from(signature(batch, formKey, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? batch : null;
}

/** The kept photos a reference names for this form, oldest first (none when it does not verify). */
export async function readPending(ref: unknown, formKey: string): Promise<PendingBatch | null> {
  const batch = verifyPendingRef(ref, formKey);
  if (!batch) return null;
  const rows = await getDb()
    .selectFrom("pending_uploads")
    .selectAll()
    .where("batch", "=", batch)
    .where("form_key", "=", formKey)
    .where("expires_at", ">", new Date())
    .orderBy("id")
    .execute();
  return {
    batch,
    files: rows.map((row) => ({
      pendingId: Number(row.id),
      field: "images",
      key: row.original_path,
      bytes: Number(row.original_bytes),
      originalName: row.original_name,
      mimeType: row.mime_type,
    })),
  };
}

/** Forgets kept photos and removes their originals (the owner ticked "remove", or the form made nothing of them). */
export async function dropPending(batch: PendingBatch, ids: readonly number[]): Promise<void> {
  const dropped = batch.files.filter((file) => ids.includes(file.pendingId));
  if (dropped.length === 0) return;
  await getDb().deleteFrom("pending_uploads").where("id", "in", dropped.map((file) => file.pendingId)).execute();
  const storage = getStorage();
  await Promise.all(dropped.map((file) => storage.removeOriginal(file.key).catch((err: unknown) => logger.warn({ err }, "could not remove a dropped pending photo; the reconcile will"))));
}

/** The kept photos now belong to a product (its media rows name their originals): only the rows go. */
export async function claimPending(batch: PendingBatch): Promise<void> {
  if (batch.files.length === 0) return;
  await getDb().deleteFrom("pending_uploads").where("batch", "=", batch.batch).execute();
}

/**
 * Keeps `files` (just received) with the photos still kept from `earlier`, all under one batch
 * bound to `formKey`, for another PENDING_TTL_MS; the reference the returned form carries.
 */
export async function keepPending(formKey: string, files: readonly SavedUpload[], earlier: PendingBatch | null): Promise<PendingSet> {
  const batch = earlier?.batch ?? randomBytes(16).toString("base64url");
  const expires = Date.now() + PENDING_TTL_MS;
  const db = getDb();
  await db.transaction().execute(async (trx) => {
    if (earlier) await trx.updateTable("pending_uploads").set({ expires_at: new Date(expires) }).where("batch", "=", batch).execute();
    if (files.length > 0) {
      await trx
        .insertInto("pending_uploads")
        .values(files.map((f) => ({ batch, form_key: formKey, original_path: f.key, original_name: f.originalName, original_bytes: f.bytes, mime_type: f.mimeType, expires_at: new Date(expires) })))
        .execute();
    }
  });
  const rows = await db.selectFrom("pending_uploads").select(["id", "original_name", "original_bytes"]).where("batch", "=", batch).orderBy("id").execute();
  return { ref: makeRef(batch, formKey, expires), photos: rows.map((r) => ({ id: Number(r.id), name: r.original_name, bytes: Number(r.original_bytes) })) };
}

/** A small JPEG of one kept photo, upright, for the returned form (never a public file). */
export async function pendingThumbnail(ref: unknown, formKey: string, id: number): Promise<Buffer | null> {
  const batch = await readPending(ref, formKey);
  const file = batch?.files.find((f) => f.pendingId === id);
  if (!file) return null;
  const input = await getStorage().imageInput(file.key);
  return sharp(input, { failOn: "none" }).rotate().resize(240, 240, { fit: "cover" }).jpeg({ quality: 70 }).toBuffer();
}

/** For the reconcile: the originals kept photos hold, which its orphan sweep must leave alone. */
export async function pendingOriginalKeys(db: DB): Promise<Set<string>> {
  const rows = await db.selectFrom("pending_uploads").select("original_path").execute();
  return new Set(rows.map((row) => row.original_path));
}

/**
 * For the reconcile: forgets kept photos past their time and removes their originals, unless a
 * media row took one over (a product saved just before its row was cleared). The count removed.
 */
export async function removeExpiredPending(db: DB, storage: MediaStorage, now = new Date()): Promise<number> {
  const expired = await db.selectFrom("pending_uploads").select(["id", "original_path"]).where("expires_at", "<=", now).limit(500).execute();
  if (expired.length === 0) return 0;
  const keys = expired.map((row) => row.original_path);
  const used = new Set((await db.selectFrom("media").select("original_path").where("original_path", "in", keys).execute()).map((row) => row.original_path));
  for (const key of keys) if (!used.has(key)) await storage.removeOriginal(key);
  await db.deleteFrom("pending_uploads").where("id", "in", expired.map((row) => Number(row.id))).execute();
  return expired.length;
}

/**
 * The kept photos a form sent back (its signed reference), less those the owner ticked to
 * remove, which go now. Null when the form carries none for `formKey`.
 */
export async function pendingOfForm(fields: FormData, formKey: string | null): Promise<PendingBatch | null> {
  if (!formKey) return null;
  const batch = await readPending(fields.get(PENDING_FIELDS.ref), formKey);
  if (!batch) return null;
  const removed = fields.getAll(PENDING_FIELDS.remove).map(Number);
  await dropPending(batch, removed);
  return { batch: batch.batch, files: batch.files.filter((file) => !removed.includes(file.pendingId)) };
}
