import { Form, useLocation, useNavigate } from "@remix-run/react";
import { useRef, useState, type ComponentProps } from "react";
import { MB, UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import { buttonClass } from "./field.tsx";
import { FilePicker } from "./file-picker.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { useXhrUpload } from "./xhr-upload.ts";

interface Pending {
  key: string;
  file: File;
  state: "waiting" | "uploading" | "failed";
  error?: string | null;
}

/**
 * Several image files at once (docs/product-rules.md, States). Without JS: one multipart post. With JS:
 * one request per file, each shown as uploading; a file leaves the pending list on
 * success or shows 'Upload failed', the server's reason and a Remove button. Non-image files are dropped.
 */
/** The card-shaped multipart form of the upload screens (plain post without JS, XHR with progress with it). */
export function UploadForm(props: ComponentProps<typeof Form>) {
  return <Form method="post" encType="multipart/form-data" className="mt-4 max-w-2xl rounded-lg bg-white p-4 shadow-sm" {...props} />;
}

export function MultiImageUpload({ field, label, buttonText }: { field: string; label: string; buttonText: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const { send, progress, busy, reset } = useXhrUpload();
  const [pending, setPending] = useState<Pending[]>([]);
  const [dropped, setDropped] = useState(0);

  const update = (key: string, patch: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  return (
    <UploadForm
      onSubmit={async (event) => {
        event.preventDefault();
        const action = event.currentTarget.action;
        let added = 0;
        for (const item of pending.filter((p) => p.state !== "failed")) {
          update(item.key, { state: "uploading" });
          const body = new FormData();
          body.append(field, item.file);
          const result = await send(action, body, { navigateOnSuccess: false });
          if (result.ok) {
            added++;
            setPending((list) => list.filter((p) => p.key !== item.key));
          } else {
            update(item.key, { state: "failed", error: result.error });
          }
        }
        reset();
        if (inputRef.current) inputRef.current.value = "";
        if (added > 0) navigate(`${location.pathname}?status=added`, { preventScrollReset: true });
      }}
    >
      <FilePicker
        label={label}
        name={field}
        accept="image/*"
        multiple
        inputRef={inputRef}
        shrinkOver={UPLOAD_LIMITS.mediaImageBytes}
        hint={`JPEG, PNG, WebP or AVIF photos, each at most ${UPLOAD_LIMITS.mediaImageBytes / MB} MB.`}
        onFiles={(all) => {
          const images = all.filter((f) => f.type.startsWith("image/"));
          setDropped(all.length - images.length);
          setPending((list) => [
            ...list.filter((p) => p.state === "failed"),
            ...images.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, state: "waiting" as const })),
          ]);
        }}
      />
      {dropped > 0 ? (
        <p className="mt-1 text-sm text-amber-800" role="status">
          {dropped === 1 ? "1 file was not an image and was left out." : `${dropped} files were not images and were left out.`}
        </p>
      ) : null}
      {pending.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Pending uploads">
          {pending.map((p) => (
            <li key={p.key} className="flex flex-wrap items-center gap-x-2" data-testid="pending-upload">
              <span className="min-w-0 truncate">{p.file.name}</span>
              {p.state === "uploading" ? <span className="text-amber-800">Uploading…</span> : null}
              {p.state === "failed" ? (
                <>
                  <span className="text-red-700">Upload failed</span>
                  <button
                    type="button"
                    className="min-h-11 rounded border border-red-700 px-3 text-xs text-red-700"
                    onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                  >
                    Remove
                  </button>
                  {/* The reason in full: a phone has no hover to show a title. */}
                  {p.error ? <p className="basis-full text-xs text-red-700">{p.error}</p> : null}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ProgressBar percent={progress} />
      <button type="submit" className={`${buttonClass} mt-3`} disabled={busy}>
        {busy ? "Uploading…" : buttonText}
      </button>
    </UploadForm>
  );
}
