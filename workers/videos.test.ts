import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { jobId } from "#app/modules/jobs/jobs.ts";
import { createMediaEntry, getVideo } from "#app/modules/media/library.server.ts";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getDiskStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { ffmpegProcessesUnder, makeClip, makeJpeg, saveTestUpload, waitForMedia } from "#tests/setup/fixtures.ts";
import { checkFfmpegCapabilities, FfmpegTimeoutError, missingCapabilities, probe, runFfmpeg } from "./ffmpeg.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "./runtime.ts";
import { isWebReady } from "./video-encoding.ts";
import { BadVideoError, inspectVideo, VIDEO_LIMITS, VIDEO_MESSAGES } from "./videos.ts";

const MAX_DURATION_MS = 3_000;
let running: RunningWorkers;
const connection = createRedis("worker");

beforeAll(async () => {
  const storage = getDiskStorage();
  await storage.ensureDirs();
  const settings = settingsFromEnv({ VIDEO_MAX_DURATION_MS: String(MAX_DURATION_MS), RECONCILE_EVERY_MS: "3600000" });
  running = await startWorkers({ db: getDb(), storage, connection, prefix: process.env.QUEUE_PREFIX! }, settings);
});

afterAll(async () => {
  await running.close();
  await connection.quit();
  expect(await ffmpegProcessesUnder()).toEqual([]);
});

async function uploadVideo(data: Buffer, name = "clip.mp4") {
  const upload = await saveTestUpload(data, name, "video/mp4", "video");
  return createMediaEntry("videos", upload);
}

async function clipBytes(options: Parameters<typeof makeClip>[1] = {}, ext = "mp4"): Promise<Buffer> {
  const file = getDiskStorage().scratchPath(`fixture.${ext}`);
  await makeClip(file, options);
  const data = await fs.readFile(file);
  await fs.unlink(file);
  return data;
}

function mediaFile(key: string) {
  return path.join(getDiskStorage().mediaDir, key);
}

const run = promisify(execFile);

/** The MP4 ffmpeg writes with these arguments (inputs, filters, codecs), then copied with `copyArgs`. */
async function ffmpegBytes(args: string[], copyArgs: string[] = []): Promise<Buffer> {
  const [made, copied] = [getDiskStorage().scratchPath("mp4"), getDiskStorage().scratchPath("mp4")];
  const ffmpeg = (more: string[]) => run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...more], { timeout: 60_000, killSignal: "SIGKILL" });
  await ffmpeg([...args, made]);
  await ffmpeg(["-i", made, "-c", "copy", ...copyArgs, copied]);
  const data = await fs.readFile(copied);
  await Promise.all([fs.unlink(made), fs.unlink(copied)]);
  return data;
}

/** The RGB of the pixel at (8, 8) of a video's or picture's first frame, read as its colour tags say. */
async function pixel(file: string): Promise<number[]> {
  const args = ["-v", "error", "-i", file, "-frames:v", "1", "-vf", "crop=2:2:8:8,format=rgb24", "-f", "rawvideo", "-"];
  const { stdout } = await run("ffmpeg", args, { encoding: "buffer" });
  return [...stdout.subarray(0, 3)];
}

describe("ffmpeg's capabilities, checked when the worker starts", () => {
  it("finds everything videos need in this machine's ffmpeg", async () => {
    expect(await checkFfmpegCapabilities()).toEqual([]);
  });

  it("names each muxer or encoder a build lacks", () => {
    const format = { description: "", canDemux: true, canMux: true };
    const encoder = { type: "video", description: "", frameMT: false, sliceMT: false, experimental: false, drawHorizBand: false, directRendering: false };
    const formats = { mp4: { ...format, canMux: false }, image2: format };
    expect(missingCapabilities(formats, { aac: encoder, mjpeg: encoder })).toEqual(["muxer mp4", "encoder libx264"]);
  });
});

