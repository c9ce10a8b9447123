// Where backups are kept: a folder (BACKUP_DIR) or a bucket and prefix of an S3-compatible
// store (BACKUP_S3_BUCKET, BACKUP_S3_PREFIX). One backup is a folder of files named by the
// manifest (manifest.ts); the manifest is written last, so a backup without one is incomplete.
import { createReadStream, createWriteStream, promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import { getEnv, type Env } from "#app/env.server.ts";
import { MANIFEST_FILE } from "./manifest.ts";

export interface BackupTarget {
  /** Where, as the owner reads it: a folder or s3://bucket/prefix. */
  readonly location: string;
  /** The backups' names, complete or not, in no order. */
  list(): Promise<string[]>;
  /** Stores one file of a backup, whole (flushed to the disk) before it resolves. */
  write(name: string, file: string, source: Readable): Promise<void>;
  /** Writes the manifest so it appears whole or not at all (a temporary name, flushed, renamed). */
  writeManifest(name: string, text: string): Promise<void>;
  /** One file of a backup; a missing one fails with code ENOENT. */
  read(name: string, file: string): Promise<Readable>;
  /** Whether a file of a backup is there (a stat, a HEAD), without reading it. */
  has(name: string, file: string): Promise<boolean>;
  /** Removes a backup, every file of it. */
  remove(name: string): Promise<void>;
}

function safeRelative(file: string): string {
  if (!file || file.startsWith("/") || file.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`Refusing a backup file name outside its backup: ${file}`);
  }
  return file;
}

/** Backups as folders of a local (or mounted) disk. */
export class FolderBackupTarget implements BackupTarget {
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get location(): string {
    return this.root;
  }

  private pathOf(name: string, file?: string): string {
    const base = path.join(this.root, safeRelative(name));
    return file === undefined ? base : path.join(base, safeRelative(file));
  }

  async list(): Promise<string[]> {
    const entries = await fs.readdir(this.root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  }

  async write(name: string, file: string, source: Readable): Promise<void> {
    const target = this.pathOf(name, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await pipeline(source, createWriteStream(target, { flush: true }));
  }

  async writeManifest(name: string, text: string): Promise<void> {
    const dir = this.pathOf(name);
    const temporary = path.join(dir, `.${MANIFEST_FILE}.tmp`);
    await fs.writeFile(temporary, text, { flush: true });
    await fs.rename(temporary, path.join(dir, MANIFEST_FILE));
    // The rename itself is on the disk only once the folder is flushed.
    const handle = await fs.open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async read(name: string, file: string): Promise<Readable> {
    const stream = createReadStream(this.pathOf(name, file));
    await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
    return stream;
  }

  async has(name: string, file: string): Promise<boolean> {
    return fs.stat(this.pathOf(name, file)).then(
      (stat) => stat.isFile(),
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "ENOTDIR") return false;
        throw error;
      },
    );
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { recursive: true, force: true });
  }
}

export interface S3TargetSettings {
  endpoint?: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function notFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}

/** Backups under a prefix of an S3-compatible bucket; a PUT is atomic, so the manifest is one PUT. */
export class S3BackupTarget implements BackupTarget {
  private client: Promise<{ sdk: typeof S3Sdk; s3: S3Client }> | undefined;
  constructor(private readonly settings: S3TargetSettings) {}

  get location(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}`;
  }

  private connect() {
    this.client ??= import("@aws-sdk/client-s3").then((sdk) => {
      const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = this.settings;
      const s3 = new sdk.S3Client({
        endpoint,
        region,
        forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      return { sdk, s3 };
    });
    return this.client;
  }

  private key(name: string, file = ""): string {
    return `${this.settings.prefix}${safeRelative(name)}/${file && safeRelative(file)}`;
  }

  private async *keysUnder(prefix: string, delimiter?: string): AsyncIterable<string> {
    const { sdk, s3 } = await this.connect();
    let token: string | undefined;
    do {
      const page = await s3.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }),
      );
      for (const item of delimiter ? (page.CommonPrefixes ?? []).map((p) => p.Prefix) : (page.Contents ?? []).map((c) => c.Key)) {
        if (item) yield item;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async list(): Promise<string[]> {
    const names: string[] = [];
    for await (const prefix of this.keysUnder(this.settings.prefix, "/")) names.push(prefix.slice(this.settings.prefix.length).replace(/\/$/, ""));
    return names;
  }

  async write(name: string, file: string, source: Readable): Promise<void> {
    const { Upload } = await import("@aws-sdk/lib-storage");
    const { s3 } = await this.connect();
    const upload = new Upload({
      client: s3,
      params: { Bucket: this.settings.bucket, Key: this.key(name, file), Body: source },
      partSize: 8 * 1024 * 1024,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async writeManifest(name: string, text: string): Promise<void> {
    const { sdk, s3 } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name, MANIFEST_FILE), Body: text, ContentType: "application/json" }),
    );
  }

  async read(name: string, file: string): Promise<Readable> {
    const { sdk, s3 } = await this.connect();
    try {
      const out = await s3.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name, file) }));
      return out.Body as Readable;
    } catch (error) {
      if (notFound(error)) throw Object.assign(new Error(`No such file in the backup: ${name}/${file}`), { code: "ENOENT" });
      throw error;
    }
  }

  async has(name: string, file: string): Promise<boolean> {
    const { sdk, s3 } = await this.connect();
    try {
      await s3.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name, file) }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    const { sdk, s3 } = await this.connect();
    for await (const key of this.keysUnder(this.key(name))) {
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    }
  }
}

/** The target the settings choose: the bucket when BACKUP_S3_BUCKET is set, else the folder. */
export function backupTargetFromEnv(env: Env = getEnv()): BackupTarget {
  if (!env.BACKUP_S3_BUCKET) return new FolderBackupTarget(env.BACKUP_DIR);
  return new S3BackupTarget({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.BACKUP_S3_BUCKET,
    prefix: env.BACKUP_S3_PREFIX,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/** A readable of a text, for write(). */
export const textStream = (text: string) => Readable.from([Buffer.from(text)]);
