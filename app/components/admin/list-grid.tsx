import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import type { MetaFunction } from "@remix-run/node";
import type { listScreenAction, listScreenLoader } from "#app/modules/catalog/list-screen.server.ts";
import { LIST_SCREENS } from "#app/modules/catalog/list-screens.ts";
import type { ProductList } from "#app/modules/catalog/lists.server.ts";
import { formatINR } from "#app/modules/catalog/format.ts";
import { heldBack } from "#app/modules/catalog/held-back.ts";
import { STATE_NAMES } from "#app/modules/catalog/states.ts";
import { ConfirmButton, ConfirmStep } from "./confirm-button.tsx";
import { secondaryButtonClass } from "./field.tsx";
import { StatusMessage } from "./status-message.tsx";
import { Thumbnail } from "./thumbnail.tsx";

/** The Gift Items and Stock Products screens (LIST_SCREENS): a grid with a back button and a remove button per entry. */
export function ListGrid({ list }: { list: ProductList }) {
  const { title, path, confirmRemove, removeLabel } = LIST_SCREENS[list];
  const { entries, status } = useLoaderData<typeof listScreenLoader>();
  const actionData = useActionData<typeof listScreenAction>();
  const error = actionData?.error;
  const confirmEntryId = actionData?.confirm ?? null;
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
      <StatusMessage message={actionData ? null : status} />
      <StatusMessage message={error} tone="error" />
      {confirmEntryId ? (
        <ConfirmStep message={confirmRemove} intent="remove" fields={{ entryId: confirmEntryId }} cancelTo={path} />
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
                  <Thumbnail image={main} alt={product.name} sizes="(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw" />
                ) : (
                  <div className="flex aspect-square items-center justify-center rounded bg-brass-100 text-sm">Processing…</div>
                )}
                <h2 className="mt-2 line-clamp-2 font-medium wrap-anywhere" title={product.name}>
                  {product.name}
                </h2>
                <p className="text-sm text-brass-900/80">
                  {formatINR(product.priceDiscount ?? product.priceFixed)}
                  {/* The owner sees at once which entries no buyer can buy now. */}
                  {heldBack(product.state) ? (
                    <strong className="ml-2 rounded bg-brass-800 px-1.5 py-0.5 text-xs text-white" data-testid="list-entry-state">
                      {STATE_NAMES[product.state]}
                    </strong>
                  ) : null}
                </p>
                <Form method="post" className="mt-2" preventScrollReset>
                  <input type="hidden" name="entryId" value={entryId} />
                  <ConfirmButton intent="remove" message={confirmRemove}>
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

export const listScreenMeta =
  (list: ProductList): MetaFunction =>
  () => [{ title: `${LIST_SCREENS[list].title} · Dashboard` }];
