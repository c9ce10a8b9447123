// Hostile files that get past the upload's byte sniffing (or are saved as if they had),
// through the real queue and worker: each ends `failed` with its reason or `ready` with
// clean derived files; nothing is fetched or read outside the upload; the worker keeps
// going. Cases already proven elsewhere (truncated JPEG/PNG, pixel flood, text and plain
// SVG, zero bytes, HEIC, a 1000-frame GIF, EXIF orientation 6, HLS text named .mp4,
// ffmpeg timeouts) live in workers/image-pipeline.test.ts and workers/videos.test.ts.
import { promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { ffmpegProcessesUnder, makeClip, makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { ffmpegBinaries, SAFE_INPUT } from "#workers/ffmpeg.ts";
import { IMAGE_MESSAGES } from "#workers/images.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "#workers/runtime.ts";
import { VIDEO_LIMITS, VIDEO_MESSAGES } from "#workers/videos.ts";
import { aviWithPlaylist, hostileSvgs, jpegWithCorruptHeader, jpegWithHugeMetadata, mp4Claiming, tripwire } from "./support-input.ts";

let running: RunningWorkers;
const connection = createRedis("worker");
let wire: Awaited<ReturnType<typeof tripwire>>;

beforeAll(async () => {
  await getDiskStorage().ensureDirs();
  wire = await tripwire();
  running = await startWorkers(
    { db: getDb(), storage: getDiskStorage(), connection, prefix: process.env.QUEUE_PREFIX! },
    settingsFromEnv({ RECONCILE_EVERY_MS: "3600000" }),
  );
});

afterAll(async () => {
  await running.close();
  await connection.quit();
  await wire.close();
  expect(await ffmpegProcessesUnder()).toEqual([]);
});

async function image(data: Buffer, name: string) {
  const { mediaId } = await createMediaEntry("gallery_images", await saveTestUpload(data, name));
  return waitForMedia(mediaId);
}

async function video(data: Buffer, name: string) {
  const { mediaId } = await createMediaEntry("videos", await saveTestUpload(data, name, "video/mp4", "video"));
  return waitForMedia(mediaId, 60_000);
}

const mediaFile = (key: string) => path.join(getDiskStorage().mediaDir, key);

async function scratchClip(options: Parameters<typeof makeClip>[1], ext: string): Promise<Buffer> {
  const file = getDiskStorage().scratchPath(ext);
  await makeClip(file, options);
  const data = await fs.readFile(file);
  await fs.unlink(file);
  return data;
}

describe("hostile images", () => {
  it("a JPEG with a corrupt header fails: sharp cannot read it as an image", async () => {
    const row = await image(await jpegWithCorruptHeader(), "photo.jpg");
    expect([row.status, row.error]).toEqual(["failed", IMAGE_MESSAGES.notImage]);
    expect(row.variants).toBeNull();
  });

  it("SVGs with script, an external entity and file:// references fail, reading and fetching nothing", async () => {
    // sharp names an SVG it recognises; one opening with an XML prolog and a DOCTYPE is not even that.
    const expected: Record<string, string> = { "script.svg": IMAGE_MESSAGES.svg, "xxe.svg": IMAGE_MESSAGES.notImage, "file.svg": IMAGE_MESSAGES.svg };
    for (const [name, svg] of hostileSvgs(wire.url)) {
      const row = await image(Buffer.from(svg), name.replace(".svg", ".jpg"));
      expect([name, row.status, row.error, row.variants]).toEqual([name, "failed", expected[name], null]);
    }
    expect(wire.hits()).toBe(0);
  });

  it("HTML and PHP text named .jpg fail as not an image", async () => {
    for (const text of ["<!doctype html><html><script>alert(1)</script></html>", "<?php system($_GET['c']); ?>"]) {
      const row = await image(Buffer.from(text), "shell.jpg");
      expect([row.status, row.error]).toEqual(["failed", IMAGE_MESSAGES.notImage]);
    }
  });

  it("an animated WebP of 2000 frames is made from its first frame only", async () => {
    const frames = 2000;
    const webp = await sharp({
      create: { width: 32, height: 24 * frames, channels: 3, background: "#c8922e", noise: { type: "gaussian", mean: 128, sigma: 60 }, pageHeight: 24 },
    })
      .webp({ quality: 1, effort: 0, loop: 0, delay: 10 })
      .toBuffer();
    expect((await sharp(webp, { pages: -1 }).metadata()).pages).toBeGreaterThanOrEqual(2000);
    const row = await image(webp, "dance.webp");
    expect([row.status, row.width, row.height]).toEqual(["ready", 32, 24]);
    for (const v of row.variants!) expect((await sharp(mediaFile(v.path)).metadata()).pages ?? 1).toBe(1);
  });

  it("a 60 KB EXIF block with orientation 65535 and a 2 MB ICC block: made upright, every byte of it stripped", async () => {
    const photo = await jpegWithHugeMetadata();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const row = await image(photo, "huge-meta.jpg");
    expect([row.status, row.width, row.height]).toEqual(["ready", 400, 300]);
    for (const v of row.variants!) {
      const file = await fs.readFile(mediaFile(v.path));
      expect(file.length).toBeLessThan(200 * 1024);
      expect(file.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);
      expect(file.includes(Buffer.from("ICC_PROFILE", "latin1")) && file.includes(Buffer.alloc(1000, 7))).toBe(false);
    }
  });
});

describe("hostile videos", () => {
  it("an AVI carrying an HLS playlist (file:///etc/passwd, a local URL) fails as not a video; nothing is read or fetched", async () => {
    // The listener counts: a request made directly reaches it, so a fetch by ffmpeg would too.
    await fetch(`${wire.url}/self-check`).then((r) => r.text());
    expect(wire.hits()).toBe(1);
    expect(SAFE_INPUT).toEqual(expect.arrayContaining(["-protocol_whitelist", "file", "-format_whitelist"]));
    expect(SAFE_INPUT[SAFE_INPUT.indexOf("-format_whitelist") + 1]!.split(",")).not.toEqual(expect.arrayContaining(["hls"]));

    const avi = aviWithPlaylist(["file:///etc/passwd", `${wire.url}/leak.ts`, `${wire.url}/segment.mp4`]);
    // ffprobe really reads it as an AVI, so the trap is in front of the demuxer we allow.
    const { execFile } = await import("node:child_process");
    const probeFile = getDiskStorage().scratchPath("avi");
    await fs.writeFile(probeFile, avi);
    const format = await new Promise<string>((resolve) =>
      execFile(ffmpegBinaries().ffprobe, ["-v", "quiet", ...SAFE_INPUT, "-show_entries", "format=format_name", "-of", "csv=p=0", probeFile], (_e, out) => resolve(out.trim())),
    );
    await fs.unlink(probeFile);
    expect(format).toBe("avi");

    for (const name of ["trap.avi", "trap.mp4"]) {
      const row = await video(avi, name);
      expect([row.status, row.error, row.variants]).toEqual(["failed", VIDEO_MESSAGES.notVideo, null]);
    }
    expect(wire.hits()).toBe(1);
  });

  it("an MP4 that claims ten hours fails with the length limit, before any transcoding", async () => {
    const clip = await scratchClip({ seconds: 1, size: "160x120", audio: false }, "mp4");
    const row = await video(mp4Claiming(clip, 10 * 3600), "ten-hours.mp4");
    expect([row.status, row.error]).toEqual(["failed", VIDEO_MESSAGES.tooLong(VIDEO_LIMITS.maxDurationMs, 10 * 3600 * 1000)]);
    expect(row.error).toMatch(/too long \(600 min\); the limit is 10 min/);
    expect(row.variants).toBeNull();
  });
});

describe("after all of that", () => {
  it("the worker is still running: a good photo comes out ready", async () => {
    const row = await image(await makeJpeg(500, 400, 9), "fine.jpg");
    expect(row.status).toBe("ready");
  });
});
