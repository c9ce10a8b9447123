import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { BadImageError, makeImageVariants, OG_MAX_BYTES } from "./images.ts";

describe("makeImageVariants", () => {
  it("derives WebP and JPEG widths without upscaling, an OG image, a placeholder and a colour", async () => {
    const storage = getDiskStorage();
    const upload = await saveTestUpload(await makeJpeg(1000, 750));
    const result = await makeImageVariants(storage.originalPath(upload.key), storage, { og: true });

    expect([result.width, result.height]).toEqual([1000, 750]);
    const widths = [...new Set(result.variants.filter((v) => v.role.startsWith("w")).map((v) => v.width))];
    expect(widths).toEqual([320, 640, 960, 1000]);
    for (const variant of result.variants) {
      const file = path.join(storage.mediaDir, variant.path);
      expect(existsSync(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.format).toBe(variant.format);
    }
    const og = result.variants.find((v) => v.role === "og")!;
    expect([og.width, og.height]).toEqual([1200, 630]);
    expect(og.bytes).toBeLessThan(OG_MAX_BYTES);
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(result.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("refuses a truncated JPEG as bad input", async () => {
    const storage = getDiskStorage();
    const jpeg = await makeJpeg(900, 900);
    const upload = await saveTestUpload(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    await expect(makeImageVariants(storage.originalPath(upload.key), storage, { og: false })).rejects.toBeInstanceOf(
      BadImageError,
    );
  });
});
