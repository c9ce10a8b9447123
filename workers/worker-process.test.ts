// The real worker process (node + tsx, as `npm run worker` runs it) against this file's
// database, queue prefix and storage: killed with -9 mid-job, and stopped with SIGTERM.
import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createMediaEntry } from "#app/modules/media/library.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { expectEveryFileAccountedFor, startWorkerProcess, stopAllServices, until } from "#tests/reliability/support-services.ts";
import { ffmpegProcessesUnder, makeClip, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";

const startWorker = () => startWorkerProcess();
afterEach(stopAllServices);

/** A video that takes the worker a few seconds: MPEG-4 Part 2 in AVI must be re-encoded. */
async function slowVideo(): Promise<number> {
  const file = getDiskStorage().scratchPath("avi");
  await getDiskStorage().ensureDirs();
  await makeClip(file, { seconds: 5, size: "960x540", rate: 25, args: ["-c:v", "mpeg4", "-q:v", "5", "-c:a", "mp3"] });
  const upload = await saveTestUpload(await fs.readFile(file), "long.avi", "video/x-msvideo", "video");
  await fs.unlink(file);
  return (await createMediaEntry("videos", upload)).mediaId;
}

describe("the worker process", () => {
  it("at start kills, by pid, an ffmpeg a dead worker left running on its storage, and no other", async () => {
    await getDiskStorage().ensureDirs();
    // A dead worker's pid: a process that has exited.
    const dead = spawn("true");
    await new Promise((resolve) => dead.on("exit", resolve));
    // Started from this (node) process: an orphan may be re-parented to any process, a node one too.
    const run = (environment: NodeJS.ProcessEnv) => {
      const output = getDiskStorage().scratchPath("mp4");
      const child = spawn("ffmpeg", ["-nostdin", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=10", "-t", "600", "-c:v", "libx264", "-preset", "ultrafast", "-y", output], { env: environment, stdio: "ignore" });
      return { child, output, gone: new Promise((resolve) => child.on("exit", resolve)) };
    };
    const orphan = run({ ...process.env, DOKRA_WORKER_PID: String(dead.pid) });
    const byHand = run({ ...process.env, DOKRA_WORKER_PID: undefined });
    await until(async () => {
      const running = await ffmpegProcessesUnder();
      return running.includes(orphan.child.pid!) && running.includes(byHand.child.pid!);
    }, 5_000, "both ffmpeg runs");
    const worker = startWorker();
    await until(async () => worker.output().includes("worker started"), 30_000, "the worker to start");
    expect(worker.output()).toContain("killed ffmpeg processes left by a dead worker");
    await orphan.gone;
    expect(await ffmpegProcessesUnder()).toEqual([byHand.child.pid]);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    byHand.child.kill("SIGKILL");
    await byHand.gone;
    for (const file of [orphan.output, byHand.output]) await fs.rm(file, { force: true });
  });

  it("loses nothing when killed with -9 mid-job: the job is picked up again and completes once", async () => {
    const mediaId = await slowVideo();
    const first = startWorker();
    // Mid-job: ffmpeg is running on this file's storage.
    await until(async () => (await ffmpegProcessesUnder()).length > 0, 30_000, "the first worker's ffmpeg");
    first.child.kill("SIGKILL");
    await first.exited;
    const row = await getDb().selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect(row.status).toBe("processing");

    const second = startWorker();
    const done = await waitForMedia(mediaId, 60_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe("ready");
    expect(done.attempts).toBe(2);
    expect(done.variants!.map((v) => v.role)).toEqual(expect.arrayContaining(["poster", "preview", "web"]));
    for (const v of done.variants!) await fs.access(`${getDiskStorage().mediaDir}/${v.path}`);
    // The new worker killed the dead one's ffmpeg (by pid), and leaves none running once idle.
    await until(async () => (await ffmpegProcessesUnder()).length === 0, 5_000, "no ffmpeg left");

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain("worker stopped");
    // Written once: no duplicate or orphaned derived file; the dead worker's scratch is swept.
    expect(new Set(done.variants!.map((v) => `${v.role}/${v.format}`)).size).toBe(done.variants!.length);
    await expectEveryFileAccountedFor();
  });

  it("on SIGTERM finishes the job in progress before it exits", async () => {
    const mediaId = await slowVideo();
    const worker = startWorker();
    await until(async () => (await ffmpegProcessesUnder()).length > 0, 30_000, "ffmpeg to start");
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    const row = await getDb().selectFrom("media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect([row.status, row.error, row.attempts]).toEqual(["ready", null, 1]);
    expect(await ffmpegProcessesUnder()).toEqual([]);
    expect(worker.output()).toContain("worker stopping");
  });
});
