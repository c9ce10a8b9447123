import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { ConfirmButton, ConfirmStep, type ConfirmRequest } from "#app/components/admin/confirm-button.tsx";
import { secondaryButtonClass } from "#app/components/admin/field.tsx";
import { MediaState } from "#app/components/admin/media-state.tsx";
import type { PendingView } from "#app/components/admin/pending-photos.tsx";
import { DELETE_PRODUCT_CONFIRM, deleteProductDetail, productStateText } from "#app/components/admin/product-card-actions.tsx";
import { usePollWhile } from "#app/components/admin/poll.ts";
import { ProductEditForm } from "#app/components/admin/product-edit-form.tsx";
import { RefusedSave, type SaveAnswer } from "#app/components/admin/refused-save.tsx";
import { isSignedOutAnswer, keepPageWhenSignedOut, skipRevalidationWhenSignedOut } from "#app/components/admin/signed-out-note.tsx";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { Thumbnail } from "#app/components/admin/thumbnail.tsx";
import { HttpError, notFound, refused } from "#app/lib/http-error.server.ts";
import { requireAdmin, safeRedirect } from "#app/modules/auth/auth.server.ts";
import { countProductImages, getProductForAdmin, type AdminProduct } from "#app/modules/catalog/admin-products.server.ts";
import { changesSince, CONFLICT_MESSAGES, editBase, rebasedValues, savedAlready } from "#app/modules/catalog/edit-conflict.ts";
import { MANAGE_MESSAGES } from "#app/modules/catalog/manage-messages.server.ts";
import { deleteProductIfPresent, deleteProductImage, moveProductImage, setMainImage, updateProduct } from "#app/modules/catalog/manage.server.ts";
import { productEditFormSchema } from "#app/modules/catalog/product-schema.ts";
import { retryMedia } from "#app/modules/media/library.server.ts";
import { PRODUCT_IMAGE_MESSAGES, UPLOAD_LIMITS, UPLOAD_RULES } from "#app/modules/media/limits.ts";
import { claimPending, keepPending, pendingOfForm, type PendingBatch } from "#app/modules/media/pending.server.ts";
import { discardUploads, parseUpload, UploadError, type SavedUpload } from "#app/modules/media/upload.server.ts";
import type { ImageView } from "#app/modules/media/views.ts";
import { freshPieceFigures } from "#app/modules/interest/screen.server.ts";
import { pieceFiguresText } from "#app/modules/interest/texts.ts";

export const DELETE_IMAGE_CONFIRM = "Are you sure you want to delete this image?";
const CONFIRM_TEXT: Record<string, string> = { delete: DELETE_PRODUCT_CONFIRM, "delete-image": DELETE_IMAGE_CONFIRM };

const STATUS = {
  saved: MANAGE_MESSAGES.updated,
  "image-deleted": MANAGE_MESSAGES.imageDeleted,
  reordered: "Image order saved",
  retried: "Processing started again",
} as const;

const mediaId = z.coerce.number().int().positive();
const imageIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-image"), mediaId }),
  z.object({ intent: z.literal("confirm-delete-image"), mediaId }),
  z.object({ intent: z.literal("main-image"), mediaId }),
  z.object({ intent: z.literal("move-image"), mediaId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("retry"), mediaId }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("confirm-delete") }),
]);

function productId(params: LoaderFunctionArgs["params"]): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

function withStatus(path: string, status: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.delete("edit");
  url.searchParams.delete("mode");
  url.searchParams.set("status", status);
  return url.pathname + url.search + url.hash;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    const product = await getProductForAdmin(productId(params));
    const figures = (await freshPieceFigures([product.id]))[product.id]!;
    return { product, figures, status: statusFrom(new URL(request.url).searchParams, STATUS) };
  } catch (error) {
    throw refused(error, (message) => message);
  }
}

type ActionData = SaveAnswer & { confirm?: ConfirmRequest };

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = productId(params);
  const self = `/dashboard/edit-product/${id}`;
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return updateAction(request, id, self);
  }
  const parsed = imageIntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<ActionData>({ error: MANAGE_MESSAGES.saveFailed }, { status: 400 });
  const intent = parsed.data;
  try {
    switch (intent.intent) {
      case "confirm-delete":
        return data<ActionData>({ confirm: { intent: "delete", fields: {} } });
      case "confirm-delete-image":
        return data<ActionData>({ confirm: { intent: "delete-image", fields: { mediaId: intent.mediaId } } });
      case "delete":
        await deleteProductIfPresent(id);
        return redirect("/dashboard/all-products?status=deleted");
      case "delete-image":
        await deleteProductImage(id, { mediaId: intent.mediaId });
        return redirect(withStatus(self, "image-deleted"));
      case "main-image":
        await setMainImage(id, intent.mediaId);
        return redirect(withStatus(self, "reordered"));
      case "move-image":
        await moveProductImage(id, intent.mediaId, intent.direction);
        return redirect(withStatus(self, "reordered"));
      case "retry":
        await retryMedia(intent.mediaId);
        return redirect(withStatus(self, "retried"));
    }
  } catch (error) {
    const prefix = intent.intent === "delete-image" ? MANAGE_MESSAGES.deleteImageFailed : MANAGE_MESSAGES.saveFailed;
    return refused<ActionData>(error, (message) => ({ error: `${prefix} ${message}` }));
  }
}

