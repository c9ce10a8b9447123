import { getEnv, isAcceptedHost, plainHostName, type Env } from "#app/env.server.ts";
import { fieldChanges, parseBase, type FieldChange } from "#app/lib/field-changes.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getDb } from "#db/index.ts";
import type { ShopSettingsTable } from "#db/schema.ts";
import { bumpPublicVersion, currentPublicVersion } from "./public-version.server.ts";
import { isPublicAddress, SHOP_DETAIL_FIELDS, shopDetailsBase, type ShopDetailsInput } from "./shop-details-schema.ts";
import { SHOP_DETAILS_TEXT as T } from "./shop-details-texts.ts";

/** The shop's public details: the dashboard's Shop details where set there, else the environment's. */
export interface ShopSettings {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  addressLine: string;
  worksAddress: string;
  showroomAddress: string;
  mapQuery: string;
  /** The address links are built on (never with a trailing slash). */
  publicUrl: string;
  /** Whether publicUrl is one the owner set (Shop details or PUBLIC_URL), not a stand-in. */
  publicUrlSet: boolean;
  social: { instagram: string; facebook: string; youtube: string; x: string };
}

type Row = Omit<ShopSettingsTable, "id" | "updated_at">;

/** The page's values as they stand: the stored row over the environment's defaults. */
export function shopDetailsOf(row: Partial<Row> | undefined, env: Env = getEnv()): ShopDetailsInput {
  return {
    publicUrl: row?.public_url ?? (env.PUBLIC_URL_SET ? env.PUBLIC_URL : null),
    phone: row?.phone ?? env.SHOP_PHONE,
    whatsapp: row?.whatsapp ?? env.SHOP_WHATSAPP,
    email: row?.email ?? env.SHOP_EMAIL,
    addressLine: row?.address_line ?? env.SHOP_ADDRESS_LINE,
    worksAddress: row?.works_address ?? env.SHOP_WORKS_ADDRESS,
    showroomAddress: row?.showroom_address ?? env.SHOP_SHOWROOM_ADDRESS,
    mapQuery: row?.map_query ?? env.SHOP_MAP_QUERY,
    instagram: row?.instagram ?? env.SOCIAL_INSTAGRAM,
    facebook: row?.facebook ?? env.SOCIAL_FACEBOOK,
    youtube: row?.youtube ?? env.SOCIAL_YOUTUBE,
    x: row?.x ?? env.SOCIAL_X,
  };
}

let lastRow: Row | undefined;
/**
 * The row as read at a public version. Every save of the Shop details moves that version on,
 * on whichever instance it is made, so a render at the same version needs no database read.
 */
let rowAt: { version: number; row: Row | undefined } | undefined;

async function readRow(): Promise<{ row: Row | undefined; read: boolean }> {
  try {
    lastRow = await getDb().selectFrom("shop_settings").selectAll().where("id", "=", 1).executeTakeFirst();
    return { row: lastRow, read: true };
  } catch (error) {
    // A page still renders with the details last read (or the environment's) while the database is away.
    logger.warn({ err: error }, "could not read the shop settings; using the last ones read");
    return { row: lastRow, read: false };
  }
}

/** The row for a page: from memory while the public version is the one it was read at. */
async function readRowForPage(): Promise<Row | undefined> {
  // Read before the row: a save after it moves the version on, and the next page reads again.
  const version = await currentPublicVersion();
  if (version !== null && rowAt?.version === version) return rowAt.row;
  const { row, read } = await readRow();
  if (read && version !== null) rowAt = { version, row };
  return row;
}

/** What the Shop details form opens with. */
export async function readShopDetails(): Promise<ShopDetailsInput> {
  return editableDetails((await readRow()).row);
}

/**
 * The form's values: the page's, except an address from the environment that the form's own rule
 * refuses (this machine, or http, in production). Offered, it made every save refused for a field
 * the owner had not touched; left empty, the hint says what to put there.
 */
function editableDetails(row: Partial<Row> | undefined, env: Env = getEnv()): ShopDetailsInput {
  const details = shopDetailsOf(row, env);
  const usable = !details.publicUrl || isPublicAddress(details.publicUrl, env.NODE_ENV === "production");
  return usable ? details : { ...details, publicUrl: null };
}

