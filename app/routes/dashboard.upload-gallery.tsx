import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MediaCard, MediaScreenHeading, mediaScreenMeta } from "#app/components/admin/media-grid.tsx";
import { MultiImageUpload } from "#app/components/admin/multi-upload.tsx";
import { usePollWhile } from "#app/components/admin/poll.ts";
import { Thumbnail } from "#app/components/admin/thumbnail.tsx";
import { listGalleryImages } from "#app/modules/media/library.server.ts";
import { mediaScreenAction, mediaScreenLoader } from "#app/modules/media/media-screen.server.ts";
import { MEDIA_SCREENS } from "#app/modules/media/media-screens.ts";

export const loader = ({ request }: LoaderFunctionArgs) =>
  mediaScreenLoader(request, async () => ({ images: await listGalleryImages() }));
export const action = ({ request }: ActionFunctionArgs) => mediaScreenAction(request, "gallery_images");

export default function UploadGallery() {
  const { images } = useLoaderData<typeof loader>();
  usePollWhile(images.some((i) => i.status === "processing"));
  return (
    <>
      <MediaScreenHeading entry="gallery_images" />
      <MultiImageUpload field="image" label="Gallery images" buttonText="Upload to gallery" />
      <h2 className="mt-8 font-serif text-xl text-brass-800">Gallery ({images.length})</h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4 xl:grid-cols-6">
        {images.map((item) => (
          <MediaCard key={item.id} {...item} deleteConfirm={MEDIA_SCREENS.gallery_images.deleteConfirm}>
            {item.image ? (
              <Thumbnail image={item.image} alt={`Gallery image ${item.id}`} sizes="(min-width: 1280px) 16vw, (min-width: 768px) 25vw, 50vw" />
            ) : null}
          </MediaCard>
        ))}
      </ul>
    </>
  );
}

export const meta = mediaScreenMeta("gallery_images");
