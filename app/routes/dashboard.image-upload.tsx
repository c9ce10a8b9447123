import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { MediaCard, MediaDeleteStep } from "#app/components/admin/media-grid.tsx";
import { mediaAction } from "#app/components/admin/media-route.server.ts";
import { MultiImageUpload } from "#app/components/admin/multi-upload.tsx";
import { usePollWhile } from "#app/components/admin/poll.ts";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { Thumbnail } from "#app/components/admin/thumbnail.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { listDisplayImages } from "#app/modules/media/library.server.ts";

const STATUS = {
  added: "Display image added successfully",
  deleted: "Display image deleted successfully",
  current: "Display image set successfully",
  retried: "Processing started again",
} as const;

export const DELETE_DISPLAY_IMAGE_CONFIRM = "Are you sure you want to delete this display image?";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { images: await listDisplayImages() };
}

export async function action({ request }: ActionFunctionArgs) {
  return mediaAction(request, {
    entry: "display_images",
    field: "image",
    failures: {
      add: "Failed to add image to gallery",
      delete: "Failed to delete image from gallery",
      setCurrent: "Failed to set display image",
    },
  });
}

export default function ImageUpload() {
  const { images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  usePollWhile(images.some((i) => i.status === "processing"));
  const current = images.find((i) => i.isCurrent);
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">Image Upload</h1>
      <p className="text-sm text-brass-900/80">
        Home display images. {current ? "The image marked Current is shown on the home page." : "No display image selected."}
      </p>
      <StatusMessage message={actionData ? null : statusFrom(location.search, STATUS)} />
      <StatusMessage message={actionData?.error} tone="error" />
      <MediaDeleteStep message={DELETE_DISPLAY_IMAGE_CONFIRM} />
      <MultiImageUpload field="image" label="Display images" buttonText="Upload display images" />
      <h2 className="mt-8 font-serif text-xl text-brass-800">Display images ({images.length})</h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {images.map((item) => (
          <MediaCard
            key={item.id}
            {...item}
            title={undefined} // display images have no title
            deleteConfirm={DELETE_DISPLAY_IMAGE_CONFIRM}
            actions={
              item.isCurrent ? (
                <strong className="rounded bg-brass-700 px-2 py-0.5 text-white">Current</strong>
              ) : item.status === "ready" ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" name="intent" value="set-current" className="rounded border border-brass-700 px-2 py-0.5">
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

export const meta: MetaFunction = () => [{ title: "Image Upload · Dashboard" }];
