// Hostile fixtures for the reliability suite, all made in memory (nothing committed), and
// the small helpers that call the app the way the HTTP server does.
import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { createUserSession } from "#app/modules/auth/auth.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";

export const ORIGIN = "http://localhost:3000";

// --- requests ----------------------------------------------------------------

/** A signed-in admin's Cookie header (a real session row, as after the login form). */
export async function adminCookie(email = "owner@dokra.test", password = "correct-horse-battery"): Promise<string> {
  const user = await upsertAdmin(email, password);
  return (await createUserSession(user, false)).split(";")[0]!;
}

/** The arguments Remix passes to a route's action or loader. */
export function args(request: Request, params: Record<string, string> = {}): ActionFunctionArgs {
  return { request, params, context: { cspNonce: "test" } };
}

/** A multipart POST/PUT built from a FormData (undici streams it, with no Content-Length). */
export function multipart(url: string, form: FormData, init: { method?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(new URL(url, ORIGIN), { method: init.method ?? "POST", body: form, headers });
}

/** A request whose body is the given stream, sent chunked (no Content-Length), like a phone on a bad line. */
export function streamed(url: string, body: ReadableStream<Uint8Array>, contentType: string, init: { method?: string; cookie?: string } = {}) {
  const headers = new Headers({ "Content-Type": contentType });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(new URL(url, ORIGIN), { method: init.method ?? "POST", body, headers, duplex: "half" } as RequestInit);
}

/** `count` chunks of `chunkBytes` made on demand, then (optionally) an error as when the socket is cut. */
export function lazyBody(head: string, chunkBytes: number, count: number, end: { tail?: string; cutWith?: Error } = {}) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
    async pull(controller) {
      if (sent < count) {
        sent++;
        controller.enqueue(new Uint8Array(chunkBytes).fill(0x41));
        // Give the parser its turn, as a slow network would.
        await new Promise((resolve) => setImmediate(resolve));
        return;
      }
      if (end.cutWith) return controller.error(end.cutWith);
      if (end.tail) controller.enqueue(new TextEncoder().encode(end.tail));
      controller.close();
    },
  });
}

/** Every table a request could change, but the sessions (signing in is not a change to the shop). */
const SHOP_TABLES = [
  "media", "products", "product_images", "gift_entries", "stock_entries", "gallery_images", "videos", "display_images",
  "admin_users", "contact_messages",
] as const;

/** MySQL's checksum of every shop table: equal before and after means nothing changed. */
export async function shopFingerprint(): Promise<Record<string, string>> {
  const { rows } = await sql<{ Table: string; Checksum: string | number }>`CHECKSUM TABLE ${sql.raw(SHOP_TABLES.join(", "))}`.execute(getDb());
  return Object.fromEntries(rows.map((r) => [r.Table.split(".").pop()!, String(r.Checksum)]));
}

