import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ADDED_ID, AddedResult } from "#app/components/admin/added-result.tsx";
import { CategoryOptions, controlClass, Field, FieldError, FIRST_WRONG_ID, FirstWrongProvider, firstWrongField, Labelled, buttonClass } from "#app/components/admin/field.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { FilePicker } from "#app/components/admin/file-picker.tsx";
import { ImagePreviews } from "#app/components/admin/image-previews.tsx";
import { PendingPhotos, type PendingView } from "#app/components/admin/pending-photos.tsx";
import { SignedOutNote } from "#app/components/admin/signed-out-note.tsx";
import { useBroughtIntoView } from "#app/components/ui/use-brought-into-view.ts";
import { constraintOf, PriceFields } from "#app/components/admin/price-fields.tsx";
import { ProgressBar } from "#app/components/admin/progress-bar.tsx";
import { TRANSLATION_FIELD_NAMES, TranslationFields, translationMeta, translationName } from "#app/components/admin/translation-fields.tsx";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { useXhrUpload } from "#app/components/admin/xhr-upload.ts";
import { refusalOf, refused } from "#app/lib/http-error.server.ts";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { getProductForAdmin } from "#app/modules/catalog/admin-products.server.ts";
import { CATEGORY_MESSAGE, newFormToken, productCreateFields, productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct, productOfFormToken } from "#app/modules/catalog/products.server.ts";
import { LIMIT_WORDS, PRODUCT_IMAGE_MESSAGES, productImagesProblem, UPLOAD_LIMITS, UPLOAD_RULES } from "#app/modules/media/limits.ts";
import { claimPending, keepPending, pendingOfForm } from "#app/modules/media/pending.server.ts";
import { discardUploads, parseUpload, UploadError } from "#app/modules/media/upload.server.ts";

const STATUS = { added: "Product added successfully!" } as const;
const constraint = getZodConstraint(productCreateFields);

/** The form's one-time token, and the product just added (`?status=added&product=id`) for the result. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const formToken = newFormToken();
  const id = Number(new URL(request.url).searchParams.get("product"));
  if (!Number.isSafeInteger(id) || id <= 0) return { added: null, formToken };
  try {
    const product = await getProductForAdmin(id);
    return { added: { id, name: product.name, category: product.category }, formToken };
  } catch (error) {
    refusalOf(error);
    return { added: null, formToken };
  }
}

/** The one-time token the form was sent with, if it is one. */
function formTokenOf(fields: FormData): string | null {
  const token = fields.get("formToken");
  return typeof token === "string" && /^[A-Za-z0-9_-]{22}$/.test(token) ? token : null;
}

