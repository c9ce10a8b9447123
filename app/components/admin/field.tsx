import { createContext, useContext, type InputHTMLAttributes, type ReactNode } from "react";
import { CATEGORIES } from "#app/modules/catalog/categories.ts";

/** An error line under a field; `data-field-error` lets the upload helper read it back from a server page. */
export function FieldError({ name, id, errors }: { name: string; id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} data-field-error={name} role="alert" className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

/**
 * Where a refused form sent without JavaScript opens: its action ends in `#first-wrong`, and the
 * first refused field's box carries that id. The page comes back at that field, not at its top,
 * a phone's screen or more above it.
 */
export const FIRST_WRONG_ID = "first-wrong";
const FirstWrongField = createContext<string | null>(null);

/** The first of `order` (a form's fields, top to bottom) that has an error. */
export function firstWrongField(order: readonly string[], errors: Record<string, string[] | null | undefined> | null | undefined): string | null {
  return order.find((name) => errors?.[name]?.length) ?? null;
}

/** Marks, for the fields inside it, which one is the first refused (`firstWrongField`). */
export const FirstWrongProvider = FirstWrongField.Provider;

/** The id of the box of field `name`: FIRST_WRONG_ID on the first refused one. */
function useFirstWrongId(name: string): string | undefined {
  return useContext(FirstWrongField) === name ? FIRST_WRONG_ID : undefined;
}

/** The look of an input, select or text area in the dashboard's forms: thumb-sized, its border red while its value is refused. */
export const controlClass = "mt-1 min-h-11 w-full rounded border border-brass-300 bg-white px-3 py-2 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700";

/**
 * A label around its control, with a hint and the field's error under it; the label text
 * is what tests and screen readers find the control by.
 */
export function Labelled({
  label,
  name,
  errors,
  errorId,
  hint,
  className,
  children,
}: { label: ReactNode; name: string; errors?: string[] | null; errorId?: string; hint?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div id={useFirstWrongId(name)} className={`scroll-mt-4 ${className ?? ""}`}>
      <label className="block">
        <span className="text-sm font-medium">{label}</span>
        {children}
      </label>
      {hint ? <p className="mt-1 text-xs text-brass-900/80">{hint}</p> : null}
      <FieldError name={name} id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled input with its error, which the input points to for screen readers. */
export function Field({
  label,
  name,
  errors,
  hint,
  ...input
}: { label: ReactNode; name: string; errors?: string[] | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${name}-error`;
  return (
    <Labelled label={label} name={name} errors={errors} errorId={errorId} hint={hint}>
      <input
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={controlClass}
        {...input}
      />
    </Labelled>
  );
}

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded bg-brass-700 px-4 py-2 text-sm font-medium text-white hover:bg-brass-800 disabled:cursor-not-allowed disabled:opacity-50";
export const secondaryButtonClass = "inline-flex min-h-11 items-center justify-center rounded border border-brass-700 px-3 py-1 text-sm text-brass-800 hover:bg-brass-100";

/** The six real categories as <option>s, in menu order. */
export function CategoryOptions() {
  return (
    <>
      {CATEGORIES.map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.name}
        </option>
      ))}
    </>
  );
}
