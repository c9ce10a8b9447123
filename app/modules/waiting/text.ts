import english from "#app/locales/en/notify.json" with { type: "json" };
import type { Lang } from "#app/modules/i18n/languages.ts";
import { translator, type Strings } from "#app/modules/i18n/translate.ts";

// "Tell me when a similar piece is made": the words of the form and its answers (texts in the
// "notify" part, app/locales/<lang>/notify.json), and how long a number is kept. Client-safe.
// The owner's page has its own words (./admin-text.ts).

export const KEEP_DAYS = 180;

/** The form's words and answers in one language, from that language's "notify" texts. */
export function waitingText(lang: Lang, strings: Strings) {
  const t = translator(lang, strings);
  return {
    soldHeading: t("soldHeading"),
    reservedHeading: t("reservedHeading"),
    phone: t("phone"),
    phoneHint: t("phoneHint"),
    name: t("name"),
    consent: t("consent", { days: KEEP_DAYS }),
    submit: t("submit"),
    thanks: t("thanks"),
    back: t("back"),
    phoneInvalid: t("phoneInvalid"),
    phoneNoSuchNumber: t("phoneNoSuchNumber"),
    consentRequired: t("consentRequired"),
    nameTooLong: t("nameTooLong"),
    notOpen: t("notOpen"),
    throttled: (minutes: number) => t("throttled", { count: minutes }),
  };
}

export type WaitingText = ReturnType<typeof waitingText>;

/** The English words (the owner's screens and the schema's own messages). */
export const WAITING_TEXT: WaitingText = /* @__PURE__ */ waitingText("en", english);
