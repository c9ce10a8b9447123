import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { MediaCard, MediaDeleteStep } from "#app/components/admin/media-grid.tsx";
import { mediaAction } from "#app/components/admin/media-route.server.ts";
import { MultiImageUpload } from "#app/components/admin/multi-upload.tsx";
import { usePollWhile } from "#app/components/admin/poll.ts";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { Thumbnail } from "#app/components/admin/thumbnail.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { listGalleryImages } from "#app/modules/media/library.server.ts";

const STATUS = {
  added: "Image added to gallery successfully",
  deleted: "Image deleted from gallery successfully",
  retried: "Processing started again",
  titled: "Title saved",
} as const;

export const DELETE_GALLERY_IMAGE_CONFIRM = "Are you sure you want to delete this image from the gallery?";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { images: await listGalleryImages() };
}

export async function action({ request }: ActionFunctionArgs) {
  return mediaAction(request, {
    entry: "gallery_images",
    field: "image",
    failures: { add: "Failed to add image to gallery", delete: "Failed to delete image from gallery" },
  });
}

export default function UploadGallery() {
  const { images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  usePollWhile(images.some((i) => i.status === "processing"));
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">Upload Gallery</h1>
      <StatusMessage message={actionData ? null : statusFrom(location.search, STATUS)} />
      <StatusMessage message={actionData?.error} tone="error" />
      <MediaDeleteStep message={DELETE_GALLERY_IMAGE_CONFIRM} />
      <MultiImageUpload field="image" label="Gallery images" buttonText="Upload to gallery" />
      <h2 className="mt-8 font-serif text-xl text-brass-800">Gallery ({images.length})</h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4 xl:grid-cols-6">
        {images.map((item) => (
          <MediaCard key={item.id} {...item} deleteConfirm={DELETE_GALLERY_IMAGE_CONFIRM}>
            {item.image ? (
              <Thumbnail image={item.image} alt={`Gallery image ${item.id}`} sizes="(min-width: 1280px) 16vw, (min-width: 768px) 25vw, 50vw" />
            ) : null}
          </MediaCard>
        ))}
      </ul>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Upload Gallery · Dashboard" }];
