import { useEffect, useRef, useState } from "react";
import type { ImageView } from "#app/modules/media/views.ts";
import { PLACEHOLDER_SRC } from "./placeholder.ts";

/**
 * A worker-made image as <picture>: AVIF/WebP/JPEG srcsets, explicit size (no layout
 * shift), the blurred placeholder as background until the pixels arrive. With
 * `fallbackSrc` (or `fallback`), a picture that fails to load is swapped for that one.
 */
export function Picture({
  image,
  alt,
  sizes,
  priority = false,
  className,
  imgClassName,
  fallback = false,
  fallbackSrc,
}: {
  image: ImageView;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  /** Swap a broken image for the shared placeholder picture. */
  fallback?: boolean;
  fallbackSrc?: string;
}) {
  const replacement = fallbackSrc ?? (fallback ? PLACEHOLDER_SRC : undefined);
  const imgRef = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [image.id]);
  useEffect(() => {
    // An image can fail before React attaches onError (server-rendered HTML).
    const img = imgRef.current;
    if (replacement && img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, [replacement, image.id]);

  if (broken && replacement) {
    return (
      <picture className={className}>
        <img src={replacement} width={image.width} height={image.height} alt={alt} className={imgClassName} data-broken="" />
      </picture>
    );
  }
  return (
    <picture className={className}>
      {image.avifSrcset ? <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={image.webpSrcset} sizes={sizes} />
      <img
        ref={imgRef}
        src={image.fallback}
        srcSet={image.jpegSrcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        // Never "sync": a forced decode blocks the main thread during paint (Lighthouse TBT), even for the LCP image.
        decoding="async"
        {...{ fetchpriority: priority ? "high" : "auto" }}
        onError={replacement ? () => setBroken(true) : undefined}
        className={imgClassName}
        style={{
          backgroundColor: image.color ?? undefined,
          backgroundImage: image.placeholder ? `url("${image.placeholder}")` : undefined,
          // Letterboxed (object-contain): the placeholder sits exactly behind the photo, so the bands
          // above and below show the photo's plain colour, not a stretched blur.
          ...(imgClassName?.includes("object-contain")
            ? { backgroundSize: "contain", backgroundRepeat: "no-repeat", backgroundPosition: "center" }
            : { backgroundSize: "cover" }),
        }}
      />
    </picture>
  );
}

/**
 * A `<link rel="preload">` (as a Remix meta descriptor) for the Picture a page shows first: the
 * same srcset and sizes as its <picture>, so the browser fetches the very file the <img> then
 * takes, from the head and at high priority. AVIF when the picture has it (a browser without
 * AVIF skips a preload of that type and loads the WebP its <picture> picks). Kept here, not in
 * the media views, so the routes that use it load no extra chunk.
 */
export function imagePreload(image: ImageView | null | undefined, sizes: string) {
  if (!image) return [];
  const [type, imageSrcSet] = image.avifSrcset ? ["image/avif", image.avifSrcset] : ["image/webp", image.webpSrcset];
  return [{ tagName: "link", rel: "preload", as: "image", type, imageSrcSet, imageSizes: sizes, fetchpriority: "high" }] as const;
}
