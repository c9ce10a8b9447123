import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { Fragment, useEffect, useRef, useState } from "react";
import { useBroughtIntoView } from "#app/components/ui/use-brought-into-view.ts";
import type { AdminProduct } from "#app/modules/catalog/admin-products.server.ts";
import { editBase, valueAt } from "#app/modules/catalog/edit-conflict.ts";
import { productEditFormFields, productEditFormSchema } from "#app/modules/catalog/product-schema.ts";
import { PRODUCT_IMAGE_MESSAGES, productImagesProblem, UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import { CategoryOptions, controlClass, Field, FieldError, FIRST_WRONG_ID, FirstWrongProvider, firstWrongField, Labelled, buttonClass } from "./field.tsx";
import { FilePicker } from "./file-picker.tsx";
import { PendingPhotos } from "./pending-photos.tsx";
import type { SaveAnswer } from "./refused-save.tsx";
import { ImagePreviews } from "./image-previews.tsx";
import { constraintOf, PriceFields } from "./price-fields.tsx";
import { SignedOutNote } from "./signed-out-note.tsx";
import { StateFields } from "./state-fields.tsx";
import { TRANSLATION_FIELD_NAMES, TranslationFields, translationMeta, translationName } from "./translation-fields.tsx";

const constraint = getZodConstraint(productEditFormFields);

/** What the editor needs of a product (the loaders send the whole AdminProduct). */
export type EditableProduct = Pick<
  AdminProduct,
  | "id" | "name" | "description" | "category" | "priceFixed" | "priceDiscount" | "color" | "material" | "utility" | "height" | "width" | "length" | "weight" | "version"
  | "state" | "shipsInDays" | "translations"
> & { images: { mediaId: number }[] };

/** The full editor's fields, top to bottom. */
const FULL_FIELD_ORDER = ["name", "description", "priceDiscount", "priceFixed", "category", "color", "material", "utility", "height", "width", "length", "weight", "state", "shipsInDays", ...TRANSLATION_FIELD_NAMES];

const text = (v: number | null) => (v === null ? "" : String(v));

/**
 * The product editor, in quick mode (name, description, prices, add images: existing
 * images are kept) or full mode (every field; new images replace the old ones unless
 * 'Keep existing images' stays ticked). Posts to the edit-product action.
 */
export function ProductEditForm({
  product,
  mode,
  returnTo,
  refusal,
  signedOut = false,
  fetcherKey,
}: {
  product: EditableProduct;
  mode: "quick" | "full";
  returnTo: string;
  /**
   * The last save's refusal: the form as sent, the photos the server kept (shown as chosen, not
   * chosen again) and, after an edit based on an old version, the current one to save on.
   */
  refusal?: SaveAnswer;
  /** The last save found the sign-in ended: the form stays as typed, and the note says so. */
  signedOut?: boolean;
  /** In All Products' dialog, with JavaScript: saved by this fetcher, so a refusal comes back in the dialog (product-editor-modal.tsx). */
  fetcherKey?: string;
}) {
  const { result: lastResult, sent: sentFields, imageError, conflict: rebase, pending = null } = refusal ?? {};
  const [files, setFiles] = useState<File[]>([]);
  // The version the owner started from: a poll's revalidation must not move it on under what
  // she typed (that would let her save silently over another save); a navigation (after a
  // save, an image change) starts again from the product as loaded.
  const location = useLocation();
  const [started, setStarted] = useState(() => ({ key: location.key, version: product.version, base: editBase(product) }));
  if (started.key !== location.key) setStarted({ key: location.key, version: product.version, base: editBase(product) });
  const basedOn = rebase ?? started;
  // After a refused post, as it was sent (unticked, it is absent); before one, ticked.
  const [keep, setKeep] = useState(() => !lastResult?.initialValue || lastResult.initialValue.keepExistingImages === "true");
  // A refusal about the photos: their part of the form (the reason, the kept photos) is shown.
  const photos = useRef<HTMLDivElement>(null);
  useBroughtIntoView(photos, imageError ? lastResult ?? imageError : null);
  // Photos the server now keeps are no longer the picker's to send.
  useEffect(() => setFiles([]), [pending?.ref]);
  // Nor are those of a save that went through (a new page, no reply): they are on the piece now,
  // and a second save sent them again. The picker starts empty after it.
  const sent = useRef(false);
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    if (!sent.current) return;
    sent.current = false;
    if (lastResult) return;
    setSaves((n) => n + 1);
    setFiles([]);
  }, [location.key, lastResult]);
  const [form, fields] = useForm({
    id: `edit-product-${product.id}-${mode}`,
    lastResult: lastResult ?? null,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productEditFormSchema, disableAutoCoercion: true }),
  });
  // After a refused post, the form the server returned (what was sent; after a conflict, the
  // product as it is now with her changes on it), read from the reply itself: its boxes are drawn
  // from it when the form is based on a new version. Conform's reply leaves emptied fields out,
  // and they must stay empty (a cleared discount must not come back). Before one, and for a field
  // the post did not carry (the quick form has no state: the full page must not make a sold piece
  // available), the stored value.
  const returned = lastResult?.initialValue;
  const value = (name: string, stored: string) => {
    if (!returned || (sentFields && !sentFields.includes(name))) return stored;
    const v = valueAt(returned, name);
    return typeof v === "string" ? v : "";
  };
  const current = product.images.length;
  const kept = (pending?.photos ?? []).map((photo) => ({ size: photo.bytes }));
  const clientImageError = productImagesProblem([...kept, ...files], { kept: mode === "quick" || keep ? current : 0, current });
  const meta = (name: "priceFixed" | "priceDiscount") => ({
    required: fields[name].required,
    min: fields[name].min,
    max: fields[name].max,
    errors: fields[name].errors,
  });
  const hidden = (name: string, v: string) => <input type="hidden" name={name} value={v} />;
  // While a save is on its way the button says so and takes no second tap: on a slow line a
  // second one was sent on the version the first had just replaced (a conflict listing her own
  // change) and added its photos again.
  const fetcher = useFetcher({ key: fetcherKey });
  const navigation = useNavigation();
  const action = `/dashboard/edit-product/${product.id}`;
  const saving = fetcherKey ? fetcher.state !== "idle" : navigation.state === "submitting" && navigation.formAction?.split(/[?#]/)[0] === action;
  // The full editor is a page of its own: refused without JavaScript, it opens at the first wrong field.
  const firstWrong = mode === "full" ? (firstWrongField(FULL_FIELD_ORDER, lastResult?.error) ?? (imageError ? "images" : null)) : null;

  return (
    <FirstWrongProvider value={firstWrong}>
      <Form
        method="post"
        action={`${action}${mode === "full" ? `#${FIRST_WRONG_ID}` : ""}`}
        encType="multipart/form-data"
        navigate={!fetcherKey}
        fetcherKey={fetcherKey}
        id={form.id}
        onSubmit={(event) => {
          if (clientImageError) {
            event.preventDefault();
            return;
          }
          form.onSubmit(event);
          sent.current = !event.defaultPrevented;
        }}
        noValidate
        className="grid gap-4 md:grid-cols-2"
      >
        {hidden("returnTo", returnTo)}
        {hidden("mode", mode)}
        {hidden("version", String(basedOn.version))}
        {hidden("original", basedOn.base)}
        {/* Keyed by the version the form is based on: after a refused save the boxes are drawn
            again from the returned form (the product as it is now, with her changes on it); an
            uncontrolled box, a <select> above all, would otherwise keep what it showed before. */}
        <Fragment key={basedOn.version}>
          <div className="md:col-span-2">
            <Field label="Name" name="name" defaultValue={value("name", product.name)} errors={fields.name.errors} {...constraintOf(fields.name)} />
          </div>
          <Labelled className="md:col-span-2" label="Description" name="description" errors={fields.description.errors}>
            <textarea name="description" required rows={mode === "quick" ? 3 : 5} defaultValue={value("description", product.description)} className={controlClass} />
          </Labelled>
          <PriceFields
            price={{ name: "priceDiscount", meta: meta("priceDiscount"), defaultValue: value("priceDiscount", text(product.priceDiscount)) }}
            fixedPrice={{ name: "priceFixed", meta: meta("priceFixed"), defaultValue: value("priceFixed", String(product.priceFixed)) }}
          />
          {mode === "full" ? (
            <>
              <Labelled label="Category" name="category" errors={fields.category.errors}>
                <select name="category" defaultValue={value("category", product.category)} className={controlClass}>
                  <CategoryOptions />
                </select>
              </Labelled>
              <Field label="Colour" name="color" defaultValue={value("color", product.color)} errors={fields.color.errors} />
              <Field label="Material" name="material" defaultValue={value("material", product.material)} errors={fields.material.errors} />
              <Field label="Utility" name="utility" defaultValue={value("utility", product.utility)} errors={fields.utility.errors} />
              <Field label="Height" name="height" type="number" step="0.01" min="0" hint="inch" defaultValue={value("height", text(product.height))} errors={fields.height.errors} />
              <Field label="Width" name="width" type="number" step="0.01" min="0" hint="inch" defaultValue={value("width", text(product.width))} errors={fields.width.errors} />
              <Field label="Length" name="length" type="number" step="0.01" min="0" hint="inch" defaultValue={value("length", text(product.length))} errors={fields.length.errors} />
              <Field label="Weight" name="weight" type="number" step="0.01" min="0" hint="grams" defaultValue={value("weight", text(product.weight))} errors={fields.weight.errors} />
              <StateFields
                state={value("state", product.state)}
                shipsInDays={value("shipsInDays", text(product.shipsInDays))}
                errors={{ state: fields.state.errors, shipsInDays: fields.shipsInDays.errors }}
              />
              <TranslationFields
                field={(lang, key) => {
                  const meta = translationMeta(fields.translations, lang, key);
                  const stored = product.translations[lang][key] ?? "";
                  return { value: value(translationName(lang, key), stored), errors: meta.errors };
                }}
              />
            </>
          ) : (
            <>
              {hidden("category", product.category)}
              {hidden("color", product.color)}
              {hidden("material", product.material)}
              {hidden("utility", product.utility)}
              {hidden("height", text(product.height))}
              {hidden("width", text(product.width))}
              {hidden("length", text(product.length))}
              {hidden("weight", text(product.weight))}
            </>
          )}
        </Fragment>
        <div ref={photos} id={firstWrong === "images" ? FIRST_WRONG_ID : undefined} className="scroll-mt-4 md:col-span-2">
          <PendingPhotos pending={pending} formKey={`edit:${product.id}`} />
          {/* Keyed by the kept photos and the saves: with JS the input holding what the server now keeps, or the piece, is emptied. */}
          <FilePicker
            key={`${pending?.ref ?? "none"}:${saves}`}
            label={mode === "quick" ? "Add images" : "New images"}
            name="images"
            accept="image/*"
            multiple
            hint={`${current} of ${UPLOAD_LIMITS.imagesPerProduct} images. ${PRODUCT_IMAGE_MESSAGES.hint}`}
            onFiles={setFiles}
            shrinkOver={UPLOAD_LIMITS.productImageBytes}
          />
          {mode === "quick" ? (
            hidden("keepExistingImages", "true")
          ) : (
            <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="keepExistingImages" value="true" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
              Keep existing images (untick to replace them with the new ones)
            </label>
          )}
          <FieldError name="images" errors={clientImageError ? [clientImageError] : imageError ? [imageError] : null} />
          <ImagePreviews files={files} />
        </div>
        <div className="md:col-span-2">
          <button type="submit" name="intent" value="update" className={buttonClass} disabled={clientImageError !== null || saving}>
            {saving ? "Saving…" : "Save changes"}
          </button>
          {signedOut ? <SignedOutNote /> : null}
        </div>
      </Form>
    </FirstWrongProvider>
  );
}
