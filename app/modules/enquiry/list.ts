import { z } from "zod";
import { localRedirectPath } from "#app/lib/local-path.ts";
import { formatINR, sellingPrice, truncate } from "#app/modules/catalog/format.ts";
import { whatsappTextHref } from "#app/modules/whatsapp/links.ts";
import { WHATSAPP_MESSAGES, type WhatsAppMessages } from "#app/modules/whatsapp/messages.ts";
import { pathInLang, type Lang } from "#app/modules/i18n/languages.ts";
import { ENQUIRY_FULL, MAX_ENQUIRY_PIECES, MAX_WHATSAPP_LINK } from "./limits.ts";

// The enquiry list: pieces a visitor gathers with the heart, kept in a signed cookie
// (ids only, no visitor rows) and sent to the workshop as one WhatsApp message.
// See docs/decisions/090-enquiry-list-beyond-the-page.md.

const productId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What the cookie may hold: distinct ids, at most MAX_ENQUIRY_PIECES. Anything else is ignored. */
export const enquiryIdsSchema = z.array(productId).max(MAX_ENQUIRY_PIECES).refine((ids) => new Set(ids).size === ids.length);

/** The heart's and the remove button's form (one schema for the server and the page). */
export const enquiryFormSchema = z.object({
  intent: z.enum(["add", "remove"]),
  productId,
  /** Where a visitor without JavaScript goes back to. */
  redirectTo: z.string().max(2000).optional(),
  /** Sent only by the page with JavaScript: answer with data instead of a redirect. */
  via: z.literal("fetch").optional(),
});
export type EnquiryForm = z.infer<typeof enquiryFormSchema>;

export type ChangeResult = { ok: true; ids: number[] } | { ok: false; error: string };

/** Adds a piece at the end (once); a full list refuses with a message. */
export function addPiece(ids: readonly number[], id: number): ChangeResult {
  if (ids.includes(id)) return { ok: true, ids: [...ids] };
  if (ids.length >= MAX_ENQUIRY_PIECES) return { ok: false, error: ENQUIRY_FULL };
  return { ok: true, ids: [...ids, id] };
}

export function removePiece(ids: readonly number[], id: number): number[] {
  return ids.filter((existing) => existing !== id);
}

/**
 * A local path to go back to after a form post without JavaScript; anything else goes to
 * /enquiry. The form writes `location.pathname + location.search`, already percent-encoded,
 * so whitespace or a backslash can only be forged and is refused before the shared rule.
 */
export function safeReturnPath(value: string | undefined): string {
  return value && /[\\\s]/.test(value) ? "/enquiry" : localRedirectPath(value, "/enquiry");
}

export interface EnquiryPiece {
  id: number;
  name: string;
  category: string;
  priceFixed: number;
  priceDiscount: number | null;
  /** Set for a made-to-order piece: the days it takes to ship, said after its price. */
  shipsInDays?: number | null;
}

/** Sum of selling prices, added in paise so 0.1 + 0.2 stays 0.30. */
export function enquiryTotal(pieces: readonly EnquiryPiece[]): number {
  const paise = pieces.reduce((sum, piece) => sum + Math.round(sellingPrice(piece.priceFixed, piece.priceDiscount) * 100), 0);
  return paise / 100;
}

/** A piece's page in the buyer's language (English: the first address). */
export function pieceUrl(publicUrl: string, piece: Pick<EnquiryPiece, "category" | "id">, lang: Lang = "en"): string {
  return `${publicUrl.replace(/\/+$/, "")}${pathInLang(`/product/${piece.category}/${piece.id}`, lang)}`;
}

/** The message's words and its pages' language: English unless the list is read in Bengali or Hindi. */
export interface MessageLanguage {
  lang: Lang;
  messages: Pick<WhatsAppMessages, "buyThese" | "moreFromList" | "total" | "madeToOrder">;
}

const ENGLISH: MessageLanguage = { lang: "en", messages: WHATSAPP_MESSAGES };

function messageText(pieces: readonly EnquiryPiece[], publicUrl: string, nameLimit: number, shown: number, { lang, messages }: MessageLanguage): string {
  const lines = [messages.buyThese, ""];
  pieces.slice(0, shown).forEach((piece, index) => {
    const price = formatINR(sellingPrice(piece.priceFixed, piece.priceDiscount));
    const wait = piece.shipsInDays ? ` ${messages.madeToOrder(piece.shipsInDays)}` : "";
    lines.push(`${index + 1}. ${truncate(piece.name, nameLimit)} - ${price}${wait}`, pieceUrl(publicUrl, piece, lang));
  });
  const left = pieces.length - shown;
  if (left > 0) lines.push(messages.moreFromList(left));
  lines.push("", messages.total(formatINR(enquiryTotal(pieces))));
  return lines.join("\n");
}

/** Name lengths tried in turn until the link fits: full (the 200-character field), then shorter. */
const NAME_LIMITS = [200, 40, 24, 12];

/**
 * The enquiry message (available pieces only, in list order, with the total) and its wa.me
 * link, kept within MAX_WHATSAPP_LINK: long names are shortened first; only if even the
 * shortest names do not fit are the last pieces summed up in one line (still in the total).
 */
export function enquiryMessage(
  pieces: readonly EnquiryPiece[],
  publicUrl: string,
  whatsappNumber: string,
  language: MessageLanguage = ENGLISH,
): { text: string; href: string } {
  for (let shown = pieces.length; shown >= 0; shown--) {
    for (const limit of NAME_LIMITS) {
      const text = messageText(pieces, publicUrl, limit, shown, language);
      const href = whatsappTextHref(whatsappNumber, text);
      if (href.length <= MAX_WHATSAPP_LINK) return { text, href };
    }
  }
  const text = messageText(pieces, publicUrl, 12, 0, language);
  return { text, href: whatsappTextHref(whatsappNumber, text) };
}
