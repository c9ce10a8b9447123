import { whatsappTextHref } from "#app/modules/whatsapp/links.ts";
import { WHATSAPP_MESSAGES } from "#app/modules/whatsapp/messages.ts";
import { STATE_TEXT, type ProductState } from "./states.ts";

export interface PieceAsk {
  href: string;
  label: string;
  note: string;
}

/**
 * What a sold or reserved piece's page offers instead of buying: a WhatsApp message that names
 * the piece and its address (a similar piece; or, on hold, to be told if it comes free). Null
 * for pieces that can be bought.
 */
export function pieceAsk(product: { name: string; state: ProductState }, whatsapp: string, pageUrl: string): PieceAsk | null {
  if (product.state === "sold") {
    return { href: whatsappTextHref(whatsapp, WHATSAPP_MESSAGES.similarPiece(product.name, pageUrl)), label: STATE_TEXT.askSimilar, note: STATE_TEXT.soldNote };
  }
  if (product.state === "reserved") {
    return { href: whatsappTextHref(whatsapp, WHATSAPP_MESSAGES.reservedPiece(product.name, pageUrl)), label: STATE_TEXT.askReserved, note: STATE_TEXT.reservedNote };
  }
  return null;
}
