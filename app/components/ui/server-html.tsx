import { useState, type ReactNode } from "react";

/**
 * A part of a page that the browser keeps as the server rendered it, never hydrated
 * (docs/decisions/122-server-html-below-the-first-screen.md): React takes an element with
 * `dangerouslySetInnerHTML` as it finds it, without walking or changing its children, so the
 * part costs the phone nothing when the page loads. Its links are plain links (a tap loads the
 * page), as without JavaScript.
 *
 * Only for parts without a control that needs JavaScript, whose server HTML stays right while the
 * page is shown. Rendered again later in the same page, the part stays as it was; mounted by a
 * client navigation (no server HTML of it in the page), it renders its children as any part does.
 */
export function ServerHtml({ name, children }: { name: string; children: ReactNode }) {
  const [kept] = useState(() => typeof document !== "undefined" && document.querySelector(`[data-server-html="${name}"]`) !== null);
  return kept ? (
    <div data-server-html={name} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  ) : (
    <div data-server-html={name}>{children}</div>
  );
}
