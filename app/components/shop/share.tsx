import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { CopyButton } from "#app/components/shop/copy-button.tsx";
import { WhatsAppAnchor } from "#app/components/shop/whatsapp-button.tsx";
import { useT } from "#app/modules/i18n/use-strings.ts";
import { tapUrl } from "#app/modules/interest/kinds.ts";

/**
 * Share a product: the phone's share sheet where the browser has one (JavaScript), and
 * always a "Share on WhatsApp" link and the page address to copy, which need none.
 */
export function ShareProduct({ title, url, whatsappHref, productId }: { title: string; url: string; whatsappHref: string; productId: number }) {
  const hydrated = useHydrated();
  const t = useT("product");
  const common = useT("common");
  const canShare = hydrated && typeof navigator.share === "function";
  // A closed share sheet rejects with AbortError: nothing to report.
  const share = () =>
    navigator
      .share({ title, url })
      .then(() => navigator.sendBeacon(tapUrl("share_sheet", productId)))
      .catch(() => undefined);
  return (
    <HeadedSection heading="share" title={t("shareHeading")} size="xl" className="mt-8" data-testid="share">
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {canShare ? (
          <button
            type="button"
            onClick={share}
            className="inline-flex min-h-11 items-center rounded-lg bg-brass-700 px-4 font-medium text-white hover:bg-brass-800"
            data-testid="share-sheet"
          >
            {t("shareSheet")}
          </button>
        ) : null}
        <WhatsAppAnchor
          href={whatsappHref}
          tap={{ kind: "share", productId }}
          className="inline-flex min-h-11 items-center rounded-lg border border-[#1f7a3d] bg-white px-4 font-medium text-[#1a6b35] hover:bg-green-50"
          data-testid="share-whatsapp"
        >
          {t("shareWhatsapp")}
          <span className="sr-only">{common("newTab")}</span>
        </WhatsAppAnchor>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label className="flex min-w-0 flex-1 flex-col text-sm text-brass-900/80">
          {t("pageLink")}
          <input
            type="url"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 min-h-11 w-full rounded border border-brass-300 bg-white px-2 text-ink"
            data-testid="share-url"
          />
        </label>
        {hydrated && navigator.clipboard ? <CopyButton text={url} label={t("copyLink")} className="mt-5" /> : null}
      </div>
    </HeadedSection>
  );
}
