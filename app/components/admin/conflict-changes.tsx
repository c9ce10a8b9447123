import { useRef } from "react";
import { useBroughtIntoView } from "#app/components/ui/use-brought-into-view.ts";
import type { FieldChange } from "#app/lib/field-changes.ts";

/**
 * The fields another save changed since the form was opened (app/lib/field-changes.ts). With
 * JavaScript the save was made at the foot of a long form: the list (and the message just above
 * it) is brought to where the owner is looking.
 */
export function ConflictChanges({ heading, changes, nothingListed }: { heading: string; changes: FieldChange[]; nothingListed?: string }) {
  const box = useRef<HTMLElement>(null);
  useBroughtIntoView(box, changes);
  return (
    <section ref={box} aria-labelledby="conflict-changes" data-testid="conflict-changes" className="my-3 rounded border border-amber-400 bg-amber-50 p-3 text-sm">
      <h2 id="conflict-changes" className="font-semibold">
        {heading}
      </h2>
      {changes.length === 0 ? (
        <p>{nothingListed}</p>
      ) : (
        <ul className="mt-1 list-disc pl-5">
          {changes.map((c) => (
            <li key={c.label}>
              <strong>{c.label}</strong>: {c.was} → {c.now}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
