import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, promises as fs } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { getEnv } from "#app/env.server.ts";

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

/**
 * Where originals and derived files live. Processors only use this interface, so an
 * object store can replace the local disk without touching them.
 * Keys are relative paths ("ab/abcdef….webp"); derived keys are content addressed.
 */
export interface MediaStorage {
  /** Streams an upload into the private originals area, stopping at maxBytes. */
  saveOriginal(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ key: string; bytes: number }>;
  /** A local path to read an original from (sharp and ffprobe read files). */
  originalPath(key: string): string;
  removeOriginal(key: string): Promise<void>;
  /** A fresh path in the scratch area for a tool's output; pass it to putDerivedFile. */
  scratchPath(ext: string): string;
  /** Stores bytes under their content hash; written to a temporary name, then renamed. */
  putDerived(data: Buffer, ext: string): Promise<{ key: string; bytes: number }>;
  /** Moves a finished scratch file into place under its content hash. */
  putDerivedFile(scratchFile: string, ext: string): Promise<{ key: string; bytes: number }>;
  removeDerived(keys: readonly string[]): Promise<void>;
  /** Path under the public media root, for building URLs. */
  publicUrl(key: string): string;
  /** Keys of the files in one area last modified before `olderThan` (for the reconcile's sweep). */
  listOlderThan(area: StorageArea, olderThan: Date): AsyncIterable<string>;
  /** Removes one file of an area; a missing file is not an error. */
  remove(area: StorageArea, key: string): Promise<void>;
  /** Whether a derived file is in place. */
  hasDerived(key: string): Promise<boolean>;
}

export type StorageArea = "originals" | "media" | "scratch";

/**
 * What the owner reads on a record whose files could not be written because of the
 * disk, not the upload. The reconcile retries records failed with exactly these.
 */
export const STORAGE_FAULT_MESSAGES = {
  full: "The storage disk is full, so the processed files could not be saved. It is retried automatically once there is space.",
  readOnly: "The storage disk is read-only, so the processed files could not be saved. It is retried automatically once it is writable.",
} as const;

/** The owner's reason when an error is the disk refusing a write (full, over quota, read-only); null otherwise. */
export function storageFault(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return STORAGE_FAULT_MESSAGES.full;
  if (code === "EROFS") return STORAGE_FAULT_MESSAGES.readOnly;
  return null;
}

export const MEDIA_URL_PREFIX = "/media/";

function contentKey(hash: string, ext: string): string {
  return `${hash.slice(0, 2)}/${hash.slice(0, 40)}.${ext}`;
}

async function ignoreMissing(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

export class LocalDiskStorage implements MediaStorage {
  readonly originalsDir: string;
  readonly mediaDir: string;
  readonly scratchDir: string;

  constructor(root: string) {
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
    const key = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
    const target = this.safeJoin(this.originalsDir, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    let bytes = 0;
    async function* limited() {
      for await (const chunk of source) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) throw new FileTooLargeError(maxBytes);
        yield chunk;
      }
    }
    const out = createWriteStream(partial, { flags: "wx" });
    try {
      await pipeline(limited(), out);
      await fs.rename(partial, target);
    } catch (error) {
      // A source that fails at once can fail before the file is even opened: the open then
      // completes after an early unlink and leaves an empty .part behind. Wait for the close.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await ignoreMissing(fs.unlink(partial));
      throw error;
    }
    return { key, bytes };
  }

  originalPath(key: string): string {
    return this.safeJoin(this.originalsDir, key);
  }

  async removeOriginal(key: string): Promise<void> {
    await ignoreMissing(fs.unlink(this.originalPath(key)));
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

  publicUrl(key: string): string {
    return `${MEDIA_URL_PREFIX}${key}`;
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

const globalForStorage = globalThis as unknown as { __dokraStorage?: LocalDiskStorage };

export function getStorage(): LocalDiskStorage {
  globalForStorage.__dokraStorage ??= new LocalDiskStorage(getEnv().STORAGE_DIR);
  return globalForStorage.__dokraStorage;
}
