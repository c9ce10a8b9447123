import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "@remix-run/react";
import { secondaryButtonClass } from "./field.tsx";

/**
 * Every page number of an admin listing (All Products: 417 of them at 10,000 products).
 *
 * Plain links with one click handler on the <nav> that navigates as <Link> does (client-side
 * with JavaScript, a left click without modifier keys, replacing the entry when the link is
 * the current address; without JavaScript the link is followed). A <Link> resolves its path
 * and sets up its hooks once per instance, and hundreds of them were a third of the page's
 * server render (bench/RESULTS.md, hand measurements, issue 14).
 */
export function PageNav({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  if (pageCount <= 1) return null;
  const params = new URLSearchParams(location.search);
  params.delete("status");
  const hrefOf = (n: number) => {
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  const follow = (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const to = link.getAttribute("href");
    if (!to) return;
    event.preventDefault();
    navigate(to, { replace: to === location.pathname + location.search + location.hash });
  };
  return (
    // The links themselves are the interactive elements; the handler only takes their clicks.
    <nav aria-label="Pages" className="mt-6 flex gap-2" onClick={follow}>
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
        <a key={n} href={hrefOf(n)} aria-current={n === page ? "page" : undefined} className={secondaryButtonClass} data-discover="true">
          {n}
        </a>
      ))}
    </nav>
  );
}
