import sharp, { type SharpOptions } from "sharp";
import { MESSAGES } from "./messages.ts";

// What makes an image file readable, shared by the upload (which refuses an unreadable photo
// at once, before a save replaces anything: docs/decisions/127-unreadable-photos-refused-at-upload.md)
// and the worker (workers/images.ts), which decodes it for real.

/** 40 MP: well below sharp's default, above any phone photo. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** How every image is decoded: the first frame only, refusing a file cut short. */
export const DECODE_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", animated: false, pages: 1 };

// Errors sharp raises for undecodable input, as opposed to disk or memory trouble.
// Loader errors ("VipsJpeg: …", "vipspng: libpng read error", "gifload: …") all mean the file's bytes.
const BAD_INPUT = /unsupported image format|corrupt|premature end|truncated|bad seek|exceeds pixel limit|input buffer|invalid|not a known file format|vips_image_get|marker|huffman|IHDR|decode|vipsjpeg|vipspng|libpng|read error|gifload|webpload|heifload|out of order|crc/i;

/** The reason a person is told for a sharp error that means the file's bytes; null for any other trouble. */
export function describeSharpError(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  if (/exceeds pixel limit/i.test(message)) return MESSAGES.tooManyPixels(MAX_INPUT_PIXELS);
  if (BAD_INPUT.test(message)) return MESSAGES.damagedImage;
  return null;
}

/**
 * Reads every byte of an image (at a small size: a 12 MP JPEG takes under 0.1 s) and answers why
 * it cannot be used, or null when it decodes. Trouble that is not the file's is thrown.
 */
export async function unreadableImageReason(input: string | Buffer): Promise<string | null> {
  try {
    await sharp(input, { ...DECODE_OPTIONS, sequentialRead: true }).resize(64, 64, { fit: "inside" }).raw().toBuffer();
    return null;
  } catch (error) {
    const reason = describeSharpError(error);
    if (reason) return reason;
    throw error;
  }
}
