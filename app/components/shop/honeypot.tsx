import { HONEYPOT_FIELD } from "#app/modules/contact/fields.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/** A field off screen that people never fill in; a bot filling every field gives itself away. */
export function Honeypot() {
  const t = useT("common");
  return (
    <div className="absolute -left-[9999px]" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{t("honeypotLabel")}</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
