import { getEnv } from "#app/env.server.ts";
import { parseCookies, readCookieHeader } from "#app/lib/render-context.server.ts";
import { signedCookie } from "#app/modules/auth/session.server.ts";
import { getPublicProduct, listPublicProductsByIds } from "#app/modules/catalog/products.server.ts";
import { heldBack, type HeldBack } from "#app/modules/catalog/held-back.ts";
import { langOfPath, type Lang } from "#app/modules/i18n/languages.ts";
import type { ImageView } from "#app/modules/media/views.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { ENQUIRY_COOKIE_NAME, PIECE_RESERVED, PIECE_SOLD, PIECE_UNAVAILABLE } from "./limits.ts";
import { addPiece, enquiryIdsSchema, enquiryMessage, enquiryTotal, removePiece, type EnquiryForm } from "./list.ts";
import { countInterest } from "#app/modules/interest/counter.server.ts";
import { whatsappMessagesIn } from "#app/modules/whatsapp/messages.server.ts";

const MAX_AGE_SECONDS = 90 * 24 * 3600;

let cookie: ReturnType<typeof signedCookie> | undefined;

/** Signed with the session secret, so a forged or edited list reads as empty. */
function enquiryCookie() {
  cookie ??= signedCookie(ENQUIRY_COOKIE_NAME, MAX_AGE_SECONDS, getEnv());
  return cookie;
}

/** The visitor's list: ids only; a missing, unsigned, tampered or out-of-bounds cookie is an empty list. */
export async function readEnquiryIds(request: Request): Promise<number[]> {
  const header = readCookieHeader(request);
  if (parseCookies(header)[ENQUIRY_COOKIE_NAME] === undefined) return [];
  const parsed = enquiryIdsSchema.safeParse(await enquiryCookie().parse(header).catch(() => null));
  return parsed.success ? parsed.data : [];
}

/** The Set-Cookie for a list; an empty list deletes the cookie, so the visitor's pages come from the page cache again. */
export async function enquiryCookieHeader(ids: readonly number[]): Promise<string> {
  if (ids.length === 0) return enquiryCookie().serialize("", { maxAge: 0, expires: new Date(0) });
  return enquiryCookie().serialize(ids);
}

export type EnquiryChange = { ok: true; ids: number[]; setCookie: string } | { ok: false; error: string };

/** Applies a heart or remove button; only public pieces can be added. */
export async function changeEnquiry(request: Request, form: EnquiryForm): Promise<EnquiryChange> {
  const ids = await readEnquiryIds(request);
  if (form.intent === "remove") {
    const next = removePiece(ids, form.productId);
    return { ok: true, ids: next, setCookie: await enquiryCookieHeader(next) };
  }
  if (!ids.includes(form.productId)) {
    const product = await getPublicProduct(form.productId);
    if (!product) return { ok: false, error: PIECE_UNAVAILABLE };
    if (product.state === "sold") return { ok: false, error: PIECE_SOLD };
    if (product.state === "reserved") return { ok: false, error: PIECE_RESERVED };
  }
  const added = addPiece(ids, form.productId);
  if (!added.ok) return added;
  if (!ids.includes(form.productId)) void countInterest("enquiry_add", form.productId);
  return { ...added, setCookie: await enquiryCookieHeader(added.ids) };
}

export type EnquiryRow =
  | {
      id: number;
      available: true;
      /** A piece that cannot be bought now (docs/decisions/107-piece-states.md): marked, left out of the message and the total. */
      heldBack: HeldBack | null;
      name: string;
      href: string;
      priceFixed: number;
      priceDiscount: number | null;
      /** Days to ship, for a made-to-order piece (said beside its price); else null. */
      shipsInDays: number | null;
      image: ImageView | null;
      /** On a page in Bengali or Hindi: the language the name is in. */
      nameLang?: Lang;
    }
  | { id: number; available: false };

export interface EnquiryView {
  rows: EnquiryRow[];
  total: number;
  message: string;
  whatsappHref: string;
}

const madeToOrderDays = (product: { state: string; shipsInDays: number | null }) => (product.state === "made-to-order" ? product.shipsInDays : null);

/** The /enquiry page: every piece in list order, unavailable, sold and reserved ones marked and left out of the message and total. */
export async function loadEnquiry(request: Request): Promise<EnquiryView> {
  const ids = await readEnquiryIds(request);
  const lang = langOfPath(new URL(request.url).pathname);
  const found = new Map((await listPublicProductsByIds(ids, lang)).map((product) => [product.id, product]));
  const pieces = ids.flatMap((id) => {
    const product = found.get(id);
    return product && !heldBack(product.state) ? [{ ...product, shipsInDays: madeToOrderDays(product) }] : [];
  });
  const shop = await getShopSettings(request);
  const { text, href } = enquiryMessage(pieces, shop.publicUrl, shop.whatsapp, { lang, messages: whatsappMessagesIn(lang) });
  const rows = ids.map((id): EnquiryRow => {
    const product = found.get(id);
    if (!product) return { id, available: false };
    const { name, category, priceFixed, priceDiscount } = product;
    const href = `/product/${category}/${id}`;
    const row: EnquiryRow = {
      id,
      available: true,
      heldBack: heldBack(product.state),
      name,
      href,
      priceFixed,
      priceDiscount,
      shipsInDays: madeToOrderDays(product),
      image: product.images[0] ?? null,
    };
    return product.nameLang ? { ...row, nameLang: product.nameLang } : row;
  });
  return { rows, total: enquiryTotal(pieces), message: text, whatsappHref: href };
}
