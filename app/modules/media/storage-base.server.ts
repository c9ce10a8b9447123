import type { Readable } from "node:stream";

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

/** The object store did not answer (down, unreachable, timing out, 5xx): nothing was written. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

/**
 * Where originals and derived files live: the local disk or an S3-compatible object store
 * (docs/decisions/094-object-storage.md). Code outside the drivers never touches paths or buckets.
 * Keys are relative ("ab/abcdef….webp"); derived keys are content addressed, so immutable.
 * A missing file is an error with code ENOENT, whatever the driver.
 */
export interface MediaStorage {
  readonly driver: "disk" | "s3";
  /** Creates the local folders (the scratch area; for the disk driver every area). Never contacts a store. */
  ensureDirs(): Promise<void>;
  /** Streams an upload into the private originals area, stopping at maxBytes; nothing stays on failure. */
  saveOriginal(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ key: string; bytes: number }>;
  /** Reads an original from its start (to tell its type by its bytes). */
  openOriginal(key: string): Promise<Readable>;
  /** What sharp reads an original image from: a local path (disk) or its bytes (object store). */
  imageInput(key: string): Promise<string | Buffer>;
  /** Runs `work` on a local file holding the original (ffmpeg needs one); a downloaded copy is removed after. */
  withOriginalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T>;
  removeOriginal(key: string): Promise<void>;
  /** Puts an original back under its own key (a restore from a backup); whole or not at all. */
  restoreOriginal(key: string, source: AsyncIterable<Uint8Array>): Promise<void>;
  /** A fresh path in the local scratch area for a tool's output; pass it to putDerivedFile. */
  scratchPath(ext: string): string;
  /** Stores bytes under their content hash, whole or not at all. */
  putDerived(data: Buffer, ext: string): Promise<{ key: string; bytes: number }>;
  /** Moves a finished scratch file into place under its content hash (the scratch file is gone after). */
  putDerivedFile(scratchFile: string, ext: string): Promise<{ key: string; bytes: number }>;
  removeDerived(keys: readonly string[]): Promise<void>;
  /** Reads a derived file, or the byte range asked for (`bytes=0-99`), for the /media/* route. */
  openDerived(key: string, range?: string): Promise<DerivedFile>;
  /** The URL pages link a derived file at. */
  publicUrl(key: string): string;
  /** Keys of the files in one area last modified before `olderThan` (for the reconcile's sweep). */
  listOlderThan(area: StorageArea, olderThan: Date): AsyncIterable<string>;
  /** Removes one file of an area; a missing file is not an error. */
  remove(area: StorageArea, key: string): Promise<void>;
  /** Whether a derived file is in place. */
  hasDerived(key: string): Promise<boolean>;
}

export interface DerivedFile {
  body: Readable;
  /** Bytes in `body`. */
  bytes: number;
  /** The whole file's size. */
  totalBytes: number;
  /** Set when `body` is the range asked for: "bytes 0-99/1234". */
  contentRange?: string;
}

export type StorageArea = "originals" | "media" | "scratch";

/**
 * What the owner reads on a record whose files could not be written because of the
 * storage, not the upload. The reconcile retries records failed with exactly these.
 */
export const STORAGE_FAULT_MESSAGES = {
  full: "The storage disk is full, so the processed files could not be saved. It is retried automatically once there is space.",
  readOnly: "The storage disk is read-only, so the processed files could not be saved. It is retried automatically once it is writable.",
  unreachable:
    "The media store could not be reached, so the processed files could not be saved. It is retried automatically once the store is back.",
} as const;

/** The owner's reason when an error is the disk refusing a write (full, over quota, read-only); null otherwise. */
export function storageFault(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return STORAGE_FAULT_MESSAGES.full;
  if (code === "EROFS") return STORAGE_FAULT_MESSAGES.readOnly;
  return null;
}

export const MEDIA_URL_PREFIX = "/media/";

export function contentKey(hash: string, ext: string): string {
  return `${hash.slice(0, 2)}/${hash.slice(0, 40)}.${ext}`;
}

/** A new original's key: the month it came in and a random name. */
export function newOriginalKey(): string {
  return `${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}`;
}

/** The source, cut off with FileTooLargeError once it passes maxBytes; `counted()` says how much went through. */
export function limitBytes(source: AsyncIterable<Uint8Array>, maxBytes: number) {
  let bytes = 0;
  async function* limited() {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) throw new FileTooLargeError(maxBytes);
      yield chunk;
    }
  }
  return { stream: limited(), counted: () => bytes };
}

/** An error that reads like a missing file's, whatever the driver. */
export function missingFile(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No such stored file: ${key}`), { code: "ENOENT" });
}

const MEDIA_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  mp4: "video/mp4",
};

export function mediaContentType(key: string): string {
  return MEDIA_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/** Derived files never change under their name. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