async function updateAction(request: Request, id: number, self: string) {
  // Photos received with a refused edit are kept for the corrected one (app/modules/media/pending.server.ts).
  const formKey = `edit:${id}`;
  let upload;
  let current = 0;
  try {
    current = await countProductImages(id);
    upload = await parseUpload(request, { images: UPLOAD_RULES.moreProductImages(current) }, { keepReadable: true });
  } catch (error) {
    // The photos kept from an earlier refusal stay, and when only a damaged photo was refused,
    // so do the ones just sent that decoded.
    const fields = error instanceof UploadError ? error.fields : new FormData();
    const earlier = await pendingOfForm(fields, formKey);
    const readable = error instanceof UploadError ? error.readable : [];
    const { pending } = earlier || readable.length > 0 ? await keepForRetry(formKey, fields, readable, earlier, current) : { pending: null };
    // What she typed comes back. A body cut off at a too-large photo carries only the fields before
    // it: the others show their stored values (`sent`), no field is called wrong for not arriving,
    // and "Keep existing images" (after the photos) stays ticked, the choice that removes nothing.
    const complete = error instanceof UploadError && error.complete;
    if (!complete && !fields.has("keepExistingImages")) fields.set("keepExistingImages", "true");
    const reply = parseWithZod(fields, { schema: productEditFormSchema, disableAutoCoercion: true }).reply();
    const result = complete ? reply : { ...reply, error: {} };
    return refused<ActionData>(error, (message) => ({ result, sent: sentNames(fields), error: MANAGE_MESSAGES.saveFailed, imageError: message, pending }));
  }
  const earlier = await pendingOfForm(upload.fields, formKey);
  const images = [...(earlier?.files ?? []), ...upload.files];
  const keepRefused = () => keepForRetry(formKey, upload.fields, upload.files, earlier, current);
  const submission = parseWithZod(upload.fields, { schema: productEditFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    // Say what is wrong with the images too, not only the fields.
    const { pending, imageError } = await keepRefused();
    return data<ActionData>({ result: submission.reply(), sent: sentNames(upload.fields), error: MANAGE_MESSAGES.saveFailed, imageError, pending }, { status: 400 });
  }
  try {
    await updateProduct(id, submission.value, images);
    if (earlier) await claimPending(earlier);
  } catch (error) {
    if (!(error instanceof HttpError)) {
      await upload.discard();
      throw error;
    }
    const now = error.status === 409 ? await getProductForAdmin(id) : null;
    // The same save sent again, with no photo: the first did it.
    if (now && images.length === 0 && savedAlready(submission.payload, now)) return savedAnswer(upload.fields, self);
    const { pending } = await keepRefused();
    if (now) return conflictAnswer(now, upload.fields, submission.reply(), pending);
    return refused<ActionData>(error, (message) => ({
      result: submission.reply(),
      sent: sentNames(upload.fields),
      error: MANAGE_MESSAGES.saveFailed,
      imageError: message,
      pending,
    }));
  }
  return savedAnswer(upload.fields, self);
}

const savedAnswer = (fields: FormData, self: string) => redirect(withStatus(safeRedirect(fields.get("returnTo"), self), "saved"));

const sentNames = (fields: FormData) => [...new Set(fields.keys())];

/** A refused edit's new photos, kept for the corrected save; not those past the limit with the piece's own: the owner chooses again. */
async function keepForRetry(formKey: string, fields: FormData, fresh: SavedUpload[], earlier: PendingBatch | null, current: number) {
  const keep = ["true", "on", "1"].includes(String(fields.get("keepExistingImages") ?? ""));
  const count = (earlier?.files.length ?? 0) + fresh.length;
  const tooMany = (keep || count === 0 ? current : 0) + count > UPLOAD_LIMITS.imagesPerProduct;
  if (tooMany) await discardUploads(fresh);
  return { pending: await keepPending(formKey, tooMany ? [] : fresh, earlier), imageError: tooMany ? PRODUCT_IMAGE_MESSAGES.tooManyInTotal(current) : null };
}

/** A save whose sign-in had ended keeps the page and what she typed (signed-out-note.tsx). */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => keepPageWhenSignedOut(() => serverAction<typeof action>());

export const shouldRevalidate = skipRevalidationWhenSignedOut;

/** The form comes back as the product is now with her own changes on it (rebasedValues); the list says what another save changed. */
async function conflictAnswer(now: AdminProduct, fields: FormData, result: SubmissionResult<string[]>, pending: PendingView | null) {
  const original = fields.get("original");
  const conflict = { changes: changesSince(original, now), version: now.version, base: editBase(now) };
  const initialValue = rebasedValues(result.initialValue ?? {}, original, now) as SubmissionResult<string[]>["initialValue"];
  return data<ActionData>({ result: { ...result, initialValue }, sent: sentNames(fields), error: CONFLICT_MESSAGES.page, conflict, pending }, { status: 409 });
}

const imageButtonClass = "min-h-11 rounded border px-3 py-2";

function ImageButton({ intent, mediaId, direction, label }: { intent: string; mediaId: number; direction?: "up" | "down"; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="mediaId" value={mediaId} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`${imageButtonClass} border-brass-700`}
      >
        {label}
      </button>
    </Form>
  );
}

