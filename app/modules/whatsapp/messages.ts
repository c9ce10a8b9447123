import english from "#app/locales/en/whatsapp.json" with { type: "json" };
import type { Lang } from "#app/modules/i18n/languages.ts";
import { translator, type Strings } from "#app/modules/i18n/translate.ts";

// Every message the shop prefills in WhatsApp, in one place (app/modules/whatsapp/links.ts
// builds the wa.me links), in the buyer's language: the texts are the "whatsapp" part
// (app/locales/<lang>/whatsapp.json). Client-safe; the server builds them in a language with
// whatsappMessagesIn (messages.server.ts), and the URLs given should be the page in that language.

/** The messages in one language, from that language's "whatsapp" texts. */
export function whatsappMessages(lang: Lang, strings: Strings) {
  const t = translator(lang, strings);
  return {
    /** The product page's "Chat on WhatsApp", followed by the page's address. */
    buyThis: t("buyThis"),
    /** The enquiry list: the first line, then one line per piece and the total. */
    buyThese: t("buyThese"),
    moreFromList: (left: number) => t("moreFromList", { count: left }),
    total: (amount: string) => t("total", { amount }),
    /** After a made-to-order piece's price in the enquiry list: the wait. */
    madeToOrder: (days: number) => t("madeToOrder", { count: days }),
    /** A sold piece: a buyer asks for one like it. */
    similarPiece: (name: string, url: string) => t("similarPiece", { name, url }),
    /** A reserved piece: a buyer asks to be told if it comes free. */
    reservedPiece: (name: string, url: string) => t("reservedPiece", { name, url }),
    /** The owner to a waiting buyer, when a piece like the one asked about is made. */
    similarReady: (name: string, url: string) => t("similarReady", { name, url }),
    /** A commission request, sent again by the visitor from the thank-you page: their name, then the request's lines. */
    commission: (name: string, lines: readonly string[]) => [t("commission", { name }), ...lines].join("\n"),
    /** The owner's reply to a contact message. */
    replyToMessage: (name: string, subject: string) => t("replyToMessage", { name: name.trim(), subject: subject.trim() }),
  };
}

export type WhatsAppMessages = ReturnType<typeof whatsappMessages>;

/** The messages in English, for the owner's screens and code that has no buyer's language. */
export const WHATSAPP_MESSAGES: WhatsAppMessages = /* @__PURE__ */ whatsappMessages("en", english);
