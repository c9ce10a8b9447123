import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { StatusMessage } from "./status-message.tsx";

/** The result's id: without JavaScript the page after an Add opens at it. */
export const ADDED_ID = "added";

/**
 * The result of an Add: the green line (which clears after 3 s, docs/product-rules.md, Numbers) and, until dismissed
 * or the next Add, where the new piece will be. With JS the page scrolls to it and focuses it.
 */
export function AddedResult({ added, success }: { added: { id: number; name: string; category: string }; success: string | null }) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: "start" });
    box.current?.focus({ preventScroll: true });
  }, [added.id]);
  return (
    <section ref={box} id={ADDED_ID} tabIndex={-1} aria-label="Product added" data-testid="add-result" className="my-3 scroll-mt-16 rounded border border-green-300 p-3 outline-none focus-visible:ring-2">
      <StatusMessage message={success} />
      {/* Says "added" itself: the green line above clears after 3 s, the box stays. */}
      <p data-testid="added-note" className="text-sm">
        <strong className="font-semibold text-green-800">Added.</strong> “{added.name}” appears on the site once its photos are processed.{" "}
        <Link className="underline" to={`/product/${added.category}/${added.id}`}>
          View it on the site
        </Link>{" "}
        ·{" "}
        <Link className="underline" to={`/dashboard/all-products?q=${encodeURIComponent(added.name)}`}>
          Its row in All Products
        </Link>
      </p>
      <Link to="/dashboard/upload" preventScrollReset className="mt-2 inline-flex min-h-11 items-center rounded border border-brass-700 px-3 text-sm">
        Dismiss
      </Link>
    </section>
  );
}
