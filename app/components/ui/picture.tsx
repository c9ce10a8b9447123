import type { ImageView } from "#app/modules/media/views.ts";

/**
 * A worker-made image as <picture>: AVIF/WebP/JPEG srcsets, explicit size (no layout
 * shift), the blurred placeholder as background until the pixels arrive.
 */
export function Picture({
  image,
  alt,
  sizes,
  priority = false,
  className,
  imgClassName,
}: {
  image: ImageView;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}) {
  return (
    <picture className={className}>
      {image.avifSrcset ? <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={image.webpSrcset} sizes={sizes} />
      <img
        src={image.fallback}
        srcSet={image.jpegSrcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        {...{ fetchpriority: priority ? "high" : "auto" }}
        className={imgClassName}
        style={{
          backgroundColor: image.color ?? undefined,
          backgroundImage: image.placeholder ? `url("${image.placeholder}")` : undefined,
          backgroundSize: "cover",
        }}
      />
    </picture>
  );
}
