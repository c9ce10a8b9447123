import { Picture } from "#app/components/ui/picture.tsx";
import type { ImageView } from "#app/modules/media/views.ts";

/**
 * A worker-made image in an admin list. The srcset and `sizes` (how wide the box is at each
 * screen width) let a 2× phone pick a file twice the box's width, so thumbnails stay sharp.
 */
export function Thumbnail({
  image,
  alt,
  sizes,
  shape = "square",
}: {
  image: ImageView;
  alt: string;
  sizes: string;
  shape?: "square" | "wide";
}) {
  return (
    <Picture
      image={image}
      alt={alt}
      sizes={sizes}
      className="block"
      imgClassName={`${shape === "square" ? "aspect-square" : "aspect-video"} w-full rounded object-cover`}
    />
  );
}
