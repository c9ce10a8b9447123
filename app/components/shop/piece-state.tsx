import type { ProductState } from "#app/modules/catalog/states.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/** "Sold" or "Reserved" on a card, the product page and the enquiry list; nothing for the other states. */
export function StateBadge({ state, className = "" }: { state: ProductState; className?: string }) {
  const t = useT("common");
  if (state !== "sold" && state !== "reserved") return null;
  const sold = state === "sold";
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${sold ? "bg-brass-900 text-white" : "bg-amber-200 text-amber-950"} ${className}`}
      data-testid="state-badge"
    >
      {t(sold ? "stateSold" : "stateReserved")}
    </span>
  );
}

/** "Made to order — ships in N days", beside the price. */
export function MadeToOrderNote({ state, shipsInDays, className = "" }: { state: ProductState; shipsInDays: number | null; className?: string }) {
  const t = useT("common");
  if (state !== "made-to-order" || shipsInDays === null) return null;
  return (
    <p className={`text-sm text-brass-900/85 ${className}`} data-testid="made-to-order">
      {t("madeToOrder", { count: shipsInDays })}
    </p>
  );
}
