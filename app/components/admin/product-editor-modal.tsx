import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { secondaryButtonClass } from "./field.tsx";
import { productCardId } from "./product-card-actions.tsx";
import { ProductEditForm, type EditableProduct } from "./product-edit-form.tsx";

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
          <ProductEditForm key={`${editing.id}-${mode}`} product={editing} mode={mode} returnTo={`${returnTo}#${productCardId(editing.id)}`} />
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