/** What binds kept photos to this form: its one-time token (null without one). */
function formKeyOf(fields: FormData): string | null {
  const token = formTokenOf(fields);
  return token ? `add:${token}` : null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  let upload;
  try {
    upload = await parseUpload(request, { images: UPLOAD_RULES.newProductImages }, { keepReadable: true });
  } catch (error) {
    // The fields read before the refusal: the typed values come back without JS, and the
    // photos kept from an earlier refusal stay. Of the ones just sent, those that decoded are
    // kept too when only a damaged photo was refused (not past the limit: she chooses again).
    const fields = error instanceof UploadError ? error.fields : new FormData();
    const formKey = formKeyOf(fields);
    const earlier = await pendingOfForm(fields, formKey);
    const readable = error instanceof UploadError ? error.readable : [];
    const fits = formKey !== null && (earlier?.files.length ?? 0) + readable.length <= UPLOAD_LIMITS.imagesPerProduct;
    if (!fits) await discardUploads(readable);
    const pending = formKey && (earlier || readable.length > 0) ? await keepPending(formKey, fits ? readable : [], earlier) : null;
    // A refused photo is marked at the photos, beside the ones kept.
    const onImages = error instanceof UploadError && error.field === "images";
    return refused(error, (message) => ({
      result: parseWithZod(fields, { schema: productCreateSchema }).reply(onImages ? { fieldErrors: { images: [message] } } : undefined),
      error: `Error: ${message}`,
      pending,
      formToken: formTokenOf(fields),
    }));
  }
  // The same form sent again after it made its piece (back and send again, a second tap without
  // JavaScript): its kept photos belong to that piece now, so show the piece, not "no image".
  const token = formTokenOf(upload.fields);
  const made = token ? await productOfFormToken(token) : null;
  if (made !== null) {
    await upload.discard();
    return redirect(`/dashboard/upload?status=added&product=${made}#${ADDED_ID}`);
  }
  const submission = parseWithZod(upload.fields, { schema: productCreateSchema });
  const formKey = formKeyOf(upload.fields);
  const earlier = await pendingOfForm(upload.fields, formKey);
  const fresh = upload.files.filter((f) => f.field === "images");
  const images = [...(earlier?.files ?? []), ...fresh];
  const tooMany = images.length > UPLOAD_LIMITS.imagesPerProduct;
  if (submission.status !== "success" || images.length === 0 || tooMany) {
    // The photos received are kept for the corrected form (not those past the limit: the owner chooses again).
    if (!formKey || tooMany) await upload.discard();
    const pending = formKey ? await keepPending(formKey, tooMany ? [] : fresh, earlier) : null;
    const imageError = images.length === 0 ? PRODUCT_IMAGE_MESSAGES.none : tooMany ? PRODUCT_IMAGE_MESSAGES.tooMany : null;
    return data(
      {
        result: submission.reply(imageError ? { fieldErrors: { images: [imageError] } } : undefined),
        error: `Error: ${imageError ?? "Please correct the highlighted fields."}`,
        pending,
        // The returned form is the same form: its token (and with it the kept photos) stays.
        formToken: formTokenOf(upload.fields),
        imagesNotKept: pending || tooMany ? 0 : fresh.length,
      },
      { status: 400 },
    );
  }
  let id: number;
  try {
    const made = await createProduct(submission.value, images);
    id = made.id;
    // The kept photos' originals now belong to the piece's media rows (or to the piece the same form made already).
    if (earlier) await claimPending(earlier);
    if (made.repeated) await upload.discard(); // the same form again: the piece it made already
  } catch (error) {
    await upload.discard();
    throw error;
  }
  // With its own fragment: else the browser keeps the form's #first-wrong on the page it lands on.
  return redirect(`/dashboard/upload?status=added&product=${id}#${ADDED_ID}`);
}

/** The form's fields, top to bottom: a refused form without JavaScript opens at the first wrong one. */
const FIELD_ORDER = ["category", "name", "price", "fixedPrice", "height", "width", "length", "weight", "color", "material", "utility", "description", ...TRANSLATION_FIELD_NAMES, "images"];

