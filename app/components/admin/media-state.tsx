import { Form } from "@remix-run/react";
import type { MediaStatus } from "#db/schema.ts";

/** Waiting, processing (with progress), failed (the reason and a Retry) or ready, for any media item. */
export function MediaState({
  status,
  progress,
  waiting = false,
  error,
  mediaId,
  showProgress = false,
}: {
  status: MediaStatus;
  progress: number;
  /** Processing, but not started yet: it waits behind another file. */
  waiting?: boolean;
  error: string | null;
  mediaId: number;
  showProgress?: boolean;
}) {
  if (status === "ready") {
    return (
      <span data-testid="media-state" className="rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
        Ready
      </span>
    );
  }
  if (status === "processing") {
    return (
      <span data-testid="media-state" className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
        {waiting ? "Waiting its turn…" : `Processing${showProgress ? ` ${progress}%` : "…"}`}
      </span>
    );
  }
  // A block holding a form: its parent must not be a <p> (the HTML parser would close the
  // paragraph at the form, and the page would no longer match React's tree).
  return (
    <div data-testid="media-state" className="rounded bg-red-50 p-2 text-xs text-red-800">
      Failed: {error ?? "the file could not be processed"}
      <Form method="post" className="mt-1">
        <input type="hidden" name="mediaId" value={mediaId} />
        <button type="submit" name="intent" value="retry" className="min-h-11 rounded border border-red-700 px-3">
          Retry
        </button>
      </Form>
    </div>
  );
}
