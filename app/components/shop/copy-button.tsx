import { useEffect, useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/** Copies `text` to the clipboard; rendered only with JavaScript and a clipboard to write to. */
export function CopyButton({ text, label, className = "" }: { text: string; label: string; className?: string }) {
  const hydrated = useHydrated();
  const t = useT("common");
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), 3000);
    return () => window.clearTimeout(timer);
  }, [status]);
  if (!hydrated || !navigator.clipboard) return null;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setStatus(t("copied")),
      () => setStatus(t("copyFailed")),
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={copy}
        className={`inline-flex min-h-11 items-center rounded-lg border border-brass-300 bg-white px-4 font-medium text-brass-900 hover:bg-brass-100 ${className}`}
      >
        {label}
      </button>
      <span role="status" className="text-sm text-brass-900/80">
        {status}
      </span>
    </span>
  );
}
