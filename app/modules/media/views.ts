import type { MediaVariant } from "#db/schema.ts";

export const MEDIA_PREFIX = "/media/";

/** What a page needs to draw one image without layout shift: srcsets, size, placeholder. */
export interface ImageView {
  id: number;
  /** The largest JPEG: the plain URL API clients read and the no-JS "open large" link. */
  url: string;
  width: number;
  height: number;
  webpSrcset: string;
  jpegSrcset: string;
  avifSrcset: string;
  /** The smallest JPEG, for <img src> fallbacks. */
  fallback: string;
  placeholder: string | null;
  color: string | null;
  og: { url: string; width: number; height: number } | null;
}

export interface MediaLike {
  id: number;
  variants: MediaVariant[] | null;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  dominant_color: string | null;
}

export const mediaUrl = (path: string) => `${MEDIA_PREFIX}${path}`;

function srcset(variants: MediaVariant[], format: MediaVariant["format"]): string {
  return variants
    .filter((v) => v.format === format && v.role.startsWith("w"))
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaUrl(v.path)} ${v.width}w`)
    .join(", ");
}

export function toImageView(media: MediaLike): ImageView | null {
  const variants = media.variants ?? [];
  const jpegs = jpegLadder(variants);
  if (jpegs.length === 0 || !media.width || !media.height) return null;
  const og = variants.find((v) => v.role === "og");
  return {
    id: media.id,
    url: jpegs.at(-1)!.url,
    fallback: jpegs[0]!.url,
    width: media.width,
    height: media.height,
    webpSrcset: srcset(variants, "webp"),
    jpegSrcset: srcset(variants, "jpeg"),
    avifSrcset: srcset(variants, "avif"),
    placeholder: media.placeholder,
    color: media.dominant_color,
    og: og ? { url: mediaUrl(og.path), width: og.width, height: og.height } : null,
  };
}

/** What a page or the API needs to show one video: a poster, the web copy, a muted preview, the length. */
export interface VideoView {
  id: number;
  /** The H.264/AAC MP4 made for the web (never the original upload). */
  url: string;
  /** A short muted loop for hover/autoplay previews; null when none was made. */
  previewUrl: string | null;
  poster: ImageView | null;
  width: number;
  height: number;
  durationMs: number | null;
}

export interface VideoMediaLike extends MediaLike {
  duration_ms: number | null;
}

/** Null until the worker has made the web copy (i.e. the media row is not ready). */
export function toVideoView(media: VideoMediaLike): VideoView | null {
  const variants = media.variants ?? [];
  const web = variants.find((v) => v.role === "web" && v.format === "mp4");
  if (!web) return null;
  const preview = variants.find((v) => v.role === "preview" && v.format === "mp4");
  return {
    id: media.id,
    url: mediaUrl(web.path),
    previewUrl: preview ? mediaUrl(preview.path) : null,
    poster: toImageView(media),
    width: web.width,
    height: web.height,
    durationMs: media.duration_ms,
  };
}

/** One stored JPEG of an image, as a feed or an API client names it. */
export interface JpegView {
  url: string;
  width: number;
  height: number;
}

/** An image's JPEG sizes (the `w…` ladder), smallest first. */
export function jpegLadder(variants: readonly MediaVariant[] | null): JpegView[] {
  return (variants ?? [])
    .filter((v) => v.format === "jpeg" && v.role.startsWith("w"))
    .sort((a, b) => a.width - b.width)
    .map((v) => ({ url: mediaUrl(v.path), width: v.width, height: v.height }));
}

/**
 * The smallest JPEG of a ladder whose long side reaches `minLongSide`, else the largest one.
 * The ladder never upscales and its top size is the original's width (capped at 1920), so a
 * JPEG that long exists whenever the original is that long.
 */
export function jpegForLongSide(ladder: readonly JpegView[], minLongSide: number): JpegView | null {
  return ladder.find((v) => Math.max(v.width, v.height) >= minLongSide) ?? ladder.at(-1) ?? null;
}