describe("video pipeline", () => {
  it("makes a poster ladder, a muted ≤480p preview and an H.264/AAC ≤720p faststart web copy", async () => {
    const { id, mediaId } = await uploadVideo(await clipBytes({ seconds: 2, size: "960x540" }));
    const row = await waitForMedia(mediaId);
    expect(row.error).toBeNull();
    expect(row.status).toBe("ready");
    expect(row.duration_ms).toBeGreaterThan(1800);
    expect(row.placeholder).toMatch(/^data:image\/webp;base64,/);
    const variants = row.variants!;
    for (const v of variants) expect((await fs.stat(mediaFile(v.path))).size).toBe(v.bytes);
    expect(variants.filter((v) => v.format === "webp").map((v) => v.width)).toEqual([320, 640, 960]);
    expect(variants.find((v) => v.role === "poster")).toMatchObject({ format: "jpeg", width: 960, height: 540 });

    const preview = variants.find((v) => v.role === "preview")!;
    const previewInfo = await probe(mediaFile(preview.path));
    expect(previewInfo.audio).toBeNull();
    expect(previewInfo.video?.codec_name).toBe("h264");
    expect(previewInfo.video?.height).toBe(480);
    expect(previewInfo.durationSeconds).toBeLessThanOrEqual(6.1);

    const web = variants.find((v) => v.role === "web")!;
    const webInfo = await probe(mediaFile(web.path));
    expect(webInfo.video?.codec_name).toBe("h264");
    expect(webInfo.audio?.codec_name).toBe("aac");
    expect([web.width, web.height]).toEqual([960, 540]);
    // faststart: the index (moov) comes before the media data (mdat).
    const head = (await fs.readFile(mediaFile(web.path))).subarray(0, 64 * 1024).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(-1);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat"));
    // The web copy is a derived file, never the original.
    expect(mediaFile(web.path)).not.toBe(getDiskStorage().originalPath(row.original_path));

    const view = (await getVideo(id, { publicOnly: true }))!.video!;
    expect(view.url).toBe(`/media/${web.path}`);
    expect(view.previewUrl).toBe(`/media/${preview.path}`);
    expect(view.poster?.webpSrcset).toContain("320w");
    expect(view.durationMs).toBe(row.duration_ms);
  });

  it("scales a large non-H.264 video down to 720p and records progress", async () => {
    const { mediaId } = await uploadVideo(
      await clipBytes({ seconds: 2, size: "1280x960", args: ["-c:v", "mpeg4", "-q:v", "8", "-c:a", "mp3"] }, "avi"),
      "old.avi",
    );
    const seen = new Set<number>();
    const jobProgress = new Set<number>();
    const job = () => getQueues().video.getJob(jobId("process-video", mediaId));
    for (let i = 0; i < 600; i++) {
      const { status, progress } = await getDb().selectFrom("media").select(["status", "progress"]).where("id", "=", mediaId).executeTakeFirstOrThrow();
      if (status !== "processing") break;
      seen.add(progress);
      jobProgress.add(Number((await job())?.progress ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const row = await waitForMedia(mediaId, 60_000);
    expect(row.error).toBeNull();
    expect(row.progress).toBe(100);
    // In between, the row and the job both reported progress.
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);
    expect([...jobProgress].some((p) => p > 0 && p < 100)).toBe(true);
    const web = row.variants!.find((v) => v.role === "web")!;
    expect([web.width, web.height]).toEqual([960, 720]);
    const info = await probe(mediaFile(web.path));
    expect([info.video?.codec_name, info.audio?.codec_name]).toEqual(["h264", "aac"]);
  });

  it("refuses a file that is not a video, even named .mp4", async () => {
    const { mediaId } = await uploadVideo(Buffer.from("this is a text file, not a movie\n".repeat(50)));
    const row = await waitForMedia(mediaId);
    expect([row.status, row.error]).toEqual(["failed", VIDEO_MESSAGES.notVideo]);
    expect(row.attempts).toBe(1);
  });

  it("refuses an empty file", async () => {
    const { mediaId } = await uploadVideo(Buffer.alloc(0));
    const row = await waitForMedia(mediaId);
    expect([row.status, row.error]).toEqual(["failed", VIDEO_MESSAGES.empty]);
  });

  it("refuses a video over the duration limit", async () => {
    const { mediaId } = await uploadVideo(await clipBytes({ seconds: 5, size: "160x120", audio: false }));
    const row = await waitForMedia(mediaId);
    expect(row.status).toBe("failed");
    expect(row.error).toBe(VIDEO_MESSAGES.tooLong(MAX_DURATION_MS, 5_000));
    expect(row.error).toMatch(/too long \(5 s\); the limit is 3 s/);
  });

  it("applies the real limits: 10 minutes and 200 MB", async () => {
    // A still, 1 frame per second, 16x16: eleven minutes of video in a few kilobytes.
    const long = getDiskStorage().scratchPath("mp4");
    await makeClip(long, { seconds: 660, size: "16x16", rate: 1, audio: false });
    await expect(inspectVideo(long, VIDEO_LIMITS)).rejects.toThrow(VIDEO_MESSAGES.tooLong(VIDEO_LIMITS.maxDurationMs, 660_000));
    expect(VIDEO_MESSAGES.tooLong(VIDEO_LIMITS.maxDurationMs, 660_000)).toMatch(/\(11 min\); the limit is 10 min/);
    // Size is checked before ffprobe runs; a smaller limit stands in for 200 MB of fixture.
    await expect(inspectVideo(long, { ...VIDEO_LIMITS, maxBytes: 1000 })).rejects.toThrow(VIDEO_MESSAGES.tooBig(1000));
    expect(VIDEO_MESSAGES.tooBig(VIDEO_LIMITS.maxBytes)).toBe("The video is larger than 200 MB.");
    await fs.unlink(long);
  });

  it.each([
    ["mov", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "mov"]],
    ["mkv", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "matroska"]],
    ["webm", ["-c:v", "libvpx", "-deadline", "realtime", "-b:v", "200k", "-f", "webm"]],
    ["ts", ["-c:v", "mpeg2video", "-f", "mpegts"]],
  ] as const)("reads a .%s container by its content", async (ext, args) => {
    const file = getDiskStorage().scratchPath(ext);
    await makeClip(file, { seconds: 1, size: "160x120", audio: false, args: [...args] });
    const info = await inspectVideo(file, VIDEO_LIMITS);
    expect(info.video?.width).toBe(160);
    expect(info.durationMs).toBeGreaterThan(500);
    await fs.unlink(file);
  });

  it("refuses a still image posing as a video (no image demuxers are allowed)", async () => {
    const file = getDiskStorage().scratchPath("mp4");
    await fs.writeFile(file, await makeJpeg(320, 240));
    await expect(inspectVideo(file, VIDEO_LIMITS)).rejects.toBeInstanceOf(BadVideoError);
    await fs.unlink(file);
  });

  it("refuses a video ffmpeg cannot decode", async () => {
    const data = await clipBytes({ seconds: 2, audio: false });
    // Keep the container, destroy every coded frame: the bytes inside "mdat" become noise.
    const mdat = data.indexOf("mdat");
    const end = mdat - 4 + data.readUInt32BE(mdat - 4);
    for (let i = mdat + 4; i < end; i++) data[i] = (i * 7919) & 0xff;
    const { mediaId } = await uploadVideo(data);
    const row = await waitForMedia(mediaId);
    expect(row.status).toBe("failed");
    expect(row.error).toBe(VIDEO_MESSAGES.undecodable);
  });

  it("makes an HDR phone video (10-bit HEVC, BT.2020, HLG, turned on its side) SDR BT.709: red stays red", async () => {
    // Pure red as an iPhone records it: BT.709 red converted into BT.2020 HLG, 10-bit.
    const toHlg = "format=gbrp,zscale=tin=bt709:pin=bt709:min=gbr:rin=pc:t=arib-std-b67:p=bt2020:m=bt2020nc:r=tv,format=yuv420p10le";
    const data = await ffmpegBytes([
      "-f", "lavfi", "-i", "color=c=red:s=320x240:r=15", "-t", "1", "-vf", toHlg,
      "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1",
      "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
    ], ["-metadata:s:v", "rotate=90"]); // this ffmpeg writes the rotation only when copying
    const row = await waitForMedia((await uploadVideo(data)).mediaId);
    expect([row.status, row.error]).toEqual(["ready", null]);
    const file = (role: string) => mediaFile(row.variants!.find((v) => v.role === role)!.path);
    for (const role of ["web", "preview"]) {
      const { video } = await probe(file(role));
      expect([video?.width, video?.height, video?.pix_fmt]).toEqual([240, 320, "yuv420p"]);
      expect([video?.color_primaries, video?.color_transfer, video?.color_space]).toEqual(["bt709", "bt709", "bt709"]);
    }
    // Before the conversion, read as tagged, red came out washed out: (137, 53, 30).
    for (const role of ["web", "preview", "poster"]) {
      const [r, g, b] = await pixel(file(role));
      expect({ role, rgb: [r, g, b], red: r! > 140 && g! < 40 && b! < 40 }).toMatchObject({ role, red: true });
    }
  });

  it("refuses an MP4 cut short (its index at the front says 2.9 s, half is there): nothing is served", async () => {
    const data = await clipBytes({ seconds: 2.9, args: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart"] });
    const { mediaId } = await uploadVideo(data.subarray(0, data.length / 2));
    const row = await waitForMedia(mediaId);
    expect([row.status, row.variants, row.attempts]).toEqual(["failed", null, 1]);
    expect(row.error).toMatch(/^Only \d s of this 3 s video could be read: the file is incomplete or damaged\. Please upload it again\.$/);
  });

  it("says an MP4 without its index (moov) is damaged, not that it is not a video", async () => {
    const data = await clipBytes({ seconds: 2 });
    const { mediaId } = await uploadVideo(data.subarray(0, data.length / 2));
    const row = await waitForMedia(mediaId);
    expect([row.status, row.error, row.attempts]).toEqual(["failed", VIDEO_MESSAGES.damaged, 1]);
    expect(VIDEO_MESSAGES.damaged).toMatch(/damaged or incomplete.*upload it again/);
  });

  it("re-encodes a 240 fps, 30 Mbit/s slow-motion clip at 60 fps instead of serving it byte for byte", async () => {
    const data = await clipBytes({ seconds: 1, size: "1280x720", rate: 240, audio: false, args: ["-c:v", "libx264", "-preset", "ultrafast", "-b:v", "30M", "-pix_fmt", "yuv420p"] });
    const row = await waitForMedia((await uploadVideo(data)).mediaId);
    expect(row.error).toBeNull();
    const web = row.variants!.find((v) => v.role === "web")!;
    const { video } = await probe(mediaFile(web.path));
    expect([video?.avg_frame_rate, web.height]).toEqual(["60/1", 720]);
    expect(web.bytes).toBeLessThan(data.length / 4);
    // Each rule alone: a modest 60 fps clip is copied; faster or heavier is not.
    const file = getDiskStorage().scratchPath("mp4");
    await makeClip(file, { seconds: 1, rate: 60, audio: false });
    const info = await probe(file);
    await fs.unlink(file);
    expect(isWebReady(info)).toBe(true);
    expect(isWebReady({ ...info, video: { ...info.video, avg_frame_rate: "120/1" } })).toBe(false);
    expect(isWebReady({ ...info, video: { ...info.video, bit_rate: "8000000" } })).toBe(false);
  });

  it("never reads local files or fetches URLs named inside an upload (HLS playlist or concat script posing as .mp4)", async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end("#EXTM3U\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    // A real video outside the storage area: with `-protocol_whitelist file` alone, ffmpeg's
    // HLS demuxer would read it and the upload would come out "ready" with its content.
    const secret = path.join(path.dirname(getDiskStorage().mediaDir), "..", `secret-${process.pid}.mp4`);
    await makeClip(secret, { seconds: 1, size: "160x120", audio: false });
    const playlist = (segment: string) =>
      ["#EXTM3U", "#EXT-X-MEDIA-SEQUENCE:0", "#EXTINF:1.0,", segment, "#EXT-X-ENDLIST", ""].join("\n");
    try {
      const concat = `ffconcat version 1.0\nfile 'file:/etc/passwd'\nfile 'http://127.0.0.1:${port}/leak.mp4'\n`;
      const traps = [
        [playlist(`file://${path.resolve(secret)}`), "local.mp4"],
        [playlist("file:///etc/passwd"), "passwd.mp4"],
        [playlist(`http://127.0.0.1:${port}/leak.mp4`), "fetch.mp4"],
        [concat, "concat.mp4"],
      ] as const;
      for (const [trap, name] of traps) {
        const { mediaId } = await uploadVideo(Buffer.from(trap), name);
        const row = await waitForMedia(mediaId);
        expect([row.status, row.error]).toEqual(["failed", VIDEO_MESSAGES.notVideo]);
        expect(row.variants).toBeNull();
      }
      expect(hits).toBe(0);
    } finally {
      server.close();
      await fs.rm(secret, { force: true });
    }
  });

  it("kills an ffmpeg run that passes its time limit, leaving no process behind", async () => {
    const input = getDiskStorage().scratchPath("mp4");
    await makeClip(input, { seconds: 4, size: "640x480" });
    const output = getDiskStorage().scratchPath("mp4");
    const started = Date.now();
    await expect(
      runFfmpeg({
        input,
        output,
        outputOptions: ["-vf", "scale=1920:1440", "-c:v", "libx264", "-preset", "veryslow", "-f", "mp4"],
        timeoutMs: 300,
      }),
    ).rejects.toBeInstanceOf(FfmpegTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await ffmpegProcessesUnder()).toEqual([]);
    await Promise.all([fs.rm(input, { force: true }), fs.rm(output, { force: true })]);
  });
});
