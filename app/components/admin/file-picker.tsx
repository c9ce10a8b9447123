import { useRef, useState, type ReactNode, type RefObject } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

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
 * A drop sets the input's files, so a plain form post sends them too.
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
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  const [dragging, setDragging] = useState(false);

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
        const picked = multiple ? dropped : dropped.slice(0, 1);
        if (input.current) {
          const transfer = new DataTransfer();
          for (const file of picked) transfer.items.add(file);
          input.current.files = transfer.files;
        }
        onFiles?.(picked);
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
          onChange={(event) => onFiles?.(Array.from(event.target.files ?? []))}
          className="mt-2 block w-full text-sm file:mr-4 file:cursor-pointer file:rounded file:border-0 file:bg-brass-700 file:px-4 file:py-3 file:font-medium file:text-white hover:file:bg-brass-800"
        />
      </label>
      <p className="mt-2 text-xs text-brass-900/70">
        {hydrated ? (multiple ? "Or drag and drop the files here. " : "Or drag and drop the file here. ") : null}
        {hint}
      </p>
      {children}
    </div>
  );
}
