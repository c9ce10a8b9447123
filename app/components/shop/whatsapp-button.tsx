import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { tapUrl, type BeaconKind } from "#app/modules/interest/kinds.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/** What a tap on a WhatsApp link is counted as: its kind, and the piece it is about (if any). */
export interface Tap {
  kind: BeaconKind;
  productId?: number | null;
}

/**
 * How a tap is reported to the shop, never both ways for one tap: without JavaScript (or before
 * it runs) the link's `ping`, which the browser sends itself; once hydrated a beacon instead,
 * since some browsers (Firefox) send no pings. The link's address stays the wa.me one.
 */
export function useTapReport(tap: Tap): { ping?: string; onClick?: () => void } {
  const hydrated = useHydrated();
  const url = tapUrl(tap.kind, tap.productId);
  if (hydrated && typeof navigator.sendBeacon === "function") return { onClick: () => navigator.sendBeacon(url) };
  return { ping: url };
}

/** Every wa.me link of the shop: a new tab, and its tap counted (docs/decisions/111-interest-figures.md). */
export function WhatsAppAnchor({ tap = { kind: "chat" }, ...props }: ComponentPropsWithoutRef<"a"> & { href: string; tap?: Tap }) {
  return <a {...props} target="_blank" rel="noopener noreferrer" {...useTapReport(tap)} />;
}

/** The green WhatsApp call to action (a wa.me link with prefilled text, in a new tab). */
export function WhatsAppButton({ href, icon, testId, tap, children }: { href: string; icon: string; testId: string; tap?: Tap; children: ReactNode }) {
  const t = useT("common");
  return (
    <WhatsAppAnchor
      href={href}
      tap={tap}
      className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-[#1f7a3d] px-5 font-semibold text-white hover:bg-[#17602f]"
      data-testid={testId}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d={icon} />
      </svg>
      {children}
      <span className="sr-only">{t("newTab")}</span>
    </WhatsAppAnchor>
  );
}
