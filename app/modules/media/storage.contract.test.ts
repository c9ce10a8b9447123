// One contract, both drivers: every test below runs on the local disk and on an
// S3-compatible server (s3rver, started here on a free port).
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { localS3Env, startLocalS3, type LocalS3 } from "../../../scripts/local-s3.ts";
import { FileTooLargeError, storageFromEnv, type MediaStorage, type StorageArea } from "./storage.server.ts";

const MB = 1024 * 1024;
const root = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-storage-contract-"));
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3({ directory: path.join(root, "s3rver"), bucket: "contract" });
});
afterAll(async () => {
  await s3?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

const drivers: [string, () => MediaStorage][] = [
  ["disk", () => storageFromEnv(parseEnv({ STORAGE_DIR: path.join(root, "disk") }))],
  ["s3", () => storageFromEnv(parseEnv({ ...localS3Env(s3), STORAGE_DIR: path.join(root, "s3-scratch") }))],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listAll(storage: MediaStorage, area: StorageArea): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.listOlderThan(area, new Date(Date.now() + 60_000))) keys.push(key);
  return keys.sort();
}

/** Chunks of a buffer as a request body would bring them. */
function chunked(data: Buffer, size = 64 * 1024): AsyncIterable<Uint8Array> {
  return Readable.from(Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)));
}

