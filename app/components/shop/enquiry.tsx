import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { useEnquiryLine } from "#app/components/shop/enquiry-line.ts";
import { HeartIcon } from "#app/components/shop/enquiry-link.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";

type EnquiryReply = { error: string | null };

const alone = () => undefined;

/**
 * A form that adds a piece to the enquiry list or removes it. Without JavaScript it posts
 * to /enquiry and comes back to this page; with it, a fetcher posts and nothing reloads.
 */
export function EnquiryForm({
  productId,
  inList,
  removeOnly = false,
  returnAnchor,
  className,
  inLine,
  children,
}: {
  productId: number;
  inList: boolean;
  /** Without JS, the id on this page to come back to (a card far down a listing), not its top. */
  returnAnchor?: string;
  /** A Remove button stays one, even clicked twice while its post is on the way. */
  removeOnly?: boolean;
  className?: string;
  /** Forms tapped one after another (enquiry-line.ts): their posts wait in line. Not a single heart's page, to spare its script. */
  inLine?: typeof useEnquiryLine;
  children: (listed: boolean) => ReactNode;
}) {
  const fetcher = useFetcher<EnquiryReply>();
  const hydrated = useHydrated();
  const location = useLocation();
  // Posted to the page's language's /enquiry, so a refusal comes back in that language.
  const action = useLocalPath()("/enquiry");
  const line = (inLine ?? alone)(fetcher, action);
  const pending = (line?.waiting ?? fetcher.formData)?.get("intent");
  // Shown at once while the post is on its way; the loaders' answer confirms it.
  const listed = typeof pending === "string" ? pending === "add" : inList;
  return (
    <fetcher.Form method="post" action={action} className={className} preventScrollReset onSubmit={line?.onSubmit}>
      <input type="hidden" name="intent" value={listed || removeOnly ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}${returnAnchor ? `#${returnAnchor}` : ""}`} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      {children(listed)}
      {fetcher.data?.error && fetcher.state === "idle" ? (
        <p role="alert" className="mt-1 rounded bg-white/95 p-1 text-xs text-red-700" data-testid="enquiry-error">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The product page's heart, with words. Without JavaScript the page comes back at the button,
 * which then says the piece is in the list, a little below the screen's top, as it was tapped.
 */
export function EnquiryToggle({ productId, inList }: { productId: number; inList: boolean }) {
  const t = useT("product");
  return (
    <EnquiryForm productId={productId} inList={inList} returnAnchor="enquiry-button">
      {(listed) => (
        <button
          type="submit"
          id="enquiry-button"
          className="inline-flex min-h-12 scroll-mt-[40vh] items-center gap-2 rounded-lg border border-brass-300 bg-white px-5 font-semibold text-brass-900 hover:bg-brass-100"
          data-testid="enquiry-toggle"
          data-in-list={listed}
        >
          <HeartIcon filled={listed} />
          {t(listed ? "removeFromEnquiry" : "addToEnquiry")}
        </button>
      )}
    </EnquiryForm>
  );
}
