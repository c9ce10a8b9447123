import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { z } from "zod";
import { ConfirmStep } from "#app/components/admin/confirm-button.tsx";
import { CategoryOptions, buttonClass } from "#app/components/admin/field.tsx";
import { MediaState } from "#app/components/admin/media-state.tsx";
import { PageNav } from "#app/components/admin/page-nav.tsx";
import { ProductCardActions, productCardId } from "#app/components/admin/product-card-actions.tsx";
import { Thumbnail } from "#app/components/admin/thumbnail.tsx";
import { EditorModal } from "#app/components/admin/product-editor-modal.tsx";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { usePollWhile } from "#app/components/admin/poll.ts";
import { refusalOf, refused } from "#app/lib/http-error.server.ts";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { categoryName } from "#app/modules/catalog/categories.ts";
import { formatINR } from "#app/modules/catalog/format.ts";
import { addToList, LIST_MESSAGES, removeFromList } from "#app/modules/catalog/lists.server.ts";
import { getProductForAdmin, listProductsForAdmin } from "#app/modules/catalog/admin-products.server.ts";
import { MANAGE_MESSAGES } from "#app/modules/catalog/manage-messages.server.ts";
import { deleteProductIfPresent } from "#app/modules/catalog/manage.server.ts";
import { retryMedia } from "#app/modules/media/library.server.ts";
import { ProductStateActions, SOLD_STEP_ID } from "#app/components/admin/product-state-actions.tsx";
import { isSignedOutAnswer, keepPageWhenSignedOut, SignedOutNote } from "#app/components/admin/signed-out-note.tsx";
import { setProductState } from "#app/modules/catalog/states.server.ts";
import { productStateFields } from "#app/modules/catalog/state-schema.ts";
import { PRODUCT_STATES, STATE_ACTIONS, STATE_NAMES } from "#app/modules/catalog/states.ts";
import { freshPieceFigures } from "#app/modules/interest/screen.server.ts";
import { pieceFiguresShort } from "#app/modules/interest/texts.ts";


const STATUS = {
  deleted: MANAGE_MESSAGES.deleted,
  saved: MANAGE_MESSAGES.updated,
  "gift-added": LIST_MESSAGES.gift_entries.added,
  "gift-removed": LIST_MESSAGES.gift_entries.removed,
  "stock-added": LIST_MESSAGES.stock_entries.added,
  "stock-removed": LIST_MESSAGES.stock_entries.removed,
  retried: "Processing started again",
  "state-changed": STATE_ACTIONS.changed,
} as const;

const id = z.coerce.number().int().positive();
/** The state the card showed when the owner chose (its buttons send it). */
const shownState = z.enum(PRODUCT_STATES).optional();
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm-delete"), productId: id }),
  z.object({ intent: z.literal("delete"), productId: id }),
  z.object({ intent: z.literal("gift-add"), productId: id }),
  z.object({ intent: z.literal("gift-remove"), entryId: id }),
  z.object({ intent: z.literal("stock-add"), productId: id }),
  z.object({ intent: z.literal("stock-remove"), entryId: id }),
  z.object({ intent: z.literal("retry"), mediaId: id }),
  z.object({ intent: z.literal("confirm-mark-sold"), productId: id, from: shownState }),
  z.object({ intent: z.literal("mark-sold"), productId: id, from: shownState }),
  z.object({ intent: z.literal("set-state"), productId: id, from: shownState, ...productStateFields }),
]);

const FAILURE: Record<z.infer<typeof intentSchema>["intent"], string> = {
  "confirm-delete": "Failed to delete product",
  delete: "Failed to delete product",
  "gift-add": "Failed to add product to trending",
  "gift-remove": "Failed to remove product from trending",
  "stock-add": "Failed to add product to available collection",
  "stock-remove": "Failed to remove product from available collection",
  retry: "Failed to retry",
  "confirm-mark-sold": "Failed to change the state",
  "mark-sold": "Failed to change the state",
  "set-state": "Failed to change the state",
};

/** The listing with one card's state buttons open (or none), back at that card. */
function stateToggleUrl(returnTo: string, productId: number | null): string {
  const url = new URL(returnTo, "http://x");
  if (productId === null) url.searchParams.delete("stateFor");
  else url.searchParams.set("stateFor", String(productId));
  return `${url.pathname}${url.search}${productId === null ? "" : `#state-${productId}`}`;
}

/**
 * The listing URL the page was on, without the editor or a previous status; `at` a card, so the
 * page comes back at the piece just changed, not at the list's top (54 pieces on a phone).
 */
