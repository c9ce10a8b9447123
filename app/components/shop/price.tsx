import { formatINR, sellingPrice, showsListPrice } from "#app/modules/catalog/format.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/** Selling price, with the list price struck through only when priceFixed differs from priceDiscount. */
export function Price({
  priceFixed,
  priceDiscount,
  className,
}: {
  priceFixed: number;
  priceDiscount: number | null;
  className?: string;
}) {
  const t = useT("common");
  return (
    <p className={className}>
      <span className="font-semibold text-brass-800" data-testid="price">
        {formatINR(sellingPrice(priceFixed, priceDiscount))}
      </span>
      {showsListPrice(priceFixed, priceDiscount) ? (
        <>
          {" "}
          <s className="text-sm text-brass-900/80" data-testid="list-price">
            <span className="sr-only">{t("listPrice")}</span>
            {formatINR(priceFixed)}
          </s>
        </>
      ) : null}
    </p>
  );
}
