import type { SubmissionResult } from "@conform-to/react";
import type { FieldChange } from "#app/lib/field-changes.ts";
import { CONFLICT_MESSAGES } from "#app/modules/catalog/edit-conflict.ts";
import { ConflictChanges } from "./conflict-changes.tsx";
import type { PendingView } from "./pending-photos.tsx";
import { StatusMessage } from "./status-message.tsx";

/** The edit action's answer to a refused save (app/routes/dashboard.edit-product.$id.tsx), on its page or in All Products' dialog. */
export type SaveAnswer = {
  result?: SubmissionResult<string[]> | null;
  /**
   * The names of the fields the refused post carried: the others show the stored value. The quick
   * form has no state or translations, and a body cut off at a too-large photo holds only the
   * fields before it.
   */
  sent?: string[];
  error?: string;
  imageError?: string | null;
  /** An edit based on an old version: what changed meanwhile, and the version to save on. */
  conflict?: { changes: FieldChange[]; version: number; base: string };
  /** Photos kept from a refused save, shown on the returned form. */
  pending?: PendingView | null;
};

/** Above the returned form: why the save was refused and, after another save, what that one changed. */
export function RefusedSave({ answer }: { answer: SaveAnswer | undefined }) {
  return (
    <>
      <StatusMessage message={answer?.error} detail={answer?.imageError} tone="error" />
      {answer?.conflict ? <ConflictChanges heading={CONFLICT_MESSAGES.changedHeading} changes={answer.conflict.changes} nothingListed={CONFLICT_MESSAGES.nothingListed} /> : null}
    </>
  );
}