export default function UploadProduct() {
  const { added, formToken: loaderToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const { send, progress, busy, reset } = useXhrUpload();
  const [files, setFiles] = useState<File[]>([]);
  const [category, setCategory] = useState("");
  // A category chosen while the page's scripts were still loading (a slow line) counts as chosen.
  const categorySelect = useRef<HTMLSelectElement>(null);
  useEffect(() => setCategory(categorySelect.current?.value ?? ""), []);
  const [clientError, setClientError] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  // With JS the form stays on the page between pieces: each piece gets its own token.
  const [formToken, setFormToken] = useState(actionData?.formToken ?? loaderToken);
  // The result shown is that of the last Add: sending the form again hides it until the next one.
  const [replacedResult, setReplacedResult] = useState<number | null>(null);
  // Photos the server kept from a refused send: without JS from the action's answer, with JS read from the refused page.
  const [pending, setPending] = useState<PendingView | null>(actionData?.pending ?? null);
  useEffect(() => setPending(actionData?.pending ?? null), [actionData]);
  const [pickerKey, setPickerKey] = useState(0);
  const keptCount = pending?.photos.length ?? 0;
  // A refusal about the photos (a damaged one): their part of the form is shown, the reason by the kept ones.
  const photos = useRef<HTMLDivElement>(null);
  useBroughtIntoView(photos, serverFieldErrors.images ? serverFieldErrors : null);

  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    constraint,
    // Errors on submit, then live: no error appears under a finger on its way to the button.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productCreateSchema }),
    onSubmit: async (event, { formData }) => {
      event.preventDefault();
      if (files.length + keptCount === 0) return setClientError(`Error: ${PRODUCT_IMAGE_MESSAGES.none}`);
      const problem = productImagesProblem(files, { kept: keptCount, current: keptCount });
      if (problem) return setClientError(`Error: ${problem}`);
      setClientError(null);
      setSignedOut(false);
      setServerFieldErrors({});
      setReplacedResult(added?.id ?? null);
      const body = new FormData();
      for (const [name, value] of formData) if (name !== "images") body.append(name, value);
      for (const file of files) body.append("images", file);
      const result = await send(event.currentTarget.action, body);
      reset();
      if (result.ok) {
        setFormToken(newFormToken());
        setPending(null);
        setFiles([]);
        setCategory("");
        form.reset(); // no error of the last attempt stays under the success message
        setFormKey((k) => k + 1); // the form resets (docs/product-rules.md, Errors)
      } else if (result.signedOut) {
        setSignedOut(true);
      } else {
        setClientError(result.error);
        setServerFieldErrors(result.fieldErrors);
        const kept = result.page?.querySelector<HTMLElement>("[data-pending]")?.dataset.pending;
        if (kept) {
          // The server holds the photos now: they show as received, and are not sent again.
          setPending(JSON.parse(kept) as PendingView);
          setFiles([]);
          setPickerKey((k) => k + 1);
        }
      }
    },
  });

  const fieldErrors = (name: keyof typeof fields) =>
    fields[name].errors ?? (serverFieldErrors[name] ? [serverFieldErrors[name]!] : undefined);
  const initial = (name: keyof typeof fields) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : undefined;
  };
  const meta = (name: keyof typeof fields) => ({
    required: fields[name].required,
    min: fields[name].min,
    max: fields[name].max,
    maxLength: fields[name].maxLength,
    errors: fieldErrors(name),
  });
  const filesProblem = productImagesProblem(files, keptCount > 0 ? { kept: keptCount, current: keptCount } : undefined);
  const imageErrors = filesProblem
    ? [filesProblem]
    : (actionData?.result?.error?.images ?? (serverFieldErrors.images ? [serverFieldErrors.images] : undefined));
  // Without JS the chosen files do not come back with the refused form (a browser never refills a file input).
  const imagesNotKept = actionData && "imagesNotKept" in actionData ? Number(actionData.imagesNotKept) : 0;
  const success = !actionData && !clientError ? statusFrom(searchParams, STATUS) : null;
  const firstWrong = firstWrongField(FIELD_ORDER, actionData?.result?.error);
  const noCategory = category === "" && !initial("category");
  // With JS the button stays disabled until both are there (docs/product-rules.md, Forms) and says what is still
  // needed, as a plain note: nothing is wrong before the owner has touched the form.
  const blocked = hydrated ? [...(noCategory ? [CATEGORY_MESSAGE] : []), ...(files.length + keptCount === 0 ? [PRODUCT_IMAGE_MESSAGES.none] : [])] : [];

  return (
    <FirstWrongProvider value={firstWrong}>
      <h1 className="font-serif text-2xl text-brass-800">Add product</h1>
      {success && added && added.id !== replacedResult ? <AddedResult added={added} success={success} /> : null}
      {success && !added ? <StatusMessage message={success} /> : null}
      <StatusMessage message={clientError ?? actionData?.error} tone="error" />
      <Form
        key={formKey}
        method="post"
        action={`/dashboard/upload#${FIRST_WRONG_ID}`}
        encType="multipart/form-data"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 grid max-w-3xl gap-4 md:grid-cols-2"
      >
        <input type="hidden" name="formToken" value={formToken} />
        <Labelled className="md:col-span-2" label="Category" name="category" errors={fieldErrors("category")}>
          <select ref={categorySelect} name="category" required defaultValue={initial("category") ?? ""} onChange={(e) => setCategory(e.target.value)} className={controlClass}>
            <option value="">Select a category</option>
            <CategoryOptions />
          </select>
        </Labelled>
        <div className="md:col-span-2">
          <Field label="Title" name="name" defaultValue={initial("name")} errors={fieldErrors("name")} {...constraintOf(meta("name"))} />
        </div>
        <PriceFields
          price={{ name: "price", meta: meta("price"), defaultValue: initial("price") }}
          fixedPrice={{ name: "fixedPrice", meta: meta("fixedPrice"), defaultValue: initial("fixedPrice") }}
        />
        {(["height", "width", "length", "weight"] as const).map((name) => (
          <Field
            key={name}
            label={name[0]!.toUpperCase() + name.slice(1)}
            name={name}
            type="number"
            step="0.01"
            hint={name === "weight" ? "grams" : "inch"}
            defaultValue={initial(name)}
            errors={fieldErrors(name)}
            {...constraintOf(meta(name))}
          />
        ))}
        <Field label="Colour" name="color" defaultValue={initial("color") ?? "Golden"} errors={fieldErrors("color")} />
        <Field label="Material" name="material" defaultValue={initial("material") ?? "Kansa"} errors={fieldErrors("material")} />
        <Field label="Utility" name="utility" defaultValue={initial("utility") ?? "Home Decor"} errors={fieldErrors("utility")} />
        <Labelled className="md:col-span-2" label="Description" name="description">
          <textarea name="description" rows={4} defaultValue={initial("description")} className={controlClass} />
        </Labelled>
        <TranslationFields
          field={(lang, key) => {
            const meta = translationMeta(fields.translations, lang, key);
            const server = serverFieldErrors[translationName(lang, key)];
            return { value: typeof meta.initialValue === "string" ? meta.initialValue : "", errors: meta.errors ?? (server ? [server] : undefined) };
          }}
        />
        <div ref={photos} id={firstWrong === "images" ? FIRST_WRONG_ID : undefined} className="scroll-mt-4 md:col-span-2">
          <PendingPhotos pending={pending} formKey={`add:${formToken}`} />
          <FilePicker key={pickerKey} label={`Images (${LIMIT_WORDS.productImages})`} name="images" accept="image/*" multiple required={keptCount === 0} hint={PRODUCT_IMAGE_MESSAGES.hint} onFiles={setFiles} shrinkOver={UPLOAD_LIMITS.productImageBytes}>
            <FieldError name="images" errors={imageErrors} />
            {imagesNotKept > 0 ? (
              <p role="alert" data-testid="images-not-kept" className="mt-1 text-sm font-medium text-red-700">
                {PRODUCT_IMAGE_MESSAGES.notKept(imagesNotKept)}
              </p>
            ) : null}
            <ImagePreviews files={files} />
          </FilePicker>
        </div>
        <div className="md:col-span-2">
          <ProgressBar percent={progress} />
          <button
            type="submit"
            className={buttonClass}
            disabled={busy || blocked.length > 0 || filesProblem !== null}
          >
            {busy ? "Adding product…" : "Add product"}
          </button>
          {signedOut ? <SignedOutNote /> : null}
          {blocked.length > 0 ? (
            <ul className="mt-2 text-sm text-brass-900/80" data-testid="submit-blocked" aria-label="Still needed">
              {blocked.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </Form>
    </FirstWrongProvider>
  );
}

export const meta: MetaFunction = () => [{ title: "Add product · Dashboard" }];
