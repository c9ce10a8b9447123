import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { STATE_ACTIONS, STATE_NAMES, SHIPS_IN_DAYS_INPUT, type ProductState } from "#app/modules/catalog/states.ts";
import { ConfirmButton } from "./confirm-button.tsx";

const button =
  "flex min-h-11 w-full items-center justify-center rounded border border-brass-700 px-2 py-1 text-center text-sm leading-tight text-brass-800 hover:bg-brass-100 sm:w-auto sm:px-3";

/** Buyers who asked about the piece: the owner sees them where she changes its state (a reserved piece marked available is news for them). */
const waitingLine = (n: number) => `${n === 1 ? "1 buyer" : `${n} buyers`} asked to be told about this piece: message them from Waiting buyers`;

/** The id of the no-JS "Mark sold?" step shown in the card: the post's address ends in #… to land on it. */
export const SOLD_STEP_ID = "confirm-sold";

function StateForm({ productId, from, state, action, children }: { productId: number; from: ProductState; state?: ProductState; action?: string; children: ReactNode }) {
  return (
    <Form method="post" action={action} preventScrollReset className="flex items-stretch gap-2">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="from" value={from} />
      {state ? <input type="hidden" name="state" value={state} /> : null}
      {children}
    </Form>
  );
}

/**
 * An All Products card's state: where the piece stands and a button for each other state.
 * Marking sold asks first, naming the piece (with JS the browser's dialog, without it a step in
 * this card, which the post's address scrolls to).
 */
export function ProductStateActions({
  product,
  returnTo,
}: {
  product: { id: number; name: string; state: ProductState; shipsInDays: number | null; waiting: number };
  /** The listing URL the posts go back to. */
  returnTo: string;
}) {
  const { id, state } = product;
  // Without JavaScript the answer is a new page: it opens at these buttons, where a refusal is said.
  const here = `${returnTo}#state-${id}`;
  return (
    <div id={`state-${id}`} className="col-span-2 mt-3 flex scroll-mt-24 flex-wrap items-center gap-2" data-testid="state-actions">
      <p className="w-full text-sm" data-testid="state-name">
        State: <strong>{STATE_NAMES[state]}</strong>
        {state === "made-to-order" && product.shipsInDays !== null ? ` (ships in ${product.shipsInDays} days)` : null}
      </p>
      {product.waiting > 0 ? (
        <p className="w-full text-sm">
          <Link to="/dashboard/waiting" className="inline-flex min-h-11 items-center underline" data-testid="state-waiting">
            {waitingLine(product.waiting)}
          </Link>
        </p>
      ) : null}
      {state === "sold" ? null : (
        <StateForm productId={id} from={state} action={`${returnTo}#${SOLD_STEP_ID}`}>
          <ConfirmButton intent="mark-sold" message={STATE_ACTIONS.confirmSold(product.name)} className={button}>
            {STATE_ACTIONS.sold}
          </ConfirmButton>
        </StateForm>
      )}
      {state === "reserved" ? null : (
        <StateForm productId={id} from={state} action={here} state="reserved">
          <button type="submit" name="intent" value="set-state" className={button}>
            {STATE_ACTIONS.reserved}
          </button>
        </StateForm>
      )}
      {state === "available" ? null : (
        <StateForm productId={id} from={state} action={here} state="available">
          <button type="submit" name="intent" value="set-state" className={button}>
            {STATE_ACTIONS.available}
          </button>
        </StateForm>
      )}
      <StateForm productId={id} from={state} action={here} state="made-to-order">
        <label className="flex items-center gap-1 text-sm">
          <span className="sr-only">Ships in days for {product.name}</span>
          <input
            {...SHIPS_IN_DAYS_INPUT}
            name="shipsInDays"
            defaultValue={product.shipsInDays ?? ""}
            placeholder="days"
            className="min-h-11 w-20 rounded border border-brass-300 bg-white px-2"
          />
        </label>
        <button type="submit" name="intent" value="set-state" className={button}>
          {state === "made-to-order" ? "Change days" : STATE_ACTIONS["made-to-order"]}
        </button>
      </StateForm>
    </div>
  );
}
