import { createHmac, timingSafeEqual } from "node:crypto";
import type { Readable } from "node:stream";
import { getEnv } from "#app/env.server.ts";
import { langOfPath, type Lang } from "#app/modules/i18n/languages.ts";
import { logger } from "#app/lib/logger.server.ts";
import { countInterest } from "#app/modules/interest/counter.server.ts";
import { parseUpload, UploadError, type SavedUpload } from "#app/modules/media/upload.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { getDb, type DB } from "#db/index.ts";
import { HONEYPOT_FIELD } from "./fields.ts";
import { enqueueContactForward } from "./messages.server.ts";
import { commissionSchema, type CommissionInput } from "./commission-schema.ts";
import { COMMISSION_LIMITS, COMMISSION_TEXT as T, COMMISSION_TEXT_FIELDS, type CommissionSummary } from "./commission-text.ts";
import { takeCommission } from "./throttle.server.ts";

// Commission requests: stored as messages of kind "commission" in contact_messages, with an
// optional reference photo in the private originals area (never under /media; the admin's
// route streams it). A photo that passed while another field was refused is kept for the
// next try through a signed hidden field, so the visitor need not choose it again.

export const KEPT_PHOTO_FIELD = "keptPhoto";
export const PIECE_FIELD = "piece";

const PHOTO_RULE = {
  kind: "image",
  maxFiles: 1,
  maxBytes: COMMISSION_LIMITS.photoBytes,
  tooManyMessage: T.photoTooMany,
  tooLargeMessage: T.photoTooLarge,
} as const;

function sign(purpose: string, value: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`${purpose}:${value}`).digest("base64url");
}

function signed(purpose: string, value: string): string {
  return `${Buffer.from(value).toString("base64url")}.${sign(purpose, value)}`;
}

function unsigned(purpose: string, token: string): string | null {
  const [body, mac] = token.split(".");
  if (!body || !mac) return null;
  const value = Buffer.from(body, "base64url").toString();
  const expected = Buffer.from(sign(purpose, value));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
}

interface Photo {
  key: string;
  type: string;
  name: string;
}

const keptPhotoToken = (p: Photo) => signed("commission-photo", JSON.stringify(p));

function keptPhoto(token: string): Photo | null {
  const value = token ? unsigned("commission-photo", token) : null;
  return value ? (JSON.parse(value) as Photo) : null;
}

export type CommissionValues = Partial<Record<(typeof COMMISSION_TEXT_FIELDS)[number] | typeof PIECE_FIELD, string>>;

export type CommissionRefusal = {
  ok: false;
  status: number;
  values: CommissionValues;
  errors: Partial<Record<string, string[]>>;
  formError: string | null;
  /** The photo kept for the next try: its signed token and file name. */
  photo: { token: string; name: string } | null;
};

export type CommissionResult = { ok: true; thanks: string } | CommissionRefusal;