describe.each(drivers)("storage contract: %s", (driver, make) => {
  let storage: MediaStorage;
  beforeAll(async () => {
    storage = make();
    await storage.ensureDirs();
    expect(storage.driver).toBe(driver);
  });

  it("streams an original in and reads it back three ways, leaving no copy behind", async () => {
    const data = randomBytes(12 * MB + 123); // several multipart parts on S3
    const saved = await storage.saveOriginal(chunked(data), 20 * MB);
    expect(saved.bytes).toBe(data.length);
    expect((await bytesOf(await storage.openOriginal(saved.key))).equals(data)).toBe(true);
    const input = await storage.imageInput(saved.key);
    expect((typeof input === "string" ? await fs.readFile(input) : input).equals(data)).toBe(true);
    const scratchBefore = await listAll(storage, "scratch");
    const seen = await storage.withOriginalFile(saved.key, async (file) => (await fs.readFile(file)).equals(data));
    expect(seen).toBe(true);
    expect(await listAll(storage, "scratch")).toEqual(scratchBefore);
    expect(await listAll(storage, "originals")).toContain(saved.key);
    await storage.removeOriginal(saved.key);
    expect(await listAll(storage, "originals")).not.toContain(saved.key);
  });

  it("puts an original back under its own key (a restore), and a failed one leaves nothing", async () => {
    const data = randomBytes(7 * MB + 5);
    await storage.restoreOriginal("2026-01/restored-original", chunked(data));
    expect((await bytesOf(await storage.openOriginal("2026-01/restored-original"))).equals(data)).toBe(true);
    async function* cutOff() {
      yield randomBytes(6 * MB);
      throw new Error("the backup could not be read");
    }
    await expect(storage.restoreOriginal("2026-01/cut-off", cutOff())).rejects.toThrow("the backup could not be read");
    const keys = await listAll(storage, "originals");
    expect(keys).toContain("2026-01/restored-original");
    expect(keys.filter((key) => key.startsWith("2026-01/cut-off"))).toEqual([]);
    await storage.removeOriginal("2026-01/restored-original");
  });

  it("refuses an original over its limit and keeps nothing of it", async () => {
    const before = await listAll(storage, "originals");
    await expect(storage.saveOriginal(chunked(randomBytes(6 * MB)), 5 * MB)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await listAll(storage, "originals")).toEqual(before);
  });

  it("passes on the error of a source cut off mid-stream and keeps nothing of it", async () => {
    const before = await listAll(storage, "originals");
    async function* cutOff() {
      yield randomBytes(6 * MB);
      throw new Error("client went away");
    }
    await expect(storage.saveOriginal(cutOff(), 20 * MB)).rejects.toThrow("client went away");
    expect(await listAll(storage, "originals")).toEqual(before);
  });

  it("stores derived bytes under their content hash, reads them whole or by range, and removes them", async () => {
    const data = randomBytes(100_000);
    const first = await storage.putDerived(data, "webp");
    const again = await storage.putDerived(Buffer.from(data), "webp");
    expect(again).toEqual(first);
    expect(first.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{40}\.webp$/);
    expect(await storage.hasDerived(first.key)).toBe(true);
    const whole = await storage.openDerived(first.key);
    expect([whole.bytes, whole.totalBytes, whole.contentRange]).toEqual([data.length, data.length, undefined]);
    expect((await bytesOf(whole.body)).equals(data)).toBe(true);
    const part = await storage.openDerived(first.key, "bytes=10-19");
    expect([part.bytes, part.totalBytes, part.contentRange]).toEqual([10, data.length, `bytes 10-19/${data.length}`]);
    expect((await bytesOf(part.body)).equals(data.subarray(10, 20))).toBe(true);
    expect(await listAll(storage, "media")).toContain(first.key);
    await storage.removeDerived([first.key]);
    expect(await storage.hasDerived(first.key)).toBe(false);
    await storage.removeDerived([first.key]); // a missing file is not an error
  });

  it("moves a finished scratch file into place; the scratch file is gone", async () => {
    const file = storage.scratchPath("mp4");
    const data = randomBytes(300_000);
    await fs.writeFile(file, data);
    const stored = await storage.putDerivedFile(file, "mp4");
    expect(stored.bytes).toBe(data.length);
    await expect(fs.access(file)).rejects.toThrow();
    expect((await bytesOf((await storage.openDerived(stored.key)).body)).equals(data)).toBe(true);
    await storage.remove("media", stored.key);
    expect(await storage.hasDerived(stored.key)).toBe(false);
  });

  it("answers a missing file with ENOENT on every read", async () => {
    const missing = "2026-01/00000000-0000-0000-0000-000000000000";
    await expect(storage.openOriginal(missing)).rejects.toMatchObject({ code: "ENOENT" });
    await expect(storage.imageInput(missing).then((input) => (typeof input === "string" ? fs.readFile(input) : input))).rejects.toMatchObject({
      code: "ENOENT",
    });
    await expect(storage.withOriginalFile(missing, async (file) => fs.readFile(file))).rejects.toMatchObject({ code: "ENOENT" });
    await expect(storage.openDerived("ab/abababababababababababababababababababab.jpg")).rejects.toMatchObject({ code: "ENOENT" });
    await storage.remove("originals", missing);
  });

  it("lists an area by age, so the reconcile can sweep it", async () => {
    const stored = await storage.putDerived(randomBytes(1000), "jpg");
    const scratch = storage.scratchPath("jpg");
    await fs.writeFile(scratch, "tool output");
    const older = async (area: StorageArea, when: Date) => {
      const keys: string[] = [];
      for await (const key of storage.listOlderThan(area, when)) keys.push(key);
      return keys;
    };
    expect(await older("media", new Date(Date.now() - 60_000))).not.toContain(stored.key);
    expect(await older("media", new Date(Date.now() + 60_000))).toContain(stored.key);
    const scratchKey = path.basename(scratch);
    expect(await older("scratch", new Date(Date.now() + 60_000))).toContain(scratchKey);
    await storage.remove("scratch", scratchKey);
    await expect(fs.access(scratch)).rejects.toThrow();
    await storage.remove("media", stored.key);
  });

  it("refuses keys that climb out of their area", async () => {
    await expect(storage.openOriginal("../media/x")).rejects.toThrow(/outside its area/);
    await expect(storage.remove("media", "../originals/x")).rejects.toThrow(/outside its area/);
  });

  it("links derived files under /media/ unless MEDIA_PUBLIC_URL says otherwise", () => {
    expect(storage.publicUrl("ab/cd.webp")).toBe("/media/ab/cd.webp");
  });
});
