import { Link, useFetcher, useNavigate } from "@remix-run/react";
import type { Router } from "@remix-run/router";
import { useEffect, useRef, type RefObject } from "react";
import type { clientAction as saveEdit } from "#app/routes/dashboard.edit-product.$id.tsx";
import { secondaryButtonClass } from "./field.tsx";
import { productCardId } from "./product-card-actions.tsx";
import { ProductEditForm, type EditableProduct } from "./product-edit-form.tsx";
import { RefusedSave } from "./refused-save.tsx";
import { isSignedOutAnswer } from "./signed-out-note.tsx";

const CLOSE_UNSAVED = "Close without saving? What you changed in this piece is not saved.";

/** Whether a box of the dialog's form differs from what it opened with, photos are chosen, or a refused save's form is shown. */
function unsaved(dialog: HTMLDialogElement | null): boolean {
  if (dialog?.querySelector('[role="alert"]')) return true;
  const form = dialog?.querySelector("form");
  return Array.from(form?.elements ?? []).some((el) => {
    if (el instanceof HTMLInputElement) {
      if (el.type === "file") return (el.files?.length ?? 0) > 0;
      return el.type !== "hidden" && el.type !== "checkbox" && el.value !== el.defaultValue;
    }
    if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue;
    if (el instanceof HTMLSelectElement) return Array.from(el.options).some((option) => option.selected !== option.defaultSelected);
    return false;
  });
}

/**
 * Every way out of the dialog asks first when what she typed would be lost: Close, Escape, the
 * phone's Back, the link to the edit page. A save's own return to the list is a redirect, which
 * the router does not hold. This is the router's blocker, as Remix's useBlocker gives it, taken
 * from the router itself (RemixBrowser sets window.__remixRouter): the hook's code would sit in
 * the chunk every storefront page loads, 200 bytes past the product page's 90 KB.
 */
function useAskBeforeLeaving(dialog: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const router = (window as { __remixRouter?: Router }).__remixRouter;
    if (!router) return;
    const key = "editor-dialog";
    router.getBlocker(key, () => unsaved(dialog.current));
    let asked: unknown = null;
    const unsubscribe = router.subscribe((state) => {
      const blocker = state.blockers.get(key);
      // Once per blocked navigation (other updates come while the question is open).
      if (blocker?.state !== "blocked" || blocker === asked) return;
      asked = blocker;
      // After the router's update, as the hook's effect would be.
      setTimeout(() => (window.confirm(CLOSE_UNSAVED) ? blocker.proceed() : blocker.reset()));
    });
    return () => {
      unsubscribe();
      router.deleteBlocker(key);
    };
  }, [dialog]);
}

/** All Products' Quick Edit and Full Edit: a dialog over the list (open without JS, modal with it). */
export function EditorModal({
  editing,
  mode,
  returnTo,
  loading,
}: {
  editing: EditableProduct | null;
  mode: "quick" | "full";
  returnTo: string;
  loading: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useAskBeforeLeaving(ref);
  useEffect(() => {
    const dialog = ref.current;
    // Server-rendered open (works without JS); with JS, reopen it as a modal (focus trap, Escape).
    if (dialog && typeof dialog.showModal === "function" && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="editor-title"
      onCancel={(event) => {
        event.preventDefault();
        navigate(returnTo, { preventScrollReset: true });
      }}
      className="fixed inset-0 z-50 m-auto max-h-[90vh] w-[min(48rem,95vw)] overflow-y-auto rounded-lg bg-brass-50 p-6 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="editor-title" className="font-serif text-xl text-brass-800 wrap-anywhere">
          {mode === "quick" ? "Quick Edit" : "Full Edit"}
          {editing ? `: ${editing.name}` : ""}
        </h2>
        <Link to={returnTo} className={secondaryButtonClass} preventScrollReset>
          Close
        </Link>
      </div>
      {loading || !editing ? (
        <p className="mt-6" role="status">
          Loading product data...
        </p>
      ) : (
        <div className="mt-4">
          <DialogForm key={`${editing.id}-${mode}`} product={editing} mode={mode} returnTo={`${returnTo}#${productCardId(editing.id)}`} />
          <p className="mt-4 text-sm">
            <Link className="inline-flex min-h-11 items-center underline" to={`/dashboard/edit-product/${editing.id}`}>
              Open the edit page (images, order, main image)
            </Link>
          </p>
        </div>
      )}
    </dialog>
  );
}

/**
 * The dialog's form. With JavaScript it is saved by a fetcher, so an answer other than "saved"
 * stays in the dialog with what she typed: a refusal (its reasons, the photos kept), and a
 * sign-in that had ended, which sent her to the sign-in page before (the edit page it posted to
 * asked for one). Without JavaScript it posts to the edit page, which shows a refusal.
 */
function DialogForm({ product, mode, returnTo }: { product: EditableProduct; mode: "quick" | "full"; returnTo: string }) {
  const key = `dialog-save-${product.id}-${mode}`;
  const answer = useFetcher<typeof saveEdit>({ key }).data;
  const signedOut = isSignedOutAnswer(answer);
  const refusal = signedOut ? undefined : answer;
  return (
    <>
      <RefusedSave answer={refusal} />
      <ProductEditForm
        product={product}
        mode={mode}
        returnTo={returnTo}
        refusal={refusal}
        signedOut={signedOut}
        fetcherKey={key}
      />
    </>
  );
}
