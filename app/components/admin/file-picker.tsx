import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { shrinkPhoto, SHRINK_MESSAGES } from "#app/modules/media/shrink.ts";

/** Whether a file matches an `accept` list such as "image/*" or "video/*,.mov". */
function accepts(accept: string, file: File): boolean {
  return accept.split(",").some((rule) => {
    const r = rule.trim().toLowerCase();
    if (r.endsWith("/*")) return file.type.toLowerCase().startsWith(r.slice(0, -1));
    if (r.startsWith(".")) return file.name.toLowerCase().endsWith(r);
    return file.type.toLowerCase() === r;
  });
}

/**
 * The file field of the upload forms: a drop zone around the native file input, whose
 * button is styled as the form's main action. Without JavaScript it is the native
 * control (one click opens the picker); with JavaScript files can also be dropped on it.
 * A drop sets the input's files, so a plain form post sends them too. With `shrinkOver`,
 * photos larger than that are first made smaller in the browser (shrink.ts) and the input
 * then holds the smaller files; the page says which were made smaller.
 */
export function FilePicker({
  label,
  name,
  accept,
  multiple = false,
  required = false,
  hint,
  onFiles,
  inputRef,
  shrinkOver,
  children,
}: {
  label: ReactNode;
  name: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  hint?: ReactNode;
  onFiles?: (files: File[]) => void;
  inputRef?: RefObject<HTMLInputElement>;
  shrinkOver?: number;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  const [dragging, setDragging] = useState(false);
  const [shrinking, setShrinking] = useState(false);
  const [shrunk, setShrunk] = useState<Array<{ name: string; before: number; after: number }>>([]);
  const picks = useRef(0);

  /** Takes a new choice of files: shrinks those over the limit, puts them in the input, tells the page. */
  const take = async (files: File[], fromDrop: boolean) => {
    const pick = ++picks.current;
    const large = shrinkOver === undefined ? [] : files.filter((f) => f.size > shrinkOver && f.type.startsWith("image/"));
    setShrunk([]);
    if (large.length === 0) {
      if (fromDrop) setInputFiles(files);
      onFiles?.(files);
      return;
    }
    setShrinking(true);
    const made: typeof shrunk = [];
    const result: File[] = [];
    for (const file of files) {
      const smaller = large.includes(file) ? await shrinkPhoto(file, shrinkOver!) : null;
      if (smaller) made.push({ name: file.name, before: file.size, after: smaller.size });
      result.push(smaller ?? file);
    }
    if (pick !== picks.current) return; // a newer choice replaced this one meanwhile
    setShrinking(false);
    setShrunk(made);
    setInputFiles(result);
    onFiles?.(result);
  };
  // Photos chosen while the page's scripts were still loading (a slow line): taken as if chosen now.
  useEffect(() => {
    const chosen = Array.from(input.current?.files ?? []);
    if (chosen.length > 0) void take(chosen, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
  const setInputFiles = (files: File[]) => {
    if (!input.current) return;
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.current.files = transfer.files;
  };

  return (
    <div
      data-testid="file-picker"
      data-dragging={dragging ? "" : undefined}
      className={`mt-1 rounded-lg border-2 border-dashed p-4 ${dragging ? "border-brass-700 bg-brass-100" : "border-brass-300 bg-white"}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = Array.from(event.dataTransfer.files).filter((f) => accepts(accept, f));
        void take(multiple ? dropped : dropped.slice(0, 1), true);
      }}
    >
      <label className="block">
        <span className="block text-sm font-medium">{label}</span>
        <input
          ref={input}
          type="file"
          name={name}
          accept={accept}
          multiple={multiple}
          required={required}
          onChange={(event) => void take(Array.from(event.target.files ?? []), false)}
          className="mt-2 block w-full text-sm file:mr-4 file:cursor-pointer file:rounded file:border-0 file:bg-brass-700 file:px-4 file:py-3 file:font-medium file:text-white hover:file:bg-brass-800"
        />
      </label>
      <p className="mt-2 text-xs text-brass-900/70">
        {hydrated ? (multiple ? "Or drag and drop the files here. " : "Or drag and drop the file here. ") : null}
        {hint}
      </p>
      {shrinking ? (
        <p role="status" className="mt-2 text-sm" data-testid="shrinking">
          {SHRINK_MESSAGES.working}
        </p>
      ) : null}
      {shrunk.length > 0 ? (
        <ul role="status" className="mt-2 text-sm text-green-800" data-testid="shrunk">
          {shrunk.map((s) => (
            <li key={s.name}>
              {SHRINK_MESSAGES.done(s.before, s.after)} <span className="text-brass-900/70">({s.name})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