/** The image a question is about, named by its place: photos of one piece look alike. */
const imageNamed = (index: number, name: string) => `${index === 0 ? "The main image" : `Image ${index + 1}`} of “${name}”.`;

/** Without JavaScript the question comes at the page's top: it names the image and shows it. */
function ImageInQuestion({ images, name, mediaId }: { images: ReadonlyArray<{ mediaId: number; view: ImageView | null }>; name: string; mediaId: unknown }) {
  const index = images.findIndex((image) => image.mediaId === Number(mediaId));
  const image = images[index];
  if (!image) return null;
  return (
    <>
      {imageNamed(index, name)}
      {image.view ? (
        <span className="mt-2 block w-24">
          <Thumbnail image={image.view} alt="" sizes="6rem" />
        </span>
      ) : null}
    </>
  );
}

export default function EditProduct() {
  const { product, figures, status } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof clientAction>();
  const signedOut = isSignedOutAnswer(answer);
  const actionData = signedOut ? undefined : answer;
  usePollWhile(!signedOut && product.images.some((i) => i.status === "processing"));
  const self = `/dashboard/edit-product/${product.id}`;
  return (
    <>
      <p>
        <Link to="/dashboard/all-products" className={secondaryButtonClass}>
          ← Back to All Products
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-2xl text-brass-800">Edit product</h1>
      <p className="text-sm text-brass-900/80 wrap-anywhere" data-testid="product-state">
        {product.name} · {productStateText(product)}
      </p>
      <p className="text-sm text-brass-900/80" data-testid="piece-figures">
        {pieceFiguresText(figures)}
      </p>
      <StatusMessage message={actionData ? null : status} />
      <RefusedSave answer={actionData} />
      {actionData?.confirm ? (
        <ConfirmStep
          message={CONFIRM_TEXT[actionData.confirm.intent]!}
          detail={
            actionData.confirm.intent === "delete" ? deleteProductDetail(product.name, product.waiting) : <ImageInQuestion images={product.images} name={product.name} mediaId={actionData.confirm.fields.mediaId} />
          }
          {...actionData.confirm}
          cancelTo={self}
        />
      ) : null}

      <HeadedSection heading="images" title={`Images (${product.images.length} of ${UPLOAD_LIMITS.imagesPerProduct}; the first is the main image)`} size="lg" className="mt-6">
        <ol className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {product.images.map((image, index) => (
            <li key={image.mediaId} className="rounded bg-white p-2 shadow-sm" data-testid="product-image">
              {image.view ? (
                <Thumbnail image={image.view} alt={`Image ${index + 1} of ${product.name}`} sizes="(min-width: 1024px) 18vw, (min-width: 640px) 30vw, 50vw" />
              ) : (
                <div className="flex aspect-square items-center justify-center rounded bg-brass-100 text-xs">{image.originalName}</div>
              )}
              <div className="mt-1 text-xs">
                {index === 0 ? <strong>Main image</strong> : `Image ${index + 1}`}{" "}
                <MediaState status={image.status} progress={image.progress} error={image.error} mediaId={image.mediaId} />
              </div>
              <div className="mt-2 flex flex-wrap gap-2 text-sm">
                {index > 0 ? <ImageButton intent="main-image" mediaId={image.mediaId} label="Make main" /> : null}
                {index > 0 ? <ImageButton intent="move-image" direction="up" mediaId={image.mediaId} label="Move earlier" /> : null}
                {index < product.images.length - 1 ? (
                  <ImageButton intent="move-image" direction="down" mediaId={image.mediaId} label="Move later" />
                ) : null}
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="mediaId" value={image.mediaId} />
                  <ConfirmButton intent="delete-image" message={`${DELETE_IMAGE_CONFIRM}\n\n${imageNamed(index, product.name)}`} className={`${imageButtonClass} border-red-700 text-red-700`}>
                    Delete image
                  </ConfirmButton>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      </HeadedSection>

      <HeadedSection heading="fields" title="Details" size="lg" className="mt-8 max-w-3xl">
        <div className="mt-3">
          <ProductEditForm
            product={product}
            mode="full"
            returnTo={self}
            refusal={actionData}
            signedOut={signedOut}
          />
        </div>
      </HeadedSection>

      <section className="mt-8">
        <Form method="post">
          <ConfirmButton intent="delete" message={`${DELETE_PRODUCT_CONFIRM}\n\n${deleteProductDetail(product.name, product.waiting)}`}>
            Delete product
          </ConfirmButton>
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit product · Dashboard" }];

export function ErrorBoundary() {
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-800">
      <p>This product could not be found. It may have been deleted.</p>
      <Link to="/dashboard/all-products" className="underline">
        Back to All Products
      </Link>
    </div>
  );
}
