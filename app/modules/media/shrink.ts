// Phone photos over the product image limit, made smaller in the browser before upload.
// Client-safe; `shrinkPhoto` needs a browser (createImageBitmap and a canvas). The limit
// stays the server's rule (limits.ts): this only spares the owner a refusal.
import { IMAGE_WIDTHS, MB } from "./limits.ts";

/** JPEG qualities tried in turn until the file fits. */
const QUALITIES = [0.9, 0.85, 0.8, 0.72, 0.64] as const;
/** When even the lowest quality is too large, the picture is drawn this much smaller and tried again. */
const STEP_DOWN = 0.8;

/**
 * The size a photo is redrawn at: the ladder's top width (so the worker still makes every
 * size), never larger than the photo, its proportions kept. Width is the upright width.
 */
export function shrunkSize(width: number, height: number, topWidth: number = IMAGE_WIDTHS.at(-1)!): { width: number; height: number } {
  const scale = Math.min(1, topWidth / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** "8.9 MB"; a file that would read "0.0 MB" in kilobytes ("37 KB"). */
export const formatMB = (bytes: number) => (bytes < MB / 20 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`);

export const SHRINK_MESSAGES = {
  working: "Making large photos smaller…",
  done: (before: number, after: number) => `Made smaller to fit: ${formatMB(before)} → ${formatMB(after)}`,
} as const;

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/**
 * Redraws a photo over `maxBytes` as a JPEG that fits: upright (the camera's orientation
 * applied), without its EXIF data (a canvas keeps none, so the location goes too). Null
 * when the browser cannot read it or no size fits: the form then shows the limit's message.
 */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    let { width, height } = shrunkSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    for (let attempt = 0; attempt < 4; attempt++) {
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (!context) return null;
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of QUALITIES) {
        const blob = await toJpeg(canvas, quality);
        if (blob && blob.size <= maxBytes) {
          const name = file.name.replace(/\.[^.]*$/, "") + ".jpg";
          return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
        }
      }
      width = Math.round(width * STEP_DOWN);
      height = Math.round(height * STEP_DOWN);
    }
    return null;
  } finally {
    bitmap.close();
  }
}
