import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { MediaCard, MediaScreenHeading, mediaScreenMeta } from "#app/components/admin/media-grid.tsx";
import { MultiImageUpload } from "#app/components/admin/multi-upload.tsx";
import { usePollWhile } from "#app/components/admin/poll.ts";
import { Thumbnail } from "#app/components/admin/thumbnail.tsx";
import { listDisplayImages } from "#app/modules/media/library.server.ts";
import { mediaScreenAction, mediaScreenLoader } from "#app/modules/media/media-screen.server.ts";
import { MEDIA_SCREENS } from "#app/modules/media/media-screens.ts";

export const loader = ({ request }: LoaderFunctionArgs) =>
  mediaScreenLoader(request, async () => ({ images: await listDisplayImages() }));
export const action = ({ request }: ActionFunctionArgs) => mediaScreenAction(request, "display_images");

export default function ImageUpload() {
  const { images } = useLoaderData<typeof loader>();
  usePollWhile(images.some((i) => i.status === "processing"));
  const current = images.find((i) => i.isCurrent);
  return (
    <>
      <MediaScreenHeading entry="display_images">
        <p className="text-sm text-brass-900/80">
          Home display images. {current ? "The image marked Current is shown on the home page." : "No display image selected."}
        </p>
      </MediaScreenHeading>
      <MultiImageUpload field="image" label="Display images" buttonText="Upload display images" />
      <h2 className="mt-8 font-serif text-xl text-brass-800">Display images ({images.length})</h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {images.map((item) => (
          <MediaCard
            key={item.id}
            {...item}
            title={undefined} // display images have no title
            deleteConfirm={MEDIA_SCREENS.display_images.deleteConfirm}
            actions={
              item.isCurrent ? (
                <strong className="rounded bg-brass-700 px-2 py-0.5 text-white">Current</strong>
              ) : item.status === "ready" ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" name="intent" value="set-current" className="min-h-11 rounded border border-brass-700 px-3">
                    Set as display image
                  </button>
                </Form>
              ) : null
            }
          >
            {item.image ? (
              <Thumbnail image={item.image} alt={`Display image ${item.id}`} sizes="(min-width: 1280px) 25vw, (min-width: 768px) 33vw, 50vw" shape="wide" />
            ) : null}
          </MediaCard>
        ))}
      </ul>
    </>
  );
}

export const meta = mediaScreenMeta("display_images");
