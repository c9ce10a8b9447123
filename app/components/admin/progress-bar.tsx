import { progressLabel } from "./xhr-upload.ts";

export function ProgressBar({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <div className="my-3" data-testid="upload-progress">
      <progress max={100} value={percent} aria-label="Upload progress" className="h-3 w-full accent-brass-700" />
      <p className="text-xs text-brass-900/80">{progressLabel(percent)}</p>
    </div>
  );
}
