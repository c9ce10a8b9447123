import type { Lang } from "#app/modules/i18n/languages.ts";
import { stringsFor } from "#app/modules/i18n/strings.server.ts";
import { translator } from "#app/modules/i18n/translate.ts";
import { whatsappMessages, type WhatsAppMessages } from "./messages.ts";

/** The prefilled WhatsApp messages in a buyer's language (English when none is given). */
export function whatsappMessagesIn(lang: Lang = "en"): WhatsAppMessages {
  return whatsappMessages(lang, stringsFor(lang, ["whatsapp"]).whatsapp!);
}

/**
 * The owner to a waiting buyer when the piece itself is for sale again (a hold that fell
 * through), in the buyer's language. Only the owner's Waiting page sends it, so it stays out of
 * messages.ts, which every storefront page loads.
 */
export function freeAgainMessage(lang: Lang, name: string, url: string): string {
  return translator(lang, stringsFor(lang, ["whatsapp"]).whatsapp!)("freeAgain", { name, url });
}
