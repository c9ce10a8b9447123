import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, promises as fs } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import parseRange from "range-parser";
import {
  contentKey,
  limitBytes,
  MEDIA_URL_PREFIX,
  newOriginalKey,
  type DerivedFile,
  type MediaStorage,
  type StorageArea,
} from "./storage-base.server.ts";

async function ignoreMissing(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Every file in a folder of the local disk (STORAGE_DIR): the default, one machine. */
export class LocalDiskStorage implements MediaStorage {
  readonly driver = "disk";
  readonly originalsDir: string;
  readonly mediaDir: string;
  readonly scratchDir: string;

  constructor(
    root: string,
    private readonly mediaBase = MEDIA_URL_PREFIX,
  ) {
    const base = path.resolve(root);
    this.originalsDir = path.join(base, "originals");
    this.mediaDir = path.join(base, "media");
    this.scratchDir = path.join(base, "tmp");
  }

  async ensureDirs(): Promise<void> {
    await Promise.all(
      [this.originalsDir, this.mediaDir, this.scratchDir].map((d) => fs.mkdir(d, { recursive: true })),
    );
  }

  private safeJoin(dir: string, key: string): string {
    const full = path.resolve(dir, key);
    if (!full.startsWith(dir + path.sep)) throw new Error(`Refusing a storage key outside its area: ${key}`);
    return full;
  }

  async saveOriginal(source: AsyncIterable<Uint8Array>, maxBytes: number) {
    await this.ensureDirs();
    const key = newOriginalKey();
    const target = this.safeJoin(this.originalsDir, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    const limited = limitBytes(source, maxBytes);
    const out = createWriteStream(partial, { flags: "wx" });
    try {
      await pipeline(limited.stream, out);
      await fs.rename(partial, target);
    } catch (error) {
      // A source that fails at once can fail before the file is even opened: the open then
      // completes after an early unlink and leaves an empty .part behind. Wait for the close.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await ignoreMissing(fs.unlink(partial));
      throw error;
    }
    return { key, bytes: limited.counted() };
  }

  /** The original's path on this disk (disk-only: tests and the worker's ffmpeg). */
  originalPath(key: string): string {
    return this.safeJoin(this.originalsDir, key);
  }

  async openOriginal(key: string) {
    const stream = createReadStream(this.originalPath(key));
    await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
    return stream;
  }

  async imageInput(key: string): Promise<string> {
    return this.originalPath(key);
  }

  async withOriginalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T> {
    return work(this.originalPath(key));
  }

  async removeOriginal(key: string): Promise<void> {
    await ignoreMissing(fs.unlink(this.originalPath(key)));
  }

  async restoreOriginal(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.originalPath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    try {
      await pipeline(source, createWriteStream(partial));
      await fs.rename(partial, target);
    } catch (error) {
      await ignoreMissing(fs.unlink(partial));
      throw error;
    }
  }

  scratchPath(ext: string): string {
    return path.join(this.scratchDir, `${randomUUID()}.${ext}`);
  }

  async putDerived(data: Buffer, ext: string) {
    const key = contentKey(createHash("sha256").update(data).digest("hex"), ext);
    const target = this.safeJoin(this.mediaDir, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(this.scratchDir, `${randomUUID()}.tmp`);
    await fs.mkdir(this.scratchDir, { recursive: true });
    try {
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    } catch (error) {
      await ignoreMissing(fs.unlink(temporary));
      throw error;
    }
    return { key, bytes: data.byteLength };
  }

  async putDerivedFile(scratchFile: string, ext: string) {
    const hash = createHash("sha256");
    await pipeline(createReadStream(scratchFile), hash);
    const key = contentKey(hash.digest("hex"), ext);
    const target = this.safeJoin(this.mediaDir, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const { size } = await fs.stat(scratchFile);
    await fs.rename(scratchFile, target);
    return { key, bytes: size };
  }

  async removeDerived(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => ignoreMissing(fs.unlink(this.safeJoin(this.mediaDir, key)))));
  }

  async openDerived(key: string, range?: string): Promise<DerivedFile> {
    const file = this.safeJoin(this.mediaDir, key);
    const { size } = await fs.stat(file);
    const ranges = range ? parseRange(size, range, { combine: true }) : -2;
    if (typeof ranges === "number" || ranges.length !== 1) {
      return { body: createReadStream(file), bytes: size, totalBytes: size };
    }
    const { start, end } = ranges[0]!;
    return {
      body: createReadStream(file, { start, end }),
      bytes: end - start + 1,
      totalBytes: size,
      contentRange: `bytes ${start}-${end}/${size}`,
    };
  }

  publicUrl(key: string): string {
    return `${this.mediaBase}${key}`;
  }

  private areaDir(area: StorageArea): string {
    return area === "originals" ? this.originalsDir : area === "media" ? this.mediaDir : this.scratchDir;
  }

  async *listOlderThan(area: StorageArea, olderThan: Date): AsyncIterable<string> {
    const dir = this.areaDir(area);
    let entries;
    try {
      entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat && stat.mtimeMs < olderThan.getTime()) yield path.relative(dir, full).split(path.sep).join("/");
    }
  }

  async hasDerived(key: string): Promise<boolean> {
    return fs.access(this.safeJoin(this.mediaDir, key)).then(
      () => true,
      () => false,
    );
  }

  async remove(area: StorageArea, key: string): Promise<void> {
    await ignoreMissing(fs.unlink(this.safeJoin(this.areaDir(area), key)));
  }
}
