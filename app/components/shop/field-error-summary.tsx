import { useEffect, type MouseEvent, type RefObject } from "react";

/**
 * A refused form's wrong fields, listed at its top, each a link to its field. Without
 * JavaScript the page comes back at its top, and the first wrong field may be a screen or more
 * below (the commission form's WhatsApp number is 800 px down on a phone).
 */
export function FieldErrorSummary({ heading, fields }: { heading: string; fields: { id: string; label: string }[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="rounded border border-red-300 bg-red-50 p-3 text-red-700" data-testid="error-summary">
      <p>{heading}</p>
      <ul className="list-disc pl-5">
        {fields.map((field) => (
          <li key={field.id}>
            <a href={`#${field.id}`} onClick={focusField} className="inline-flex min-h-11 items-center underline">
              {field.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * With JavaScript a link moves the focus and the view to its field itself: as a fragment change
 * the router's scroll restoration (every such entry keyed "default") put the page back where an
 * earlier one left it, so a second link focused a field out of sight.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const field = document.getElementById(event.currentTarget.hash.slice(1));
  if (!field) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
  field.scrollIntoView();
}

/**
 * With JavaScript a refused post leaves the page where it was, at the Send button: the focus, and
 * with it the view, go to the first wrong field, or else to the form's own message (role alert:
 * a limit reached, a failure), which sits at the form's top, out of sight on a phone.
 */
export function useShowRefusal(form: RefObject<HTMLFormElement | null>, refusal: unknown) {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("[aria-invalid='true'], [role='alert']")?.focus();
  }, [form, refusal]);
}
