// Row 5, worker memory: a fresh worker process's resident set (VmRSS) after 100 image
// uploads and after 1,000, each upload queued through the app's own upload path
// (original saved to storage, media row written, job queued: createMediaEntry), each
// making its WebP/JPEG ladder and then its AVIF follow-up job.
import { promises as fs } from "node:fs";
import { Readable } from "node:stream";
import { log, sleep, waitForIdleQueues, type RunningApp } from "./app.ts";
import { fmt, type Section } from "./report.ts";

export interface MemoryOptions {
  first: number;
  total: number;
  width: number;
  height: number;
}

async function status(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s*(\\d+) kB`).exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

export async function runMemory(app: RunningApp, options: MemoryOptions): Promise<Section> {
  const { renderDokraPicture } = await import("../scripts/seed/pictures.ts");
  const { createMediaEntry } = await import("../app/modules/media/library.server.ts");
  const { getStorage } = await import("../app/modules/media/storage.server.ts");
  const { getDb } = await import("../db/index.ts");

  await waitForIdleQueues();
  const worker = await app.restartWorker();
  await sleep(2000);
  const atStart = await status(worker.pid);
  const pictures = await Promise.all(Array.from({ length: 20 }, (_, i) => renderDokraPicture(7000 + i, options.width, options.height)));
  const ids: number[] = [];

  async function enqueue(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const n = ids.length;
      const saved = await getStorage().saveOriginal(Readable.from([pictures[n % pictures.length]!]), Number.MAX_SAFE_INTEGER);
      const { mediaId } = await createMediaEntry("gallery_images", {
        field: "image",
        key: saved.key,
        bytes: saved.bytes,
        originalName: `memory-${n}.jpg`,
        mimeType: "image/jpeg",
      });
      ids.push(mediaId);
    }
  }

  async function settle(): Promise<{ rss: number; hwm: number }> {
    for (;;) {
      const rows = await getDb()
        .selectFrom("media")
        .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
        .where("id", "in", ids)
        .groupBy("status")
        .execute();
      const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      if (by.failed) throw new Error(`${by.failed} memory-row images failed`);
      if ((by.ready ?? 0) === ids.length) break;
      await sleep(250);
    }
    await waitForIdleQueues();
    await sleep(1000);
    return status(worker.pid);
  }

  log(`memory: ${options.first} uploads of ${options.width}×${options.height}`);
  const started = performance.now();
  await enqueue(options.first);
  const afterFirst = await settle();
  const firstSeconds = (performance.now() - started) / 1000;
  log(`memory: ${options.total - options.first} more`);
  await enqueue(options.total - options.first);
  const afterTotal = await settle();
  const totalSeconds = (performance.now() - started) / 1000;
  const ratio = afterTotal.rss / afterFirst.rss;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  return {
    title: "5. Worker memory",
    method: `A fresh worker process (pid ${worker.pid}); ${options.width}×${options.height} JPEGs (20 distinct pictures, cycled) queued through createMediaEntry, the same function the upload routes call; each upload is a process-image job and then its process-image-avif follow-up. VmRSS read from /proc/<pid>/status once every record is ready and the queues are empty, plus 1 s.`,
    rows: [
      {
        name: `worker RSS after ${options.total} uploads / after ${options.first}`,
        ours: `${mb(afterTotal.rss)} (peak ${mb(afterTotal.hwm)})`,
        baseline: `${mb(afterFirst.rss)} (peak ${mb(afterFirst.hwm)})`,
        ratio: fmt.ratio(ratio),
        target: "≤ 1.20",
        pass: ratio <= 1.2,
        note:
          ratio <= 1.2
            ? undefined
            : `RSS kept growing between ${options.first} and ${options.total} uploads (started at ${mb(atStart.rss)}); libvips' operation cache and glibc's malloc arenas keep freed memory, so a leak needs a heap snapshot to confirm.`,
      },
    ],
    details: [
      `RSS at start ${mb(atStart.rss)}; ${options.first} uploads done in ${firstSeconds.toFixed(1)} s, ${options.total} in ${totalSeconds.toFixed(1)} s (${fmt.n((options.total * 2) / totalSeconds, 1)} jobs/s).`,
    ],
  };
}
