import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass, secondaryButtonClass } from "#app/components/admin/field.tsx";
import { FilePicker } from "#app/components/admin/file-picker.tsx";
import { MediaCard, MediaScreenHeading, mediaScreenMeta } from "#app/components/admin/media-grid.tsx";
import { UploadForm } from "#app/components/admin/multi-upload.tsx";
import { usePollWhile } from "#app/components/admin/poll.ts";
import { ProgressBar } from "#app/components/admin/progress-bar.tsx";
import { useXhrUpload } from "#app/components/admin/xhr-upload.ts";
import { listVideos } from "#app/modules/media/library.server.ts";
import { MB, UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import { mediaScreenAction, mediaScreenLoader } from "#app/modules/media/media-screen.server.ts";
import { MEDIA_SCREENS } from "#app/modules/media/media-screens.ts";

export const NOT_A_VIDEO = "Please choose a video file.";
/** Said when the file is chosen, before minutes of upload on a phone's line end in the server's refusal. */
export const videoTooLarge = (file: { name: string; size: number }) =>
  `${file.name} is ${Math.ceil(file.size / MB)} MB; a video can be at most ${UPLOAD_LIMITS.videoBytes / MB} MB. Shorten it (a phone's gallery can trim a video) and choose it again.`;

export const loader = ({ request }: LoaderFunctionArgs) =>
  mediaScreenLoader(request, async () => ({ videos: await listVideos() }));
export const action = ({ request }: ActionFunctionArgs) => mediaScreenAction(request, "videos");

export default function VideoUpload() {
  const { videos } = useLoaderData<typeof loader>();
  const inputRef = useRef<HTMLInputElement>(null);
  const { send, progress, busy, reset } = useXhrUpload();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePollWhile(videos.some((v) => v.status === "processing"));

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const cancel = () => {
    setFile(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  return (
    <>
      <MediaScreenHeading entry="videos" clientError={error} />
      <UploadForm
        onSubmit={async (event) => {
          event.preventDefault();
          if (!file) return setError(NOT_A_VIDEO);
          const body = new FormData();
          body.append("video", file);
          const result = await send(event.currentTarget.action, body);
          reset();
          if (result.ok) cancel();
          else setError(result.error);
        }}
      >
        <FilePicker
          label="Video file"
          name="video"
          accept="video/*"
          inputRef={inputRef}
          hint={`MP4, MOV, WebM, MKV, AVI or 3GP, up to ${UPLOAD_LIMITS.videoBytes / MB} MB.`}
          onFiles={([picked]) => {
            const refusal = !picked ? null : !picked.type.startsWith("video/") ? NOT_A_VIDEO : picked.size > UPLOAD_LIMITS.videoBytes ? videoTooLarge(picked) : null;
            if (refusal) {
              setError(refusal);
              if (inputRef.current) inputRef.current.value = "";
              setFile(null);
              return;
            }
            setError(null);
            setFile(picked ?? null);
          }}
        />
        {preview ? (
          <video src={preview} controls muted className="mt-3 max-h-64 rounded" data-testid="video-preview">
            <track kind="captions" />
          </video>
        ) : null}
        <ProgressBar percent={progress} />
        <div className="mt-3 flex gap-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? "Uploading…" : "Upload video"}
          </button>
          {file && !busy ? (
            <button type="button" className={secondaryButtonClass} onClick={cancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </UploadForm>
      <h2 className="mt-8 font-serif text-xl text-brass-800">Videos ({videos.length})</h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {videos.map((item) => (
          <MediaCard key={item.id} {...item} showProgress deleteConfirm={MEDIA_SCREENS.videos.deleteConfirm}>
            {item.video ? (
              <video
                src={item.video.url}
                poster={item.video.poster?.fallback}
                controls
                preload="none"
                className="aspect-video w-full rounded bg-black"
              >
                <track kind="captions" />
              </video>
            ) : null}
          </MediaCard>
        ))}
      </ul>
    </>
  );
}

export const meta = mediaScreenMeta("videos");
