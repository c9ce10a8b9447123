import { useId, useRef, useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

/**
 * A read-only address with a Copy button. Without JavaScript the field alone is shown
 * (tap it to select the whole address); the button appears once the page is hydrated.
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const id = useId();

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      setCopied("Copied");
    } catch {
      // No clipboard access (an http address, or permission refused): the text is selected instead.
      setCopied("Selected: press Ctrl+C (or long-press and Copy)");
    }
  }

  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold text-brass-900">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded border border-brass-300 bg-white px-3 font-mono text-sm"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => void copy()}
            data-testid={`${testId}-copy`}
            className="min-h-11 rounded bg-brass-700 px-4 font-semibold text-white hover:bg-brass-800"
          >
            Copy
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-brass-900/80">
        {copied}
      </p>
    </div>
  );
}
