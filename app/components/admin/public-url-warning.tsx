import { Link } from "@remix-run/react";
import { SHOP_DETAILS_TEXT } from "#app/modules/site/shop-details-texts.ts";

/** The dashboard's warning while the public address is unset or points at this machine (app/modules/site/public-url.ts). */
export function PublicUrlWarning({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid="public-url-warning" className="my-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {message}{" "}
      <Link className="inline-block py-2 font-semibold underline" to="/dashboard/shop-details">
        {SHOP_DETAILS_TEXT.warningLink}
      </Link>
    </p>
  );
}
