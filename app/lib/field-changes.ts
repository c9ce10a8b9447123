// What another save changed since a form was opened: the form sends back the values it started
// from (a hidden field, as JSON), and the refusal lists each field whose stored value differs.
// Client-safe; used by the product edit and Shop details pages.

export interface FieldChange {
  label: string;
  was: string;
  now: string;
}

const SHOWN_LENGTH = 160;

function shown(v: unknown): string {
  if (v === null || v === undefined || v === "") return "(empty)";
  const text = String(v);
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

/** The base a form sent back (its JSON text), or an empty one when it is missing or mangled. */
export function parseBase(baseText: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = typeof baseText === "string" ? JSON.parse(baseText) : null;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // A mangled base lists nothing; the refusal itself still stands.
  }
  return {};
}

/** The labelled fields whose value in `base` differs from `current` (a field the base lacks is not listed). */
export function fieldChanges(base: Record<string, unknown>, current: Record<string, unknown>, labels: Record<string, string>): FieldChange[] {
  return Object.keys(labels).flatMap((field) => {
    if (!(field in base) || shown(base[field]) === shown(current[field])) return [];
    return [{ label: labels[field]!, was: shown(base[field]), now: shown(current[field]) }];
  });
}
