import { formatMB } from "#app/modules/media/shrink.ts";
import { PENDING_FIELDS, PENDING_MESSAGES } from "#app/modules/media/messages.ts";

/** The kept photos of a refused product form (app/modules/media/pending.server.ts), as the returned form shows them. */
export interface PendingView {
  ref: string;
  photos: Array<{ id: number; name: string; bytes: number }>;
}

/** The address of a kept photo's thumbnail: only for the form it was kept for. */
export const pendingThumbnailUrl = (pending: PendingView, formKey: string, id: number) =>
  `/dashboard/pending-photo/${id}?${new URLSearchParams({ ref: pending.ref, form: formKey })}`;

/**
 * The photos the server already holds for this form: a thumbnail, the file name and a "remove"
 * box each, and the signed reference that brings them back with the form. Works without JS; with
 * JS the upload page reads the same block back from a refused answer (data-pending).
 */
export function PendingPhotos({ pending, formKey }: { pending: PendingView | null; formKey: string }) {
  if (!pending || pending.photos.length === 0) return null;
  return (
    <section data-testid="pending-photos" data-pending={JSON.stringify(pending)} aria-labelledby="pending-photos-heading" className="mt-3 rounded border border-green-300 bg-green-50 p-3">
      <input type="hidden" name={PENDING_FIELDS.ref} value={pending.ref} />
      <h3 id="pending-photos-heading" className="text-sm font-semibold">
        {PENDING_MESSAGES.heading}
      </h3>
      <p className="text-sm" data-testid="pending-note">
        {PENDING_MESSAGES.kept(pending.photos.length)}
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {pending.photos.map((photo) => (
          <li key={photo.id} className="rounded bg-white p-2 text-xs shadow-sm" data-testid="pending-photo">
            <img src={pendingThumbnailUrl(pending, formKey, photo.id)} alt={PENDING_MESSAGES.thumbnailAlt(photo.name)} width={120} height={120} className="aspect-square w-full rounded object-cover" />
            <p className="mt-1 break-all" data-testid="pending-name">
              {photo.name} · {formatMB(photo.bytes)}
            </p>
            <label className="mt-1 inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" name={PENDING_FIELDS.remove} value={photo.id} className="h-5 w-5" />
              {PENDING_MESSAGES.remove}
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs">{PENDING_MESSAGES.addMore}</p>
    </section>
  );
}
