import type { ReactNode } from "react";

/** The green WhatsApp call to action (a wa.me link with prefilled text, in a new tab). */
export function WhatsAppButton({ href, icon, testId, children }: { href: string; icon: string; testId: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-[#1f7a3d] px-5 font-semibold text-white hover:bg-[#17602f]"
      data-testid={testId}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d={icon} />
      </svg>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