/** Every file under the private originals area (finished or partial). */
export async function originalsOnDisk(): Promise<string[]> {
  const root = getDiskStorage().originalsDir;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A local HTTP listener that counts what reaches it: nothing should. */
export async function tripwire(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits++;
    res.end("#EXTM3U\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- images ------------------------------------------------------------------

/** A JPEG whose start-of-image marker is right but whose header segments are garbage. */
export async function jpegWithCorruptHeader(): Promise<Buffer> {
  const jpeg = Buffer.from(await makeJpeg(320, 240));
  for (let i = 4; i < 400; i++) jpeg[i] = (i * 131) & 0xff;
  return jpeg;
}

/** SVGs that would run script, expand an external entity or read a local file if anything rendered them. */
export function hostileSvgs(fetchUrl: string): Array<[string, string]> {
  return [
    ["script.svg", `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`],
    [
      "xxe.svg",
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY net SYSTEM "${fetchUrl}/xxe">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&xxe;&net;</text></svg>`,
    ],
    [
      "file.svg",
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="file:///etc/passwd" width="10" height="10"/><image href="${fetchUrl}/pixel.png" width="10" height="10"/></svg>`,
    ],
  ];
}

const be16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);

/**
 * A real JPEG carrying a 60 KB EXIF block whose orientation tag says 65535 (valid values
 * are 1 to 8) and a 2 MB ICC profile split over 33 APP2 segments of garbage.
 */
export async function jpegWithHugeMetadata(): Promise<Buffer> {
  const jpeg = await makeJpeg(400, 300, 5);
  // EXIF: a little-endian TIFF header, IFD0 with Orientation (SHORT) and ImageDescription (ASCII).
  const description = Buffer.alloc(60_000, "A");
  const ifd = Buffer.alloc(2 + 2 * 12 + 4);
  ifd.writeUInt16LE(2, 0);
  ifd.writeUInt16LE(0x0112, 2); // Orientation
  ifd.writeUInt16LE(3, 4);
  ifd.writeUInt32LE(1, 6);
  ifd.writeUInt16LE(0xffff, 10);
  ifd.writeUInt16LE(0x010e, 14); // ImageDescription
  ifd.writeUInt16LE(2, 16);
  ifd.writeUInt32LE(description.length, 18);
  ifd.writeUInt32LE(8 + ifd.length, 22);
  const tiff = Buffer.concat([Buffer.from("II*\0", "latin1"), Buffer.from([8, 0, 0, 0]), ifd, description]);
  const exif = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const segments = [Buffer.concat([Buffer.from([0xff, 0xe1]), be16(exif.length + 2), exif])];
  const chunks = 33;
  for (let n = 1; n <= chunks; n++) {
    const body = Buffer.concat([Buffer.from("ICC_PROFILE\0", "latin1"), Buffer.from([n, chunks]), Buffer.alloc(65_000, n)]);
    segments.push(Buffer.concat([Buffer.from([0xff, 0xe2]), be16(body.length + 2), body]));
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

// --- video ---------------------------------------------------------------------

const le32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const riffChunk = (id: string, body: Buffer) =>
  Buffer.concat([Buffer.from(id, "latin1"), le32(body.length), body, Buffer.alloc(body.length % 2)]);
const riffList = (type: string, ...parts: Buffer[]) => riffChunk("LIST", Buffer.concat([Buffer.from(type, "latin1"), ...parts]));

/**
 * The classic ffmpeg SSRF/LFI upload: an AVI whose one stream is a "GAB2" subtitle packet
 * holding an HLS playlist, so a careless ffmpeg opens the playlist's segments (local
 * files, URLs) while it probes what looks like a video.
 */
export function aviWithPlaylist(segments: string[]): Buffer {
  const playlist = ["#EXTM3U", "#EXT-X-MEDIA-SEQUENCE:0", ...segments.flatMap((s) => ["#EXTINF:1.0,", s]), "#EXT-X-ENDLIST", ""].join("\n");
  const avih = Buffer.alloc(56);
  avih.writeUInt32LE(40_000, 0); // µs per frame
  avih.writeUInt32LE(0x10, 12); // has index
  avih.writeUInt32LE(125, 16); // frames
  avih.writeUInt32LE(1, 24); // streams
  avih.writeUInt32LE(224, 32);
  avih.writeUInt32LE(160, 36);
  const strh = Buffer.alloc(56);
  strh.write("txts", 0, "latin1");
  strh.writeUInt32LE(1, 20); // scale
  strh.writeUInt32LE(25, 24); // rate
  strh.writeUInt32LE(125, 32); // length
  const strf = Buffer.alloc(40);
  strf.writeUInt32LE(40, 0);
  strf.writeInt32LE(224, 4);
  strf.writeInt32LE(160, 8);
  strf.writeUInt16LE(1, 12);
  strf.writeUInt16LE(24, 14);
  strf.write("XVID", 16, "latin1");
  // GAB2 packet: magic, version 2, empty UTF-16 name, then the embedded "subtitle file".
  const gab2 = Buffer.concat([Buffer.from("GAB2\0", "latin1"), Buffer.from([2, 0]), le32(0), Buffer.alloc(2), le32(0), Buffer.from(playlist)]);
  const filler = Array.from({ length: 50 }, () => riffChunk("00dc", Buffer.alloc(200)));
  const hdrl = riffList("hdrl", riffChunk("avih", avih), riffList("strl", riffChunk("strh", strh), riffChunk("strf", strf)));
  const body = Buffer.concat([Buffer.from("AVI ", "latin1"), hdrl, riffList("movi", riffChunk("00tx", gab2), ...filler)]);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), le32(body.length), body]);
}

/** The same MP4, its movie and track headers rewritten to claim `seconds` of running time. */
export function mp4Claiming(mp4: Buffer, seconds: number): Buffer {
  const out = Buffer.from(mp4);
  for (const [box, timescaleAt, durationAt] of [["mvhd", 12, 16], ["mdhd", 12, 16], ["tkhd", -1, 20]] as const) {
    for (let at = out.indexOf(box); at !== -1; at = out.indexOf(box, at + 4)) {
      const start = at + 4;
      if (out[start] !== 0) continue; // version 1 boxes use 64-bit fields: ffmpeg writes version 0 here
      const timescale = timescaleAt === -1 ? out.readUInt32BE(out.indexOf("mvhd") + 4 + 12) : out.readUInt32BE(start + timescaleAt);
      out.writeUInt32BE(Math.min(0xffffffff, timescale * seconds), start + durationAt);
    }
  }
  return out;
}
