import sharp, { type OutputInfo } from "sharp";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import type { MediaVariant } from "#db/schema.ts";

/** Widths the storefront asks for in srcset; never upscaled. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** 40 MP: well below sharp's default, above any phone photo. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const OG_SIZE = { width: 1200, height: 630 } as const;
export const OG_MAX_BYTES = 300 * 1024;

const WEBP = { quality: 78, effort: 4 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;

/** Bad input the worker refuses for good (mapped to UnrecoverableError by the processor). */
export class BadImageError extends Error {}

export interface ImageResult {
  width: number;
  height: number;
  placeholder: string;
  dominantColor: string;
  variants: MediaVariant[];
}

// Errors sharp raises for undecodable input, as opposed to disk or memory trouble.
const BAD_INPUT = /unsupported image format|corrupt|premature end|truncated|bad seek|exceeds pixel limit|input buffer|invalid|not a known file format|vips_image_get|marker|huffman|IHDR|decode/i;

export function describeSharpError(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  if (/exceeds pixel limit/i.test(message)) {
    return `The image is too large (more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`;
  }
  if (BAD_INPUT.test(message)) return "The image file is damaged or incomplete and cannot be read.";
  return null;
}

function hex(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, "0");
}

/**
 * Decodes the original once (auto-oriented, sRGB, metadata dropped) and derives every
 * size from those pixels: WebP and JPEG per width, an OpenGraph JPEG when asked, a tiny
 * blurred placeholder and the dominant colour.
 */
export async function makeImageVariants(
  inputPath: string,
  storage: MediaStorage,
  options: { og: boolean },
): Promise<ImageResult> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(inputPath, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: "truncated",
      animated: false,
    })
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
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const fromPixels = () => sharp(data, raw);

  const widths = IMAGE_WIDTHS.filter((w) => w < info.width);
  if (widths.length === 0 || widths.at(-1)! < Math.min(info.width, IMAGE_WIDTHS.at(-1)!)) {
    widths.push(Math.min(info.width, IMAGE_WIDTHS.at(-1)!) as (typeof IMAGE_WIDTHS)[number]);
  }

  const variants: MediaVariant[] = [];
  for (const width of widths) {
    const height = Math.round((info.height * width) / info.width);
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