/** Reads, checks and stores one commission request from its multipart form. */
export async function receiveCommission(request: Request, ip: string): Promise<CommissionResult> {
  // Without the declared length a too-large photo is refused while streaming, after the text
  // fields before it were read (the photo input is the form's last), so they come back typed.
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const body = new Request(request.url, { method: "POST", headers, body: request.body, duplex: "half" } as RequestInit);

  let fields: FormData;
  let saved: SavedUpload | undefined;
  let photoError: string | null = null;
  let formError: string | null = null;
  try {
    const upload = await parseUpload(body, { photo: PHOTO_RULE });
    fields = upload.fields;
    saved = upload.files[0];
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    fields = error.fields;
    if (error.field === "photo" || error.status === 413 || error.status === 415) photoError = error.status === 413 ? T.photoTooLarge : error.message;
    else formError = error.message;
  }
  const values: CommissionValues = {};
  for (const name of [...COMMISSION_TEXT_FIELDS, PIECE_FIELD] as const) values[name] = String(fields.get(name) ?? "");
  const newPhoto = saved ? { key: saved.key, type: saved.mimeType, name: saved.originalName } : null;
  const photo = newPhoto ?? (photoError ? null : keptPhoto(String(fields.get(KEPT_PHOTO_FIELD) ?? "")));
  const refuse = async (status: number, errors: CommissionRefusal["errors"], message: string | null): Promise<CommissionRefusal> => ({
    ok: false,
    status,
    values,
    errors,
    formError: message,
    photo: photo && (await photoStillThere(photo.key)) ? { token: keptPhotoToken(photo), name: photo.name } : null,
  });

  if (String(fields.get(HONEYPOT_FIELD) ?? "") !== "") {
    if (newPhoto) await getStorage().removeOriginal(newPhoto.key);
    return { ok: false, status: 400, values, errors: {}, formError: T.automated, photo: null };
  }
  const parsed = commissionSchema.safeParse(values);
  const errors: Record<string, string[]> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  if (photoError) errors.photo = [photoError];
  if (!parsed.success || photoError || formError) return refuse(400, errors, formError);

  const waitMs = await takeCommission(ip, parsed.data.phone).catch((error: unknown) => {
    logger.error({ err: error }, "commission limit unavailable; letting the request through");
    return 0;
  });
  if (waitMs > 0) return refuse(429, {}, T.throttled(Math.max(1, Math.ceil(waitMs / 60_000))));

  if (photo && !(await photoStillThere(photo.key))) return refuse(400, { photo: [T.photoAgain] }, null);
  const id = await storeCommission(parsed.data, photo, ip, langOfPath(new URL(request.url).pathname));
  const piece = Number(values.piece);
  await countInterest("commission", Number.isSafeInteger(piece) && piece > 0 ? piece : null);
  return { ok: true, thanks: signed("commission-thanks", String(id)) };
}

async function photoStillThere(key: string): Promise<boolean> {
  try {
    (await getStorage().openOriginal(key)).destroy();
    return true;
  } catch {
    return false;
  }
}

async function storeCommission(input: CommissionInput, photo: Photo | null, ip: string, lang: Lang): Promise<number> {
  const inserted = await getDb()
    .insertInto("contact_messages")
    .values({
      kind: "commission",
      name: input.name,
      email: "",
      phone: input.phone,
      subject: `${T.subject}: ${input.design.split("\n")[0]!.slice(0, 120)}`,
      message: input.design,
      size: input.size,
      quantity: input.quantity,
      budget_rupees: input.budget,
      needed_by: input.neededBy,
      photo_key: photo?.key ?? null,
      photo_type: photo?.type ?? null,
      ip,
      lang,
    })
    .executeTakeFirstOrThrow();
  const id = Number(inserted.insertId);
  await enqueueContactForward(id).catch((error: unknown) =>
    logger.error({ err: error, messageId: id }, "commission forward not queued; it will be requeued later"),
  );
  return id;
}

/** The request a thank-you token names (the token is signed: nobody reads another's request). */
export async function commissionForThanks(token: string): Promise<CommissionSummary | null> {
  const id = Number(unsigned("commission-thanks", token) ?? NaN);
  if (!Number.isSafeInteger(id)) return null;
  const row = await getDb()
    .selectFrom("contact_messages")
    .select(["name", "message", "size", "quantity", "budget_rupees", "needed_by"])
    .where("id", "=", id)
    .where("kind", "=", "commission")
    .executeTakeFirst();
  if (!row) return null;
  return { design: row.message, size: row.size, quantity: row.quantity, budget: row.budget_rupees, neededBy: row.needed_by, name: row.name };
}

/** A commission's reference photo for the admin's route; null when the message has none or it is gone. */
export async function openCommissionPhoto(id: number): Promise<{ body: Readable; type: string } | null> {
  const row = await getDb()
    .selectFrom("contact_messages")
    .select(["photo_key", "photo_type"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row?.photo_key) return null;
  try {
    return { body: await getStorage().openOriginal(row.photo_key), type: row.photo_type ?? "application/octet-stream" };
  } catch {
    return null;
  }
}

/** Every photo key messages hold: the reconcile's sweep of unreferenced originals keeps these. */
export async function commissionPhotoKeys(db: DB = getDb()): Promise<string[]> {
  const rows = await db.selectFrom("contact_messages").select("photo_key").where("photo_key", "is not", null).execute();
  return rows.map((r) => r.photo_key!);
}
