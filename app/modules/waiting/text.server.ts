import type { Lang } from "#app/modules/i18n/languages.ts";
import { stringsFor } from "#app/modules/i18n/strings.server.ts";
import { waitingText, type WaitingText } from "./text.ts";

/** The notify form's words and answers in a buyer's language. */
export function waitingTextIn(lang: Lang): WaitingText {
  return waitingText(lang, stringsFor(lang, ["notify"]).notify!);
}
