import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { CategoryOptions, Field, FieldError, buttonClass } from "#app/components/admin/field.tsx";
import { useHydrated } from "#app/components/admin/hydrated.ts";
import { ImagePreviews } from "#app/components/admin/image-previews.tsx";
import { ProgressBar } from "#app/components/admin/progress-bar.tsx";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { useXhrUpload } from "#app/components/admin/xhr-upload.ts";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import {
  CATEGORY_MESSAGE,
  IMAGE_COUNT_MESSAGES,
  MAX_PRODUCT_IMAGES,
  productCreateSchema,
} from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { parseUpload, UPLOAD_LIMITS, UploadError } from "#app/modules/media/upload.server.ts";


const STATUS = { added: "Product added successfully!" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  let upload;
  try {
    upload = await parseUpload(request, {
      images: {
        kind: "image",
        maxFiles: UPLOAD_LIMITS.imagesPerProduct,
        maxBytes: UPLOAD_LIMITS.imageBytes,
        tooManyMessage: IMAGE_COUNT_MESSAGES.tooMany,
      },
    });
  } catch (error) {
    if (error instanceof UploadError) {
      // The fields read before the refusal: the typed values come back without JS (SPEC §8).
      const result = parseWithZod(error.fields, { schema: productCreateSchema }).reply();
      return data({ result, error: `Error: ${error.message}` }, { status: error.status });
    }
    throw error;
  }
  const submission = parseWithZod(upload.fields, { schema: productCreateSchema });
  const images = upload.files.filter((f) => f.field === "images");
  if (submission.status !== "success" || images.length === 0) {
    await upload.discard();
    const imageError = images.length === 0 ? IMAGE_COUNT_MESSAGES.none : null;
    return data(
      {
        result: submission.reply(imageError ? { fieldErrors: { images: [imageError] } } : undefined),
        error: `Error: ${imageError ?? "Please correct the highlighted fields."}`,
      },
      { status: 400 },
    );
  }
  try {
    await createProduct(submission.value, images);
  } catch (error) {
    await upload.discard();
    throw error;
  }
  return redirect("/dashboard/upload?status=added");
}