/**
 * The address links are built on until a public address is set: the one the visitor is on, when
 * its host is one the shop answers to (ALLOWED_HOSTS), so a forged Host never gets in. In
 * production it is always one of the names listed there, over https on the default port: the
 * visitor's when listed, else the first. The page cache shares one copy of a page with every
 * visitor, so a request to `localhost` or `shop.in:1` must not write everyone's links.
 */
export function visitorOrigin(request: Request | undefined, env: Env): string | null {
  if (!request) return null;
  const url = new URL(request.url);
  if (!isAcceptedHost(env, url.hostname)) return null;
  if (env.NODE_ENV !== "production") return url.origin;
  const name = plainHostName(url.hostname);
  const listed = env.ALLOWED_HOSTS?.includes(name) ? name : env.ALLOWED_HOSTS?.[0];
  return listed ? `https://${listed}` : null;
}

export async function getShopSettings(request?: Request): Promise<ShopSettings> {
  const env = getEnv();
  const details = shopDetailsOf(await readRowForPage(), env);
  return {
    name: env.SHOP_NAME,
    phone: details.phone,
    whatsapp: details.whatsapp,
    email: details.email,
    addressLine: details.addressLine,
    worksAddress: details.worksAddress,
    showroomAddress: details.showroomAddress,
    mapQuery: details.mapQuery,
    publicUrl: details.publicUrl ?? visitorOrigin(request, env) ?? env.PUBLIC_URL,
    publicUrlSet: details.publicUrl !== null,
    social: { instagram: details.instagram, facebook: details.facebook, youtube: details.youtube, x: details.x },
  };
}

/** What another save changed since the form was opened: nothing was saved. */
export interface ShopDetailsConflict {
  changes: FieldChange[];
  /** The details as they are now, for the form's next base. */
  base: string;
  /** The form to show: the fields this form changed as sent, every other one as it is now. */
  merged: ShopDetailsInput;
}

/** `input` over `now` where it differs from the `base` it started from: a save elsewhere is kept. */
function mergeOver(now: ShopDetailsInput, base: Record<string, unknown>, input: ShopDetailsInput): ShopDetailsInput {
  const merged = { ...now };
  for (const field of SHOP_DETAIL_FIELDS) {
    if (!(field in base) || input[field] !== base[field]) Object.assign(merged, { [field]: input[field] });
  }
  return merged;
}

/**
 * Saves the Shop details page and moves the public version on, so every cached page shows them.
 * With `baseText` (the details the form was opened with), a save made elsewhere since is not
 * overwritten: nothing is saved, and the fields it changed are answered with the form to show.
 */
export async function saveShopDetails(input: ShopDetailsInput, baseText?: unknown): Promise<ShopDetailsConflict | null> {
  const row = {
    public_url: input.publicUrl,
    phone: input.phone,
    whatsapp: input.whatsapp,
    email: input.email,
    address_line: input.addressLine,
    works_address: input.worksAddress,
    showroom_address: input.showroomAddress,
    map_query: input.mapQuery,
    instagram: input.instagram,
    facebook: input.facebook,
    youtube: input.youtube,
    x: input.x,
  };
  const conflict = await getDb()
    .transaction()
    .execute(async (trx) => {
      // The one row exists (empty: the environment's values) so two saves at once take turns on
      // its lock. ON DUPLICATE KEY UPDATE takes that lock exclusive at once: INSERT IGNORE takes
      // it shared, and two saves each holding it shared deadlock on the FOR UPDATE below.
      await trx.insertInto("shop_settings").values({ id: 1 }).onDuplicateKeyUpdate({ id: 1 }).execute();
      const stored = await trx.selectFrom("shop_settings").selectAll().where("id", "=", 1).forUpdate().executeTakeFirst();
      const now = editableDetails(stored);
      if (baseText !== undefined) {
        const base = parseBase(baseText);
        const changes = fieldChanges(base, now, T.labels);
        if (changes.length > 0) return { changes, base: shopDetailsBase(now), merged: mergeOver(now, base, input) };
      }
      await trx.updateTable("shop_settings").set(row).where("id", "=", 1).execute();
      return null;
    });
  if (!conflict) await bumpPublicVersion();
  return conflict;
}
