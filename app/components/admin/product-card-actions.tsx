import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { MediaStatus } from "#db/schema.ts";
import { ConfirmStep } from "./confirm-button.tsx";

export const DELETE_PRODUCT_CONFIRM = "Are you sure you want to delete this product?";
/**
 * The line under the question, naming the piece, and the buyers waiting to hear about one like
 * it, whose numbers go with it (a sale is recorded with Mark sold, which keeps them).
 */
export const deleteProductDetail = (name: string, waiting = 0) =>
  `“${name}” and its photos will be removed from the shop.` +
  (waiting > 0 ? ` ${waiting === 1 ? "1 buyer waiting" : `${waiting} buyers waiting`} to hear about a piece like it will be removed from Waiting buyers too; to record a sale, use Mark sold instead.` : "");
/** The id of the open delete question: a no-JS post lands there (the form's action ends in #…). */
export const DELETE_STEP_ID = "confirm-delete";

/** A card's id on All Products: a change made from it comes back there, not at the list's top. */
export const productCardId = (productId: number) => `product-${productId}`;

/** Where a product stands, in the owner's words (not "#59 · status ready"). */
export function productStateText(product: { status: MediaStatus; available: boolean }): string {
  if (!product.available) return "Hidden from the shop";
  if (product.status === "ready") return "Shown in the shop";
  if (product.status === "processing") return "Images are being prepared; it shows in the shop when they are ready";
  return "Not in the shop: an image could not be processed (see below)";
}

// Two rows on a phone (edit, edit, state, delete; then the two lists), one wrapping row from 640 px.
const action =
  "flex min-h-11 w-full items-center justify-center rounded border px-2 py-1 text-center text-sm leading-tight sm:w-auto sm:px-3";
const plain = `${action} border-brass-700 text-brass-800 hover:bg-brass-100`;

function Cell({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return <div className={`${wide ? "col-span-6" : "col-span-3"} sm:col-auto`}>{children}</div>;
}

function PostButton({ intent, name, value, children }: { intent: string; name: string; value: number; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name={name} value={value} />
      <button type="submit" name="intent" value={intent} className={plain}>
        {children}
      </button>
    </Form>
  );
}

/**
 * An All Products card's actions, each saying what it acts on: the Gift list and the
 * Available Collection are named, so "Remove" beside "Delete" cannot be misread.
 */
export function ProductCardActions({
  product,
  editLink,
  returnTo,
  confirmingDelete = false,
  stateToggle,
}: {
  product: { id: number; name: string; giftEntryId: number | null; stockEntryId: number | null; waiting: number };
  editLink: (productId: number, mode: "quick" | "full") => string;
  /** The listing URL the delete posts go back to. */
  returnTo: string;
  /** Without JS: the page's answer to this card's Delete, the question to show at the card. */
  confirmingDelete?: boolean;
  /** The piece's state, a link that opens (or closes) its state buttons under the card. */
  stateToggle: { label: string; to: string; open: boolean };
}) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const step = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) step.current?.querySelector("button")?.focus();
  }, [asking]);
  return (
    <div className="col-span-2 mt-2 grid grid-cols-12 gap-2 sm:mt-3 sm:flex sm:flex-wrap">
      <Cell>
        <Link to={editLink(product.id, "quick")} className={plain} preventScrollReset>
          Quick Edit
        </Link>
      </Cell>
      <Cell>
        <Link to={editLink(product.id, "full")} className={plain} preventScrollReset>
          Full Edit
        </Link>
      </Cell>
      <Cell>
        <Link to={stateToggle.to} className={plain} preventScrollReset aria-expanded={stateToggle.open} data-testid="state-toggle">
          <span className="sr-only">State: </span>
          {stateToggle.label}
          <span aria-hidden="true">&nbsp;{stateToggle.open ? "▴" : "▾"}</span>
        </Link>
      </Cell>
      <Cell>
        {/* Without JS the question comes back from the server, scrolled to at this card; with JS it opens here. */}
        <Form method="post" action={`${returnTo}#${DELETE_STEP_ID}`} preventScrollReset>
          <input type="hidden" name="productId" value={product.id} />
          <button
            type={hydrated ? "button" : "submit"}
            name="intent"
            value="confirm-delete"
            aria-expanded={hydrated ? asking : undefined}
            onClick={hydrated ? () => setAsking(true) : undefined}
            className={`${action} border-red-700 text-red-700 hover:bg-red-50`}
          >
            Delete
          </button>
        </Form>
      </Cell>
      <Cell wide>
        {product.giftEntryId ? (
          <PostButton intent="gift-remove" name="entryId" value={product.giftEntryId}>
            Remove from Gift Items
          </PostButton>
        ) : (
          <PostButton intent="gift-add" name="productId" value={product.id}>
            Add to Gift Items
          </PostButton>
        )}
      </Cell>
      <Cell wide>
        {product.stockEntryId ? (
          <>
            <p className="mb-1 text-center text-xs text-green-900 sm:text-left">✓ In Available Collection</p>
            <PostButton intent="stock-remove" name="entryId" value={product.stockEntryId}>
              Remove from Available Collection
            </PostButton>
          </>
        ) : (
          <PostButton intent="stock-add" name="productId" value={product.id}>
            Add to Available Collection
          </PostButton>
        )}
      </Cell>
      {asking || confirmingDelete ? (
        <div ref={step} className="col-span-12 sm:w-full">
          <ConfirmStep
            id={DELETE_STEP_ID}
            message={DELETE_PRODUCT_CONFIRM}
            detail={deleteProductDetail(product.name, product.waiting)}
            intent="delete"
            fields={{ productId: product.id }}
            cancelTo={returnTo}
            onCancel={hydrated ? () => setAsking(false) : undefined}
            action={returnTo}
          />
        </div>
      ) : null}
    </div>
  );
}
