import { promises as fs } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeClip, makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { IMAGE_MESSAGES } from "./images.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "./runtime.ts";

let running: RunningWorkers;
const connection = createRedis("worker");

beforeAll(async () => {
  await getDiskStorage().ensureDirs();
  running = await startWorkers(
    { db: getDb(), storage: getDiskStorage(), connection, prefix: process.env.QUEUE_PREFIX! },
    settingsFromEnv({ RECONCILE_EVERY_MS: "3600000" }),
  );
});

afterAll(async () => {
  await running.close();
  await connection.quit();
});

async function upload(data: Buffer, name = "photo.jpg") {
  const saved = await saveTestUpload(data, name);
  const { mediaId } = await createMediaEntry("gallery_images", saved);
  return waitForMedia(mediaId);
}

const mediaFile = (key: string) => path.join(getDiskStorage().mediaDir, key);

/** Waits until the AVIF follow-up has added its sizes. */
async function waitForAvif(mediaId: number) {
  for (let i = 0; i < 200; i++) {
    const row = await getDb().selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    if (row.variants?.some((v) => v.format === "avif")) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no AVIF variants after 20 s");
}

/** A real 8x8 PNG whose header then claims another size (CRC fixed so it parses). */
function pngDeclaring(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), body]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(typed));
    return Buffer.concat([head, typed, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(8 * (1 + 8 * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("image pipeline: refusals end failed with a reason, never stuck", () => {
  it("refuses a truncated JPEG", async () => {
    const jpeg = await makeJpeg(600, 400);
    const row = await upload(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    expect([row.status, row.error]).toEqual(["failed", "The image file is damaged or incomplete and cannot be read."]);
  });

  it("refuses a truncated PNG", async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    const row = await upload(png.subarray(0, Math.floor(png.length * 0.6)), "cut.png");
    expect([row.status, row.error]).toEqual(["failed", "The image file is damaged or incomplete and cannot be read."]);
  });

  it("refuses a tiny PNG that declares a huge size (pixel flood) before decoding it", async () => {
    const row = await upload(pngDeclaring(50_000, 50_000), "flood.png");
    expect([row.status, row.error]).toEqual(["failed", IMAGE_MESSAGES.tooManyPixels]);
  });

  it("refuses a text file named .jpg", async () => {
    const row = await upload(Buffer.from("just some words, no pixels\n".repeat(20)), "notes.jpg");
    expect([row.status, row.error]).toEqual(["failed", IMAGE_MESSAGES.notImage]);
  });

  it("refuses an SVG", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>';
    const row = await upload(Buffer.from(svg), "drawing.jpg");
    expect([row.status, row.error]).toEqual(["failed", IMAGE_MESSAGES.svg]);
  });

  it("refuses a zero-byte file", async () => {
    const row = await upload(Buffer.alloc(0));
    expect([row.status, row.error]).toEqual(["failed", IMAGE_MESSAGES.empty]);
  });

  it("refuses a HEIC photo with the HEIC message", async () => {
    // The prebuilt sharp cannot encode HEVC: a HEIF container header ("ftypheic") is what a phone sends first.
    const box = Buffer.alloc(24);
    box.writeUInt32BE(24, 0);
    box.write("ftypheic", 4, "latin1");
    box.write("mif1heic", 16, "latin1");
    const row = await upload(Buffer.concat([box, Buffer.alloc(2000, 1)]), "IMG_0001.HEIC");
    expect([row.status, row.error]).toEqual(["failed", IMAGE_MESSAGES.heic]);
  });
});

describe("image pipeline: accepted formats come out ready with every variant", () => {
  it("turns an EXIF orientation 6 photo upright and strips GPS and other metadata", async () => {
    // Stored 200x100: red left half, blue right half. Orientation 6 displays it rotated 90° clockwise,
    // so upright it is 100x200 with red on top.
    const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#ff0000" } }).png().toBuffer();
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#0000ff" } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "22/1 34/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "88/1 21/1 0/1" } })
      .toBuffer();
    const meta = await sharp(photo).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag 0x8825

    const row = await upload(photo);
    expect(row.status).toBe("ready");
    expect([row.width, row.height]).toEqual([100, 200]);
    for (const variant of row.variants!) {
      const file = mediaFile(variant.path);
      const out = await sharp(file).metadata();
      expect(out.exif).toBeUndefined();
      expect(out.orientation).toBeUndefined();
      expect((await fs.readFile(file)).includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);
    }
    const jpeg = row.variants!.find((v) => v.format === "jpeg")!;
    const { data, info } = await sharp(mediaFile(jpeg.path)).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect([info.width, info.height]).toEqual([100, 200]);
    expect(pixel(50, 20)[0]).toBeGreaterThan(200); // red on top
    expect(pixel(50, 180)[2]).toBeGreaterThan(200); // blue below
  });

  it.each([
    ["png", (s: Sharp) => s.png()],
    ["webp", (s: Sharp) => s.webp()],
    ["avif", (s: Sharp) => s.avif({ effort: 0 })],
    ["gif", (s: Sharp) => s.gif()],
  ] as const)("accepts %s by content", async (format, encode) => {
    const input = await encode(sharp(await makeJpeg(700, 500))).toBuffer();
    const row = await upload(input, `photo.${format === "png" ? "jpg" : format}`);
    expect(row.error).toBeNull();
    expect([row.status, row.width, row.height]).toEqual(["ready", 700, 500]);
    expect(row.variants!.filter((v) => v.format === "webp").map((v) => v.width)).toEqual([320, 640, 700]);
    expect(row.variants!.filter((v) => v.format === "jpeg").map((v) => v.width)).toEqual([320, 640, 700]);
  });

  it("takes the first frame of an animated GIF with a thousand frames", async () => {
    const file = getDiskStorage().scratchPath("gif");
    await makeClip(file, { seconds: 20, size: "64x48", rate: 50, audio: false, args: ["-f", "gif"] });
    const gif = await fs.readFile(file);
    await fs.unlink(file);
    expect((await sharp(gif).metadata()).pages).toBeGreaterThanOrEqual(900);
    const row = await upload(gif, "dance.gif");
    expect([row.status, row.width, row.height]).toEqual(["ready", 64, 48]);
  });

  it("adds AVIF sizes in the follow-up job after the record is ready", async () => {
    const row = await upload(await makeJpeg(800, 600, 3));
    expect(row.status).toBe("ready");
    expect(row.variants!.some((v) => v.format === "avif")).toBe(false);
    const later = await waitForAvif(row.id);
    const avif = later.variants!.filter((v) => v.format === "avif");
    expect(avif.map((v) => v.width)).toEqual([320, 640, 800]);
    for (const v of avif) expect((await sharp(mediaFile(v.path)).metadata()).format).toBe("heif");
    expect(later.status).toBe("ready");
  });
});