export default function UploadProduct() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const { send, progress, busy, reset } = useXhrUpload();
  const [files, setFiles] = useState<File[]>([]);
  const [category, setCategory] = useState("");
  const [clientError, setClientError] = useState<string | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);

  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    // Errors on submit, then live: no error appears under a finger on its way to the button.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productCreateSchema }),
    onSubmit: async (event, { formData }) => {
      event.preventDefault();
      if (files.length === 0) return setClientError(`Error: ${IMAGE_COUNT_MESSAGES.none}`);
      if (files.length > MAX_PRODUCT_IMAGES) return setClientError(`Error: ${IMAGE_COUNT_MESSAGES.tooMany}`);
      setClientError(null);
      setServerFieldErrors({});
      const body = new FormData();
      for (const [name, value] of formData) if (name !== "images") body.append(name, value);
      for (const file of files) body.append("images", file);
      const result = await send(event.currentTarget.action, body);
      reset();
      if (result.ok) {
        setFiles([]);
        setCategory("");
        setFormKey((k) => k + 1); // the form resets (SPEC §8)
      } else {
        setClientError(result.error);
        setServerFieldErrors(result.fieldErrors);
      }
    },
  });

  const fieldErrors = (name: keyof typeof fields) =>
    fields[name].errors ?? (serverFieldErrors[name] ? [serverFieldErrors[name]!] : undefined);
  const initial = (name: keyof typeof fields) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : undefined;
  };
  const imageErrors =
    files.length > MAX_PRODUCT_IMAGES
      ? [IMAGE_COUNT_MESSAGES.tooMany]
      : (actionData?.result?.error?.images ?? (serverFieldErrors.images ? [serverFieldErrors.images] : undefined));
  const success = !actionData && !clientError ? statusFrom(searchParams, STATUS) : null;
  const noCategory = category === "" && !initial("category");
  // With JS the button stays disabled until both are there, and says why (below it: no layout shift).
  const blocked = hydrated ? [...(noCategory ? [CATEGORY_MESSAGE] : []), ...(files.length === 0 ? [IMAGE_COUNT_MESSAGES.none] : [])] : [];

  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">Add product</h1>
      <StatusMessage message={success} />
      <StatusMessage message={clientError ?? actionData?.error} tone="error" />
      <Form
        key={formKey}
        method="post"
        encType="multipart/form-data"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 grid max-w-3xl gap-4 md:grid-cols-2"
      >
        <div className="md:col-span-2">
          <label className="block">
            <span className="text-sm font-medium">Category</span>
            <select
              name="category"
              required
              defaultValue={initial("category") ?? ""}
              onChange={(e) => setCategory(e.target.value)}
              className="mt-1 w-full rounded border border-brass-300 bg-white px-3 py-2"
            >
              <option value="">Select a category</option>
              <CategoryOptions />
            </select>
          </label>
          <FieldError name="category" errors={fieldErrors("category")} />
        </div>
        <div className="md:col-span-2">
          <Field label="Title" name="name" required maxLength={200} defaultValue={initial("name")} errors={fieldErrors("name")} />
        </div>
        <Field label="Price" name="price" type="number" step="0.01" min="0" required inputMode="decimal" defaultValue={initial("price")} errors={fieldErrors("price")} />
        <Field
          label="Fixed Price"
          name="fixedPrice"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          hint="Optional: the original price. Left empty, the price is used for both."
          defaultValue={initial("fixedPrice")}
          errors={fieldErrors("fixedPrice")}
        />
        <Field label="Height" name="height" type="number" step="0.01" min="0" required hint="inch" defaultValue={initial("height")} errors={fieldErrors("height")} />
        <Field label="Width" name="width" type="number" step="0.01" min="0" required hint="inch" defaultValue={initial("width")} errors={fieldErrors("width")} />
        <Field label="Length" name="length" type="number" step="0.01" min="0" required hint="inch" defaultValue={initial("length")} errors={fieldErrors("length")} />
        <Field label="Weight" name="weight" type="number" step="0.01" min="0" required hint="grams" defaultValue={initial("weight")} errors={fieldErrors("weight")} />
        <Field label="Colour" name="color" defaultValue={initial("color") ?? "Golden"} errors={fieldErrors("color")} />
        <Field label="Material" name="material" defaultValue={initial("material") ?? "Kansa"} errors={fieldErrors("material")} />
        <Field label="Utility" name="utility" defaultValue={initial("utility") ?? "Home Decor"} errors={fieldErrors("utility")} />
        <div className="md:col-span-2">
          <label className="block">
            <span className="text-sm font-medium">Description</span>
            <textarea
              name="description"
              rows={4}
              defaultValue={initial("description")}
              className="mt-1 w-full rounded border border-brass-300 bg-white px-3 py-2"
            />
          </label>
        </div>
        <div className="md:col-span-2">
          <label className="block">
            <span className="text-sm font-medium">Images (1 to 5)</span>
            <input
              type="file"
              name="images"
              accept="image/*"
              multiple
              required
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
              className="mt-1 block w-full text-sm"
            />
          </label>
          <FieldError name="images" errors={imageErrors} />
          <ImagePreviews files={files} />
        </div>
        <div className="md:col-span-2">
          <ProgressBar percent={progress} />
          <button
            type="submit"
            className={buttonClass}
            disabled={busy || blocked.length > 0}
          >
            {busy ? "Adding product…" : "Add product"}
          </button>
          {blocked.length > 0 ? (
            <ul className="mt-2 text-sm text-red-700" data-testid="submit-blocked">
              {blocked.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </Form>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Add product · Dashboard" }];
