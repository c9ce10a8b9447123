import { promises as fs } from "node:fs";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { IMAGE_WIDTHS } from "#app/modules/media/limits.ts";
import { DECODE_OPTIONS, describeSharpError, MAX_INPUT_PIXELS } from "#app/modules/media/image-check.server.ts";
import { MESSAGES } from "#app/modules/media/messages.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import type { MediaVariant } from "#db/schema.ts";

export const OG_SIZE = { width: 1200, height: 630 } as const;
export const OG_MAX_BYTES = 300 * 1024;

const WEBP = { quality: 78, effort: 4 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;
/** AVIF at effort 2: about the size of the WebP at a fraction of the default effort's time. */
const AVIF = { quality: 50, effort: 2 } as const;

/** Bad input the worker refuses for good (mapped to UnrecoverableError by the processor). */
export class BadImageError extends Error {}

export interface ImageResult {
  width: number;
  height: number;
  placeholder: string;
  dominantColor: string;
  variants: MediaVariant[];
}

function hex(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, "0");
}

export const IMAGE_MESSAGES = {
  empty: MESSAGES.emptyFile,
  notImage: MESSAGES.notImage,
  svg: MESSAGES.svg,
  heic: MESSAGES.heic,
  tooManyPixels: MESSAGES.tooManyPixels(MAX_INPUT_PIXELS),
} as const;

/** sharp's format names we decode; AVIF is reported as "heif" with AV1 compression. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);

/**
 * Checks the file for real before decoding: by its content (sharp reads the header),
 * never by name. Refuses SVG, HEIC, anything else, and pixel floods (a header
 * declaring a huge size) with a message a person understands.
 */
/** An original image: a local path, or its bytes (from an object store). */
export type ImageInput = string | Buffer;

export async function inspectImage(inputPath: ImageInput): Promise<{ format: string; width: number; height: number }> {
  const size = typeof inputPath === "string" ? (await fs.stat(inputPath)).size : inputPath.byteLength;
  if (size === 0) throw new BadImageError(IMAGE_MESSAGES.empty);
  let meta: Metadata;
  try {
    meta = await sharp(inputPath, { limitInputPixels: false }).metadata();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/heif|heic|hevc/i.test(message)) throw new BadImageError(IMAGE_MESSAGES.heic);
    throw new BadImageError(IMAGE_MESSAGES.notImage);
  }
  const format = meta.format ?? "";
  if (format === "svg") throw new BadImageError(IMAGE_MESSAGES.svg);
  const isAvif = format === "heif" && meta.compression === "av1";
  if (format === "heif" && !isAvif) throw new BadImageError(IMAGE_MESSAGES.heic);
  if (!ACCEPTED.has(format) && !isAvif) throw new BadImageError(IMAGE_MESSAGES.notImage);
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw new BadImageError(IMAGE_MESSAGES.notImage);
  if (width * height > MAX_INPUT_PIXELS) throw new BadImageError(IMAGE_MESSAGES.tooManyPixels);
  return { format: isAvif ? "avif" : format, width, height };
}

/**
 * Decodes the original once: the first frame only (an animated GIF/WebP with
 * thousands of frames costs one), auto-oriented from EXIF, converted to sRGB, alpha
 * flattened on white, metadata (EXIF, GPS, XMP) dropped with the container.
 */
export async function decodeImage(inputPath: ImageInput): Promise<{ data: Buffer; info: OutputInfo }> {
  await inspectImage(inputPath);
  try {
    return await sharp(inputPath, DECODE_OPTIONS)
      .rotate()
      .toColourspace("srgb")
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const reason = describeSharpError(error);
    if (reason) throw new BadImageError(reason);
    throw error;
  }
}

/** The ladder for an image this wide: every listed width below it, plus its own width capped at the largest. */
export function ladderWidths(imageWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < imageWidth);
  const top = Math.min(imageWidth, IMAGE_WIDTHS.at(-1)!);
  if (widths.at(-1) !== top) widths.push(top);
  return widths;
}

/**
 * Decodes the original once (auto-oriented, sRGB, metadata dropped) and derives every
 * size from those pixels: WebP and JPEG per width, an OpenGraph JPEG when asked, a tiny
 * blurred placeholder and the dominant colour.
 */
export async function makeImageVariants(
  inputPath: ImageInput,
  storage: MediaStorage,
  options: { og: boolean },
): Promise<ImageResult> {
  const { data, info } = await decodeImage(inputPath);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const fromPixels = () => sharp(data, raw);

  const variants: MediaVariant[] = [];
  for (const width of ladderWidths(info.width)) {
    const height = Math.max(1, Math.round((info.height * width) / info.width));
    const resized = fromPixels().resize({ width, height, kernel: "lanczos3" });
    const [webp, jpeg] = await Promise.all([
      resized.clone().webp(WEBP).toBuffer(),
      resized.clone().jpeg(JPEG).toBuffer(),
    ]);
    for (const [format, buffer] of [
      ["webp", webp],
      ["jpeg", jpeg],
    ] as const) {
      const stored = await storage.putDerived(buffer, format === "jpeg" ? "jpg" : format);
      variants.push({ role: `w${width}`, format, path: stored.key, width, height, bytes: stored.bytes });
    }
  }

  if (options.og) {
    const ogJpeg = (quality: number) =>
      fromPixels().resize({ ...OG_SIZE, fit: "cover", position: "attention" }).jpeg({ quality, mozjpeg: true }).toBuffer();
    let quality = 82;
    let og = await ogJpeg(quality);
    while (og.byteLength > OG_MAX_BYTES && quality > 42) {
      quality -= 10;
      og = await ogJpeg(quality);
    }
    const stored = await storage.putDerived(og, "jpg");
    variants.push({ role: "og", format: "jpeg", path: stored.key, ...OG_SIZE, bytes: stored.bytes });
  }

  const [tiny, stats] = await Promise.all([
    fromPixels().resize({ width: 16 }).blur(1.2).webp({ quality: 40 }).toBuffer(),
    fromPixels().stats(),
  ]);
  const { r, g, b } = stats.dominant;

  return {
    width: info.width,
    height: info.height,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
    dominantColor: `#${hex(r)}${hex(g)}${hex(b)}`,
    variants,
  };
}

/** The AVIF ladder, made later by a lower-priority job; the same widths as the WebP/JPEG ones. */
export async function makeAvifVariants(inputPath: ImageInput, storage: MediaStorage): Promise<MediaVariant[]> {
  const { data, info } = await decodeImage(inputPath);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const variants: MediaVariant[] = [];
  for (const width of ladderWidths(info.width)) {
    const height = Math.max(1, Math.round((info.height * width) / info.width));
    const avif = await sharp(data, raw).resize({ width, height, kernel: "lanczos3" }).avif(AVIF).toBuffer();
    const stored = await storage.putDerived(avif, "avif");
    variants.push({ role: `w${width}`, format: "avif", path: stored.key, width, height, bytes: stored.bytes });
  }
  return variants;
}
