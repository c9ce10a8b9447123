// An ffmpeg that hangs: here for real, not merely slow — its input is a named pipe no one
// ever writes to, so ffmpeg and ffprobe block in open() for ever. Each run is killed at its
// time limit, nothing is left running, and the record gets the reason. (A run that is only
// slow is in workers/videos.test.ts; an ffmpeg left by a dead worker, in workers/worker-process.test.ts.)
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { ffmpegProcessesUnder, makeClip } from "#tests/setup/fixtures.ts";
import { FfmpegTimeoutError, probe, runFfmpeg } from "#workers/ffmpeg.ts";
import { BadVideoError, makeVideoVariants, VIDEO_LIMITS, VIDEO_MESSAGES } from "#workers/videos.ts";
import { filesUnder, until } from "./support-services.ts";

const storage = getDiskStorage();
let pipe: string;

beforeAll(async () => {
  await storage.ensureDirs();
  pipe = storage.scratchPath("mp4");
  execFileSync("mkfifo", [pipe]);
});

afterAll(async () => {
  await fs.rm(pipe, { force: true });
});

const noneLeft = () => until(async () => (await ffmpegProcessesUnder()).length === 0, 10_000, "no ffmpeg or ffprobe left running");

describe("an ffmpeg that hangs", { timeout: 60_000 }, () => {
  it("ffprobe blocked on its input is killed at its time limit, and none is left running", async () => {
    await expect(probe(pipe, 500)).rejects.toBeInstanceOf(FfmpegTimeoutError);
    await noneLeft();
  });

  it("ffmpeg blocked on its input is killed at its time limit, and none is left running", async () => {
    const output = storage.scratchPath("mp4");
    await expect(runFfmpeg({ input: pipe, output, outputOptions: ["-f", "mp4"], timeoutMs: 500 })).rejects.toBeInstanceOf(FfmpegTimeoutError);
    await noneLeft();
    await fs.rm(output, { force: true });
  });

  it("a time limit that passes before ffmpeg has even started still stops it (a busy machine)", async () => {
    const output = storage.scratchPath("mp4");
    await expect(runFfmpeg({ input: pipe, output, outputOptions: ["-f", "mp4"], timeoutMs: 1 })).rejects.toBeInstanceOf(FfmpegTimeoutError);
    await noneLeft();
    await fs.rm(output, { force: true });
  });

  it("a video whose processing passes its limit fails with the reason, no process and no scratch file left", async () => {
    const input = storage.scratchPath("mp4");
    await makeClip(input, { seconds: 2, size: "640x480" });
    const before = await filesUnder(storage.scratchDir);
    const tight = { ...VIDEO_LIMITS, shortRunTimeoutMs: 1, webTimeoutFloorMs: 1, webTimeoutPerSecondMs: 0 };
    const failure = await makeVideoVariants(input, storage, tight).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BadVideoError);
    expect((failure as Error).message).toBe(VIDEO_MESSAGES.tooSlow);
    await noneLeft();
    expect(await filesUnder(storage.scratchDir)).toEqual(before);
    await fs.rm(input, { force: true });
  });
});
