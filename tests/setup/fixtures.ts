import { Readable } from "node:stream";
import sharp from "sharp";
import { getStorage } from "#app/modules/media/storage.server.ts";
import type { SavedUpload } from "#app/modules/media/upload.server.ts";

/** A real JPEG made by sharp: a gradient so every encoder has work to do. */
export async function makeJpeg(width = 800, height = 600, seed = 0): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#${(0xc8922e + seed * 977).toString(16).slice(-6)}"/><stop offset="1" stop-color="#2a1d12"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f3d58a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Saves bytes as an original, as the upload parser would, without sniffing. */
export async function saveTestUpload(data: Buffer, name = "photo.jpg", mimeType = "image/jpeg", field = "images"): Promise<SavedUpload> {
  const saved = await getStorage().saveOriginal(Readable.from([data]), 50 * 1024 * 1024);
  return { field, key: saved.key, bytes: saved.bytes, originalName: name, mimeType };
}
