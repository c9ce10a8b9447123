import { Form, Link, useNavigate } from "@remix-run/react";
import type { AdminListEntry } from "#app/modules/catalog/admin-products.server.ts";
import { formatINR } from "#app/modules/catalog/format.ts";
import { ConfirmButton, ConfirmStep } from "./confirm-button.tsx";
import { secondaryButtonClass } from "./field.tsx";
import { StatusMessage } from "./status-message.tsx";

/** The Gift Items and Stock Products screens: a grid with a back button and a remove button per entry. */
export function ListGrid({
  title,
  entries,
  confirmText,
  removeLabel,
  status,
  error,
  confirmEntryId,
  selfPath,
}: {
  title: string;
  entries: AdminListEntry[];
  confirmText: string;
  removeLabel: string;
  status: string | null;
  error: string | null | undefined;
  confirmEntryId: number | null;
  selfPath: string;
}) {
  const navigate = useNavigate();
  return (
    <>
      <p>
        <Link
          to="/dashboard"
          className={secondaryButtonClass}
          onClick={(event) => {
            if (window.history.length > 1) {
              event.preventDefault();
              navigate(-1);
            }
          }}
        >
          ← Back
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-2xl text-brass-800">{title}</h1>
      <StatusMessage message={status} />
      <StatusMessage message={error} tone="error" />
      {confirmEntryId ? (
        <ConfirmStep message={confirmText} intent="remove" fields={{ entryId: confirmEntryId }} cancelTo={selfPath} />
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-6">No products in this list yet. Add them from All Products.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
          {entries.map(({ entryId, product }) => {
            const main = product.images.find((i) => i.view)?.view;
            return (
              <li key={entryId} className="rounded-lg bg-white p-3 shadow-sm" data-testid="list-entry">
                {main ? (
                  <img src={main.fallback} alt={product.name} className="aspect-square w-full rounded object-cover" />
                ) : (
                  <div className="flex aspect-square items-center justify-center rounded bg-brass-100 text-sm">Processing…</div>
                )}
                <h2 className="mt-2 font-medium">{product.name}</h2>
                <p className="text-sm text-brass-900/80">{formatINR(product.priceDiscount ?? product.priceFixed)}</p>
                <Form method="post" className="mt-2" preventScrollReset>
                  <input type="hidden" name="entryId" value={entryId} />
                  <ConfirmButton intent="remove" message={confirmText}>
                    {removeLabel}
                  </ConfirmButton>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
