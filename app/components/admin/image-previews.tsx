import { useEffect, useState } from "react";

/** Thumbnails of picked files (object URLs, released when the list changes). */
export function ImagePreviews({ files }: { files: readonly File[] }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  if (urls.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Selected images">
      {urls.map((url, i) => (
        <li key={url}>
          <img src={url} alt={`Preview of ${files[i]?.name ?? "image"}`} className="h-20 w-20 rounded object-cover" data-testid="image-preview" />
        </li>
      ))}
    </ul>
  );
}
