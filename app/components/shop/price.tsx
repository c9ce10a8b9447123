import { formatINR, percentOff, sellingPrice, showsListPrice } from "#app/modules/catalog/format.ts";
import { heldBack } from "#app/modules/catalog/held-back.ts";
import type { ProductState } from "#app/modules/catalog/states.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/**
 * Selling price, with the list price struck through only when priceFixed differs from
 * priceDiscount, and never for a piece that cannot be bought now (sold or reserved: no offer).
 */
export function Price({
  priceFixed,
  priceDiscount,
  state,
  className,
}: {
  priceFixed: number;
  priceDiscount: number | null;
  state?: ProductState;
  className?: string;
}) {
  const t = useT("common");
  const offer = !state || !heldBack(state);
  return (
    <p className={className}>
      <span className="font-semibold text-brass-800" data-testid="price">
        {formatINR(sellingPrice(priceFixed, priceDiscount))}
      </span>
      {offer && showsListPrice(priceFixed, priceDiscount) ? (
        // A margin, not a space: a space ending the line until the list price arrives moved.
        <s className="ml-1 text-sm text-brass-900/80" data-testid="list-price">
          <span className="sr-only">{t("listPrice")}</span>
          {formatINR(priceFixed)}
        </s>
      ) : null}
    </p>
  );
}

/** The "N% off" corner badge of a card and of the product page's picture (none for a piece that cannot be bought now). */
export function PercentOffBadge({ priceFixed, priceDiscount, state }: { priceFixed: number; priceDiscount: number | null; state: ProductState }) {
  // Also on the product page: its word is in "common".
  const t = useT("common");
  const off = percentOff(priceFixed, priceDiscount);
  if (off <= 0 || heldBack(state)) return null;
  return (
    <span className="absolute top-2 left-2 z-10 rounded bg-clay px-2 py-0.5 text-xs font-bold text-white" data-testid="percent-off">
      {t("percentOff", { off })}
    </span>
  );
}
