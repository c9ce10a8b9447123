import { HONEYPOT_FIELD } from "#app/modules/contact/fields.ts";

/** A field off screen that people never fill in; a bot filling every field gives itself away. */
export function Honeypot() {
  return (
    <div className="absolute -left-[9999px]" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
