import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MEDIA_SCREENS, type MediaEntry } from "#app/modules/media/media-screens.ts";
import type { MediaStatus } from "#db/schema.ts";
import { ConfirmButton, ConfirmStep, type ConfirmRequest } from "./confirm-button.tsx";
import { UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import { MediaState } from "./media-state.tsx";
import { StatusMessage, statusFrom } from "./status-message.tsx";

/** The top of a media screen (MEDIA_SCREENS): its title, the status or error line and the no-JS delete step. */
export function MediaScreenHeading({
  entry,
  clientError,
  children,
}: {
  entry: MediaEntry;
  /** An error found in the browser before sending (it hides the status line too). */
  clientError?: string | null;
  children?: ReactNode;
}) {
  const screen = MEDIA_SCREENS[entry];
  const actionData = useActionData<{ error?: string | null }>();
  const location = useLocation();
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">{screen.title}</h1>
      {children}
      <StatusMessage message={actionData || clientError ? null : statusFrom(location.search, screen.status)} />
      <StatusMessage message={clientError ?? actionData?.error} tone="error" />
      <MediaDeleteStep message={screen.deleteConfirm} />
    </>
  );
}

export const mediaScreenMeta =
  (entry: MediaEntry): MetaFunction =>
  () => [{ title: `${MEDIA_SCREENS[entry].title} · Dashboard` }];

/** The no-JS step of a media card's Delete (the media action answers `confirm-delete` with it). */
export function MediaDeleteStep({ message }: { message: string }) {
  const actionData = useActionData<{ confirm?: ConfirmRequest }>();
  const location = useLocation();
  if (!actionData?.confirm) return null;
  return <ConfirmStep message={message} {...actionData.confirm} cancelTo={location.pathname} />;
}

/** The optional title of a gallery image or video: shown as its caption and alternative text on the shop. */
function TitleForm({ id, title }: { id: number; title: string | null }) {
  return (
    // Stacked: a card is about 165 px wide on a phone, too narrow for the field and the button side by side.
    <Form method="post" preventScrollReset className="mt-2 grid gap-1">
      <input type="hidden" name="id" value={id} />
      <label className="text-xs">
        Title (optional)
        <input
          name="title"
          defaultValue={title ?? ""}
          maxLength={UPLOAD_LIMITS.mediaTitleChars}
          className="mt-1 block min-h-11 w-full rounded border border-brass-300 bg-white px-2 text-sm"
        />
      </label>
      <button type="submit" name="intent" value="set-title" className="min-h-11 w-full rounded border border-brass-700 px-3 text-sm">
        Save title
      </button>
    </Form>
  );
}

/** One gallery/display image or video card: its picture (when ready), state and actions. */
export function MediaCard({
  id,
  mediaId,
  status,
  progress,
  waiting,
  error,
  originalName,
  children,
  actions,
  showProgress = false,
  deleteConfirm,
  title,
}: {
  id: number;
  mediaId: number;
  status: MediaStatus;
  progress: number;
  waiting?: boolean;
  error: string | null;
  originalName: string;
  children: ReactNode;
  actions?: ReactNode;
  showProgress?: boolean;
  /** The question before Delete (a dialog with JS, MediaDeleteStep without). */
  deleteConfirm: string;
  /** Gallery images and videos: the current title (null for none), editable on the card. */
  title?: string | null;
}) {
  return (
    <li className="rounded-lg bg-white p-2 shadow-sm" data-testid="media-card">
      {children ?? (
        <div className="flex aspect-square items-center justify-center rounded bg-brass-100 p-2 text-center text-xs">{originalName}</div>
      )}
      <p className="mt-1 truncate text-xs text-brass-900/80" title={originalName}>
        {originalName}
      </p>
      {title !== undefined ? <TitleForm id={id} title={title} /> : null}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        <MediaState status={status} progress={progress} waiting={waiting} error={error} mediaId={mediaId} showProgress={showProgress} />
        {actions}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={id} />
          <ConfirmButton intent="delete" message={deleteConfirm} className="min-h-11 rounded border border-red-700 px-3 text-red-700">
            Delete
          </ConfirmButton>
        </Form>
      </div>
    </li>
  );
}
