import { WHATSAPP_MESSAGES, type WhatsAppMessages } from "./messages.ts";

// The shop's wa.me links (client-safe). wa.me takes a number as digits only.

const digits = (number: string) => number.replace(/\D/g, "");

/** A chat with prefilled text: with that number, or with none (the visitor picks the chat). */
export function whatsappTextHref(number: string | null, text: string): string {
  return `https://wa.me/${number === null ? "" : digits(number)}?text=${encodeURIComponent(text)}`;
}

/** A plain chat with the workshop (header, footer, contact page): no page address to send. */
export function whatsappChatHref(number: string): string {
  return `https://wa.me/${digits(number)}`;
}

/** The product page's Chat on WhatsApp: the workshop's number, the buy message (in the page's language) and the page address. */
export function whatsappBuyHref(number: string, pageUrl: string, messages: Pick<WhatsAppMessages, "buyThis"> = WHATSAPP_MESSAGES): string {
  return whatsappTextHref(number, `${messages.buyThis} ${pageUrl}`);
}
