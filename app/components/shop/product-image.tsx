import { Picture } from "#app/components/ui/picture.tsx";
import { PLACEHOLDER_SRC } from "#app/components/ui/placeholder.ts";
import type { ImageView } from "#app/modules/media/views.ts";

/** A product's picture, or the placeholder when it has none or it fails to load. */
export function ProductImage({
  image,
  alt,
  sizes,
  priority,
  imgClassName,
}: {
  image: ImageView | undefined | null;
  alt: string;
  sizes: string;
  priority?: boolean;
  imgClassName?: string;
}) {
  if (!image) {
    return <img src={PLACEHOLDER_SRC} width={400} height={400} alt={alt} className={imgClassName} data-broken="" />;
  }
  return <Picture image={image} alt={alt} sizes={sizes} priority={priority} imgClassName={imgClassName} fallback />;
}