function listUrl(request: Request, status?: string, at?: number): string {
  const url = new URL(request.url);
  for (const key of ["edit", "mode", "status", "index"]) url.searchParams.delete(key);
  if (status) url.searchParams.set("status", status);
  return url.pathname + url.search + (at ? `#${productCardId(at)}` : "");
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const category = url.searchParams.get("category") ?? "";
  const q = url.searchParams.get("q") ?? "";
  const page = Number(url.searchParams.get("page") ?? 1);
  const state = url.searchParams.get("state") ?? "";
  const editId = Number(url.searchParams.get("edit"));
  const mode = url.searchParams.get("mode") === "full" ? "full" : "quick";
  let editing = null;
  if (Number.isSafeInteger(editId) && editId > 0) {
    try {
      editing = await getProductForAdmin(editId);
    } catch (error) {
      refusalOf(error); // a product deleted meanwhile: the listing without the editor
    }
  }
  const products = await listProductsForAdmin({ category, q, page, state });
  const figures = await freshPieceFigures(products.items.map((p) => p.id));
  // The one card whose state buttons are open (a link on each card; closed cards stay compact on a phone).
  const stateFor = Number(url.searchParams.get("stateFor")) || null;
  return { products, figures, category, q, state, stateFor, editing, mode, returnTo: listUrl(request), status: statusFrom(url.searchParams, STATUS) } as const;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Unknown action", confirm: null }, { status: 400 });
  const intent = parsed.data;
  try {
    switch (intent.intent) {
      case "confirm-delete":
        return data({ error: null, confirm: intent.productId });
      case "delete":
        await deleteProductIfPresent(intent.productId);
        return redirect(listUrl(request, "deleted"));
      case "gift-add":
        await addToList("gift_entries", intent.productId);
        return redirect(listUrl(request, "gift-added", intent.productId));
      case "gift-remove":
        await removeFromList("gift_entries", intent.entryId);
        return redirect(listUrl(request, "gift-removed"));
      case "stock-add":
        await addToList("stock_entries", intent.productId);
        return redirect(listUrl(request, "stock-added", intent.productId));
      case "stock-remove":
        await removeFromList("stock_entries", intent.entryId);
        return redirect(listUrl(request, "stock-removed"));
      case "confirm-mark-sold": {
        const { name } = await getProductForAdmin(intent.productId);
        return data({ error: null, confirm: null, confirmSold: { productId: intent.productId, name, from: intent.from } });
      }
      case "mark-sold":
        await setProductState(intent.productId, { state: "sold", from: intent.from });
        return redirect(listUrl(request, "state-changed", intent.productId));
      case "set-state":
        await setProductState(intent.productId, { state: intent.state, shipsInDays: intent.shipsInDays, from: intent.from });
        return redirect(listUrl(request, "state-changed", intent.productId));
      case "retry":
        if (!(await retryMedia(intent.mediaId))) {
          return data({ error: "This image is not waiting for a retry.", confirm: null }, { status: 409 });
        }
        return redirect(listUrl(request, "retried"));
    }
  } catch (error) {
    // Said at the piece's card, where she tapped (a list scrolled far down keeps its place).
    const about = "productId" in intent ? intent.productId : null;
    return refused(error, (message) => ({ error: `${FAILURE[intent.intent]}: ${message}`, confirm: null, about }));
  }
}

