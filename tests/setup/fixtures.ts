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

/**
 * A short clip made by ffmpeg from its own test sources (fixtures are generated, never
 * committed). Defaults: 2 s, 320x240, H.264/AAC MP4.
 */
export async function makeClip(
  file: string,
  options: { seconds?: number; size?: string; rate?: number; audio?: boolean; args?: string[] } = {},
): Promise<void> {
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  const seconds = options.seconds ?? 2;
  const inputs = ["-f", "lavfi", "-i", `testsrc2=s=${options.size ?? "320x240"}:r=${options.rate ?? 15}`];
  if (options.audio !== false) inputs.push("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050");
  const codecs = options.args ?? ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "48k"];
  await promisify(execFile)(
    "ffmpeg",
    ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...inputs, "-t", String(seconds), ...codecs, "-shortest", file],
    { timeout: 60_000, killSignal: "SIGKILL" },
  );
}

/** Polls a media row until it leaves `processing` (or the time runs out, which fails the test). */
export async function waitForMedia(mediaId: number, timeoutMs = 30_000) {
  const { getDb } = await import("#db/index.ts");
  const started = Date.now();
  for (;;) {
    const row = await getDb().selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirst();
    if (!row) throw new Error(`media ${mediaId} is gone`);
    if (row.status !== "processing") return row;
    if (Date.now() - started > timeoutMs) throw new Error(`media ${mediaId} still processing after ${timeoutMs} ms (progress ${row.progress})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Pids of ffmpeg/ffprobe processes whose command line mentions this test file's storage folder. */
export async function ffmpegProcessesUnder(root = process.env.STORAGE_DIR!): Promise<number[]> {
  const { promises: fs } = await import("node:fs");
  const found: number[] = [];
  for (const pid of (await fs.readdir("/proc")).filter((p) => /^\d+$/.test(p))) {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    const [binary, ...args] = cmdline.split("\0");
    if (/(^|\/)ff(mpeg|probe)$/.test(binary ?? "") && args.some((a) => a.includes(root))) found.push(Number(pid));
  }
  return found;
}
