import path from "node:path";
import { getEnv, type Env } from "#app/env.server.ts";
import { LocalDiskStorage } from "./disk-storage.server.ts";
import { S3Storage } from "./s3-storage.server.ts";
import type { MediaStorage } from "./storage-base.server.ts";
import { singleton } from "#app/lib/singleton.server.ts";

export * from "./storage-base.server.ts";
export { LocalDiskStorage } from "./disk-storage.server.ts";
export { S3Storage } from "./s3-storage.server.ts";

/** The driver the settings choose: the disk (STORAGE_DIR) by default, or an S3 bucket. */
export function storageFromEnv(env: Env): MediaStorage {
  const mediaBase = env.MEDIA_PUBLIC_URL ? `${env.MEDIA_PUBLIC_URL}/` : undefined;
  if (env.STORAGE_DRIVER === "disk") return new LocalDiskStorage(env.STORAGE_DIR, mediaBase);
  return new S3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    scratchRoot: path.resolve(env.STORAGE_DIR),
    mediaBase,
  });
}

const storage = singleton<MediaStorage>("__dokraStorage", () => storageFromEnv(getEnv()));

export function getStorage(): MediaStorage {
  return storage.get();
}

/** The disk driver, for what only a local folder has (the server's static /media, disk-level tests). */
export function getDiskStorage(): LocalDiskStorage {
  const storage = getStorage();
  if (!(storage instanceof LocalDiskStorage)) throw new Error("STORAGE_DRIVER is not disk");
  return storage;
}
