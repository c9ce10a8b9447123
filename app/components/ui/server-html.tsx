import { useEffect, useState, type ReactNode } from "react";

/** Set once the page's first render in the browser (its hydration) is committed. */
let pageHydrated = false;

/**
 * A part of a page that the browser keeps as the server rendered it, never hydrated
 * (docs/decisions/122-server-html-below-the-first-screen.md): React takes an element with
 * `dangerouslySetInnerHTML` as it finds it, without walking or changing its children, so the
 * part costs the phone nothing when the page loads. Its links are plain links (a tap loads the
 * page), as without JavaScript.
 *
 * Only for parts without a control that needs JavaScript, whose server HTML stays right while the
 * page is shown. Rendered again later in the same page, the part stays as it was; mounted after
 * the page's hydration (a client navigation), it renders its children as any part does, even
 * while a part of the same name from the page before is still on screen.
 */
export function ServerHtml({ name, children }: { name: string; children: ReactNode }) {
  const [kept] = useState(() => !pageHydrated && typeof document !== "undefined" && document.querySelector(`[data-server-html="${name}"]`) !== null);
  useEffect(() => {
    pageHydrated = true;
  }, []);
  return kept ? (
    <div data-server-html={name} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  ) : (
    <div data-server-html={name}>{children}</div>
  );
}
