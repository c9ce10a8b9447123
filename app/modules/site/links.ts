/** 'tel:' link target: the phone number without spaces or punctuation. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export const WHATSAPP_MESSAGE = "Hi! I want to buy this. Here is the page I was on:";

/** A wa.me link with prefilled text: to the workshop's number, or with none (the visitor picks the chat). */
export function whatsappTextHref(number: string | null, text: string): string {
  return `https://wa.me/${number === null ? "" : number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/** The Chat on WhatsApp link: the workshop number with the prefilled message and the page address. */
export function whatsappHref(number: string, pageUrl: string): string {
  return whatsappTextHref(number, `${WHATSAPP_MESSAGE} ${pageUrl}`);
}

/** A plain chat with the workshop (header, footer, contact page): no page address to send. */
export function whatsappChatHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}`;
}