/** A button pressed after the sign-in ended: the list stays, and says nothing was done (signed-out-note.tsx). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => keepPageWhenSignedOut(() => serverAction<typeof action>());

/** A state button refused because the piece moved on (409): the cards are read again, so they show where it stands now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) =>
  !isSignedOutAnswer(actionResult) && (actionStatus === 409 || defaultShouldRevalidate);

export default function AllProducts() {
  const { products, figures, category, q, state, stateFor, editing, mode, returnTo, status } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof clientAction>();
  const signedOut = isSignedOutAnswer(answer);
  const actionData = signedOut ? undefined : answer;
  const location = useLocation();
  const navigation = useNavigation();
  const pendingEdit =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? new URLSearchParams(navigation.location.search)
      : null;
  const loadingEditor = Boolean(pendingEdit?.get("edit")) && pendingEdit?.get("edit") !== String(editing?.id ?? "");
  const showEditor = Boolean(editing) || loadingEditor;
  const editorMode = loadingEditor ? (pendingEdit?.get("mode") === "full" ? "full" : "quick") : mode;
  const editLink = (productId: number, m: "quick" | "full") => {
    const params = new URLSearchParams(location.search);
    params.delete("status");
    params.set("edit", String(productId));
    params.set("mode", m);
    return `?${params}`;
  };
  const confirmFor = actionData?.confirm ?? null;
  const refusalAt = actionData && "about" in actionData && actionData.error ? actionData.about : null;
  const confirmSold = actionData && "confirmSold" in actionData ? actionData.confirmSold : null;
  // Processing products turn ready without a reload (JS); the editor is left alone while open.
  usePollWhile(!showEditor && products.items.some((p) => p.status === "processing"));

  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">All Products</h1>
      <StatusMessage message={actionData ? null : status} />
      <StatusMessage message={refusalAt === null ? actionData?.error : null} tone="error" />
      {signedOut ? <SignedOutNote /> : null}

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search">
        {/* Side by side on a phone, so the list starts higher. */}
        <div className="grid w-full grid-cols-2 gap-3 sm:contents">
          <label className="block">
            <span className="text-sm font-medium">Category</span>
            <select name="category" defaultValue={category} className="mt-1 block min-h-11 w-full sm:w-auto rounded border border-brass-300 bg-white px-3 py-2">
              <option value="">All categories</option>
              <CategoryOptions />
            </select>
          </label>
          <label className="block">
            <span className="text-sm font-medium">State</span>
            <select name="state" defaultValue={state} className="mt-1 block min-h-11 w-full sm:w-auto rounded border border-brass-300 bg-white px-3 py-2">
              <option value="">All states</option>
              {PRODUCT_STATES.map((s) => (
                <option key={s} value={s}>
                  {STATE_NAMES[s]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="block">
          <span className="text-sm font-medium">Search</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Name or description"
            className="mt-1 block min-h-11 rounded border border-brass-300 bg-white px-3 py-2"
          />
        </label>
        <button type="submit" className={buttonClass}>
          Search
        </button>
      </Form>
      <p className="mt-2 text-sm text-brass-900/80" data-testid="result-count">
        {products.total} {products.total === 1 ? "product" : "products"}
      </p>

      {products.items.length === 0 ? (
        <p className="mt-6">No products found.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
          {products.items.map((p) => {
            const main = p.images.find((i) => i.view)?.view;
            const firstProblem = p.images.find((i) => i.status !== "ready");
            return (
              <li
                key={p.id}
                id={productCardId(p.id)}
                className="grid scroll-mt-24 grid-cols-[4rem_1fr] gap-x-3 rounded-lg bg-white p-3 shadow-sm sm:flex sm:flex-col"
                data-testid="admin-product-card"
              >
                {main ? (
                  <Thumbnail image={main} alt={p.name} sizes="(min-width: 1280px) 22vw, (min-width: 640px) 45vw, 4rem" />
                ) : (
                  <div className="flex aspect-square w-full items-center justify-center rounded bg-brass-100 text-center text-xs">No image yet</div>
                )}
                <div className="min-w-0">
                  <h2 className="line-clamp-2 font-medium wrap-anywhere sm:mt-2" title={p.name}>
                    {p.name}
                  </h2>
                  <p className="text-sm text-brass-900/80">
                    {categoryName(p.category)} · {formatINR(p.priceDiscount ?? p.priceFixed)}
                  </p>
                  {/* The status and the 30-day figures share one line, so a phone's card stays compact. */}
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs">
                    {firstProblem ? (
                      <MediaState
                        status={firstProblem.status}
                        progress={firstProblem.progress}
                        error={firstProblem.error}
                        mediaId={firstProblem.mediaId}
                      />
                    ) : (
                      <MediaState status="ready" progress={100} error={null} mediaId={0} />
                    )}
                    {figures[p.id] ? (
                      <span className="text-brass-900/80" data-testid="piece-figures">
                        {pieceFiguresShort(figures[p.id]!)}
                      </span>
                    ) : null}
                  </div>
                </div>
                <ProductCardActions
                  product={p}
                  editLink={editLink}
                  returnTo={returnTo}
                  confirmingDelete={confirmFor === p.id}
                  stateToggle={{ label: STATE_NAMES[p.state], to: stateToggleUrl(returnTo, stateFor === p.id ? null : p.id), open: stateFor === p.id }}
                />
                {stateFor === p.id ? <ProductStateActions product={p} returnTo={returnTo} /> : null}
                {refusalAt === p.id ? (
                  <div className="col-span-2">
                    <StatusMessage message={actionData?.error} tone="error" />
                  </div>
                ) : null}
                {confirmSold?.productId === p.id ? (
                  <div className="col-span-2">
                    <ConfirmStep
                      id={SOLD_STEP_ID}
                      message={STATE_ACTIONS.confirmSold(confirmSold.name)}
                      intent="mark-sold"
                      fields={{ productId: confirmSold.productId, ...(confirmSold.from ? { from: confirmSold.from } : {}) }}
                      cancelTo={returnTo}
                      action={returnTo}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <PageNav page={products.page} pageCount={products.pageCount} />

      {showEditor ? (
        <EditorModal editing={loadingEditor ? null : editing} mode={editorMode} returnTo={returnTo} loading={loadingEditor} />
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "All Products · Dashboard" }];
