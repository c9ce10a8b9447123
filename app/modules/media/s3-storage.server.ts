import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, promises as fs } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import { LocalDiskStorage } from "./disk-storage.server.ts";
import {
  contentKey,
  IMMUTABLE_CACHE_CONTROL,
  limitBytes,
  mediaContentType,
  MEDIA_URL_PREFIX,
  missingFile,
  newOriginalKey,
  StoreUnavailableError,
  type DerivedFile,
  type MediaStorage,
  type StorageArea,
} from "./storage-base.server.ts";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** A local folder for tool output (ffmpeg) and video originals while a job runs. */
  scratchRoot: string;
  mediaBase?: string;
  /** Attempts per call (the SDK's retries with backoff); 3 is the SDK's default. */
  maxAttempts?: number;
}

/** Multipart part size: what one upload holds in memory at most (S3's minimum part). */
const PART_BYTES = 5 * 1024 * 1024;

type Sdk = typeof S3Sdk;

/**
 * Originals and derived files in one bucket of an S3-compatible store (AWS, MinIO, R2…):
 * `originals/<key>` (private) and `media/<key>` (content addressed, cacheable forever).
 * Only the scratch area is local. The AWS SDK is loaded on first use, so the disk
 * driver's processes never load it.
 */
export class S3Storage implements MediaStorage {
  readonly driver = "s3";
  private readonly scratch: LocalDiskStorage;
  private client: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.scratch = new LocalDiskStorage(settings.scratchRoot);
  }

  private connect() {
    this.client ??= import("@aws-sdk/client-s3").then((sdk) => {
      const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey, maxAttempts = 3 } = this.settings;
      const s3 = new sdk.S3Client({
        endpoint,
        region,
        forcePathStyle,
        maxAttempts,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Checksums only where S3 requires them: MinIO, s3rver and older gateways refuse the rest.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      });
      return { sdk, s3 };
    });
    return this.client;
  }

  /** Runs one call of the store; its failures as a missing file or StoreUnavailableError. */
  private async call<T>(key: string, work: (sdk: Sdk, s3: S3Client) => Promise<T>): Promise<T> {
    const { sdk, s3 } = await this.connect();
    try {
      return await work(sdk, s3);
    } catch (error) {
      throw translate(error, key);
    }
  }

  private objectKey(area: Exclude<StorageArea, "scratch">, key: string): string {
    if (!key || key.startsWith("/") || key.split("/").some((part) => part === ".." || part === ".")) {
      throw new Error(`Refusing a storage key outside its area: ${key}`);
    }
    return `${area}/${key}`;
  }

  async ensureDirs(): Promise<void> {
    await fs.mkdir(this.scratch.scratchDir, { recursive: true });
  }

  async saveOriginal(source: AsyncIterable<Uint8Array>, maxBytes: number) {
    const key = newOriginalKey();
    const limited = limitBytes(source, maxBytes);
    await this.uploadOriginal(key, limited.stream);
    return { key, bytes: limited.counted() };
  }

  async restoreOriginal(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    await this.uploadOriginal(key, source);
  }

  /** Streams part by part (at most PART_BYTES held); a failed multipart upload is aborted by lib-storage. */
  private async uploadOriginal(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const { Upload } = await import("@aws-sdk/lib-storage");
    const { s3 } = await this.connect();
    let sourceError: unknown;
    async function* watched() {
      try {
        yield* source;
      } catch (error) {
        sourceError = error;
        throw error;
      }
    }
    const upload = new Upload({
      client: s3,
      params: { Bucket: this.settings.bucket, Key: this.objectKey("originals", key), Body: Readable.from(watched()) },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The body's own failure (too large, cut off) wins; an abort of the body is only our
      // teardown after the store failed, which is then the cause to report.
      const ownTeardown = (sourceError as NodeJS.ErrnoException | undefined)?.code === "ABORT_ERR";
      throw sourceError && !ownTeardown ? sourceError : translate(error, key);
    }
  }

  private async getObject(area: "originals" | "media", key: string, range?: string) {
    return this.call(key, async (sdk, s3) => {
      const out = await s3.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(area, key), Range: range }));
      return { out, body: out.Body as Readable };
    });
  }

  async openOriginal(key: string): Promise<Readable> {
    return (await this.getObject("originals", key)).body;
  }

  async imageInput(key: string): Promise<Buffer> {
    const { body } = await this.getObject("originals", key);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    } catch (error) {
      throw translate(error, key);
    }
    return Buffer.concat(chunks);
  }

  async withOriginalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T> {
    await this.ensureDirs();
    const file = this.scratch.scratchPath("original");
    try {
      const { body } = await this.getObject("originals", key);
      await pipeline(body, createWriteStream(file)).catch((error: unknown) => {
        throw translate(error, key);
      });
      return await work(file);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async removeOriginal(key: string): Promise<void> {
    await this.remove("originals", key);
  }

  scratchPath(ext: string): string {
    return this.scratch.scratchPath(ext);
  }

  private async putMedia(key: string, body: Buffer | Readable, bytes: number): Promise<void> {
    await this.call(key, (sdk, s3) =>
      s3.send(
        new sdk.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey("media", key),
          Body: body,
          ContentLength: bytes,
          ContentType: mediaContentType(key),
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      ),
    );
  }

  async putDerived(data: Buffer, ext: string) {
    const key = contentKey(createHash("sha256").update(data).digest("hex"), ext);
    await this.putMedia(key, data, data.byteLength);
    return { key, bytes: data.byteLength };
  }

  async putDerivedFile(scratchFile: string, ext: string) {
    const hash = createHash("sha256");
    await pipeline(createReadStream(scratchFile), hash);
    const key = contentKey(hash.digest("hex"), ext);
    const { size } = await fs.stat(scratchFile);
    await this.putMedia(key, createReadStream(scratchFile), size);
    await fs.rm(scratchFile, { force: true });
    return { key, bytes: size };
  }

  async removeDerived(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.remove("media", key)));
  }

  async openDerived(key: string, range?: string): Promise<DerivedFile> {
    const { out, body } = await this.getObject("media", key, range);
    const bytes = Number(out.ContentLength ?? 0);
    const total = out.ContentRange ? Number(out.ContentRange.split("/")[1]) : bytes;
    return { body, bytes, totalBytes: total, contentRange: out.ContentRange };
  }

  publicUrl(key: string): string {
    return `${this.settings.mediaBase ?? MEDIA_URL_PREFIX}${key}`;
  }

  async *listOlderThan(area: StorageArea, olderThan: Date): AsyncIterable<string> {
    if (area === "scratch") return yield* this.scratch.listOlderThan("scratch", olderThan);
    const prefix = `${area}/`;
    let token: string | undefined;
    do {
      const page = await this.call(prefix, (sdk, s3) =>
        s3.send(new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token })),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && item.LastModified && item.LastModified < olderThan) yield item.Key.slice(prefix.length);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async remove(area: StorageArea, key: string): Promise<void> {
    if (area === "scratch") return this.scratch.remove("scratch", key);
    // Deleting a missing object is not an error in S3.
    await this.call(key, (sdk, s3) =>
      s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(area, key) })),
    );
  }

  async hasDerived(key: string): Promise<boolean> {
    try {
      await this.call(key, (sdk, s3) =>
        s3.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey("media", key) })),
      );
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }
}

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE", "ECONNABORTED"]);

function isNetworkFailure(error: unknown): boolean {
  const { code, name, errors } = (error ?? {}) as { code?: string; name?: string; errors?: unknown[] };
  if (code && NETWORK_CODES.has(code)) return true;
  if (name === "TimeoutError" || name === "RequestTimeout") return true;
  // Node's happy-eyeballs connect reports every address it tried.
  return Array.isArray(errors) && errors.some(isNetworkFailure);
}

/**
 * A store's answer as this app's errors: a missing object reads like a missing file
 * (ENOENT); no answer, a timeout or a 5xx is StoreUnavailableError. Refusals (403, a
 * missing bucket) keep the SDK's error, which names them.
 */
function translate(error: unknown, key: string): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = $metadata?.httpStatusCode;
  if (name === "NoSuchKey" || name === "NotFound" || (status === 404 && name !== "NoSuchBucket")) return missingFile(key);
  if ((status !== undefined && status >= 500) || isNetworkFailure(error)) {
    return new StoreUnavailableError(`The media store did not answer: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }
  return error;
}
