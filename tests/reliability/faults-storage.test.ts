// The storage disk full, then read-only, while the worker processes uploads. STORAGE_DIR
// is a small tmpfs of this file's own (we run as root, here and in CI): filled up with a
// file, then remounted read-only. Each time: the record fails with the reason, no half
// file is left anywhere, and once the disk is usable again the reconcile retries it and
// it comes out ready, without anyone pressing Retry.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { getDiskStorage, STORAGE_FAULT_MESSAGES } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { makeClip, makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "#workers/runtime.ts";
import { expectEveryFileAccountedFor, filesUnder, until } from "./support-services.ts";

const root = process.env.STORAGE_DIR!;
const connection = createRedis("worker");
let running: RunningWorkers | undefined;
let mounted = false;

function mount(...args: string[]): void {
  try {
    execFileSync("mount", args, { stdio: "pipe" });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(
      `mount ${args.join(" ")} failed (${stderr || (error as Error).message}). These fault tests need root and mount rights (a tmpfs for STORAGE_DIR); run them as root as CI does.`,
    );
  }
}

beforeAll(async () => {
  await fs.mkdir(root, { recursive: true });
  mount("-t", "tmpfs", "-o", "size=16m,mode=0755", "tmpfs", root);
  mounted = true;
  await getDiskStorage().ensureDirs();
  // The reconcile runs every second and retries a storage failure after a second.
  const settings = settingsFromEnv({ RECONCILE_EVERY_MS: "1000", RECONCILE_REQUEUE_AFTER_MS: "1000" });
  running = await startWorkers({ db: getDb(), storage: getDiskStorage(), connection, prefix: process.env.QUEUE_PREFIX! }, settings);
});

afterAll(async () => {
  await running?.close();
  await connection.quit();
  if (mounted) execFileSync("umount", ["-l", root]);
});

const storage = getDiskStorage();

const mediaRow = (id: number) => getDb().selectFrom("media").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Fills the disk: appends to one file until the kernel says there is no space left. */
async function fillDisk(file: string): Promise<void> {
  const handle = await fs.open(file, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
  } finally {
    await handle.close();
  }
}

/** Nothing half-written: scratch is empty, and every file under media/ is whole (decodes or probes to the end). */
async function expectNoHalfFiles(): Promise<void> {
  expect(await filesUnder(storage.scratchDir)).toEqual([]);
  for (const key of await filesUnder(storage.mediaDir)) {
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{40}\.(webp|jpg|avif|mp4)$/);
    if (!key.endsWith(".mp4")) await sharp(path.join(storage.mediaDir, key), { failOn: "truncated" }).toBuffer();
  }
}

describe("the storage disk during processing", { timeout: 180_000 }, () => {
  it("full: the image fails with the reason and no half file; once there is space the reconcile makes it ready", async () => {
    const upload = await saveTestUpload(await makeJpeg(1600, 1200), "full.jpg");
    const filler = path.join(root, "filler");
    await fillDisk(filler);

    const { mediaId } = await createMediaEntry("gallery_images", upload);
    const failed = await waitForMedia(mediaId, 60_000);
    expect([failed.status, failed.error]).toEqual(["failed", STORAGE_FAULT_MESSAGES.full]);
    // The failed start is not counted: retries while the disk stays full never use up the row's starts.
    expect(failed.attempts).toBe(0);
    expect(failed.variants).toBeNull();
    await expectNoHalfFiles();

    await fs.unlink(filler);
    const ready = await until(
      async () => {
        const row = await mediaRow(mediaId);
        return row.status === "ready" && row.variants!.some((v) => v.format === "avif") && row;
      },
      90_000,
      "the retried image to be ready with its AVIF sizes",
    );
    expect([ready.error, ready.attempts]).toEqual([null, 1]);
    await expectNoHalfFiles();
    await expectEveryFileAccountedFor();
  });

  it("read-only: the video fails with the reason (not as a bad file) and no half file; once writable the reconcile makes it ready", async () => {
    const clip = storage.scratchPath("mp4");
    await makeClip(clip, { seconds: 1, size: "320x240" });
    const upload = await saveTestUpload(await fs.readFile(clip), "readonly.mp4", "video/mp4", "video");
    await fs.unlink(clip);
    mount("-o", "remount,ro", root);
    let mediaId: number;
    try {
      mediaId = (await createMediaEntry("videos", upload)).mediaId;
      const failed = await waitForMedia(mediaId, 60_000);
      expect([failed.status, failed.error, failed.attempts]).toEqual(["failed", STORAGE_FAULT_MESSAGES.readOnly, 0]);
      await expectNoHalfFiles();
    } finally {
      mount("-o", "remount,rw", root);
    }
    const ready = await until(
      async () => {
        const row = await mediaRow(mediaId);
        return row.status === "ready" && row;
      },
      90_000,
      "the retried video to be ready",
    );
    expect(ready.status).toBe("ready");
    expect([ready.error, ready.attempts]).toEqual([null, 1]);
    expect(ready.variants!.map((v) => v.role)).toEqual(expect.arrayContaining(["poster", "preview", "web"]));
    await expectNoHalfFiles();
    await expectEveryFileAccountedFor();
  });
});
