import type { Lang } from "#app/modules/i18n/languages.ts";
import { stringsFor } from "#app/modules/i18n/strings.server.ts";
import { whatsappMessages, type WhatsAppMessages } from "./messages.ts";

/** The prefilled WhatsApp messages in a buyer's language (English when none is given). */
export function whatsappMessagesIn(lang: Lang = "en"): WhatsAppMessages {
  return whatsappMessages(lang, stringsFor(lang, ["whatsapp"]).whatsapp!);
}
