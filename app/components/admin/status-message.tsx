import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Status messages clear after 3 seconds (with JS; without JS they stay until the next page; docs/product-rules.md, Numbers). */
export const STATUS_TIMEOUT_MS = 3000;

/** A success or error line after a change; role=status (or alert for errors) so screen readers read it. */
export function StatusMessage({
  message,
  detail,
  tone = "success",
}: {
  message: string | null | undefined;
  /** A second line under the message: what a refusal was about, where a fixed message says only that it failed. */
  detail?: string | null;
  tone?: "success" | "error";
}) {
  const [shown, setShown] = useState(message);
  // Shown again for each arrival at the page, though the address (and so the message) is the same
  // as the last: a second state change on All Products redirects to the same ?status=.
  const arrival = useLocation().key;
  useEffect(() => {
    setShown(message);
    if (!message || tone === "error") return;
    const timer = window.setTimeout(() => setShown(null), STATUS_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [message, tone, arrival]);
  if (!shown) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      data-testid={tone === "error" ? "error-message" : "status-message"}
      data-action-error={tone === "error" ? "" : undefined}
      className={`my-3 rounded border p-3 text-sm ${
        // A success line stays in sight for its 3 s when the page kept its scroll (a card deleted far down a list).
        tone === "error" ? "border-red-300 bg-red-50 text-red-700" : "sticky top-2 z-20 border-green-300 bg-green-50 text-green-800 shadow"
      }`}
    >
      {shown}
      {detail ? <span className="mt-1 block font-medium" data-testid="error-detail">{detail}</span> : null}
    </p>
  );
}

/** The message for a `?status=` key, from a page's fixed table (the URL never carries free text). */
export function statusFrom<T extends Record<string, string>>(search: string | URLSearchParams, table: T): string | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const key = params.get("status");
  return key && key in table ? table[key]! : null;
}
