// The one place that runs ffmpeg and ffprobe. Every run:
// - reads local files only (`-protocol_whitelist file`) through a fixed list of
//   container demuxers (`-format_whitelist`), so a playlist or a nested HLS stream
//   hidden in an upload can never open /etc/passwd or fetch a URL;
// - has a hard timeout, after which the process is killed with SIGKILL;
// - is tracked, so a job (or the worker) can kill what it started.
import { execFile, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import ffmpeg from "fluent-ffmpeg";
import { getEnv } from "#app/env.server.ts";

/** The binaries every run uses (FFMPEG_PATH, FFPROBE_PATH: app/env.server.ts). */
export function ffmpegBinaries(): { ffmpeg: string; ffprobe: string } {
  const env = getEnv();
  return { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH };
}

/** Container demuxers we open: real video files only (no playlists, concat, images, devices). */
export const VIDEO_DEMUXERS = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpeg,mpegts,flv,ogg,asf";
/** Input options on every run, before `-i`. */
export const SAFE_INPUT = ["-protocol_whitelist", "file", "-format_whitelist", VIDEO_DEMUXERS] as const;

/** ffmpeg could not read or decode the input: bad input, not worth a retry. */
export class FfmpegInputError extends Error {}
/** The run exceeded its time limit and was killed. */
export class FfmpegTimeoutError extends Error {}

const running = new Set<ChildProcess>();

/** Kills every ffmpeg/ffprobe this process started and is still waiting for. */
export function killAllFfmpeg(): void {
  for (const child of running) child.kill("SIGKILL");
}

export interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  color_transfer?: string;
  color_primaries?: string;
  color_space?: string;
  color_range?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

export interface ProbeResult {
  formatName: string;
  durationSeconds: number | null;
  video: ProbeStream | null;
  audio: ProbeStream | null;
}

/**
 * ffprobe with a timeout (SIGKILL). fluent-ffmpeg's ffprobe gives no handle on the
 * process, so it cannot be killed; this runs the same command through execFile.
 */
export async function probe(file: string, timeoutMs = 20_000): Promise<ProbeResult> {
  const args = [
    "-v", "error",
    ...SAFE_INPUT,
    "-print_format", "json",
    "-show_format", "-show_streams",
    "-i", file,
  ];
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      ffmpegBinaries().ffprobe,
      args,
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 4 * 1024 * 1024 },
      (error, out, err) => {
        running.delete(child);
        if (error) {
          if (error.killed || error.signal === "SIGKILL") reject(new FfmpegTimeoutError(`ffprobe took longer than ${timeoutMs} ms`));
          else reject(new FfmpegInputError(String(err || error.message).trim().split("\n").at(-1) ?? "ffprobe failed"));
          return;
        }
        resolve(out);
      },
    );
    running.add(child);
  });
  const parsed = JSON.parse(stdout) as {
    format?: { format_name?: string; duration?: string };
    streams?: ProbeStream[];
  };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic) ?? null;
  const audio = streams.find((s) => s.codec_type === "audio") ?? null;
  const duration = Number(parsed.format?.duration ?? video?.duration ?? NaN);
  return {
    formatName: parsed.format?.format_name ?? "",
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    video,
    audio,
  };
}

export interface RunOptions {
  input: string;
  output: string;
  inputOptions?: string[];
  outputOptions: string[];
  timeoutMs: number;
  /** Called with the seconds of output written so far. */
  onTime?: (seconds: number) => void;
  /** Aborted: the process is killed at once and the run fails with FfmpegStoppedError. */
  signal?: AbortSignal;
}

/** The run was stopped through its signal (its record was deleted). */
export class FfmpegStoppedError extends Error {
  override name = "FfmpegStoppedError";
}

/**
 * ffmpeg failing to write its output because of the disk is not bad input. Its message
 * does not always say so (the image muxer on a read-only disk reports "Input/output
 * error"), so after a failure the output folder is tried with a small write of our own.
 * The error carries the errno code, as a failed write in node would, so the job sees a
 * storage fault and the record is retried later instead of refused.
 */
async function diskError(stderr: string, outputDir: string): Promise<NodeJS.ErrnoException | null> {
  let code = /No space left on device|Disk quota exceeded/i.test(stderr) ? "ENOSPC" : /Read-only file system/i.test(stderr) ? "EROFS" : null;
  if (!code) {
    const probeFile = path.join(outputDir, `.write-check-${randomUUID()}`);
    try {
      await fs.writeFile(probeFile, Buffer.alloc(64 * 1024));
    } catch (error) {
      code = (error as NodeJS.ErrnoException).code ?? null;
    } finally {
      await fs.unlink(probeFile).catch(() => undefined);
    }
    if (code !== "ENOSPC" && code !== "EDQUOT" && code !== "EROFS") return null;
  }
  const what = code === "EROFS" ? "read-only file system" : "no space left on device";
  return Object.assign(new Error(`ffmpeg could not write its output: ${what}`), { code });
}

/** What every video needs of ffmpeg: the muxers and encoders workers/videos.ts names. */
const REQUIRED_CAPABILITIES = { muxers: ["mp4", "image2"], encoders: ["libx264", "aac", "mjpeg"] } as const;

/** The required muxers and encoders these lists (fluent-ffmpeg's parse of `-formats` and `-encoders`) lack. */
export function missingCapabilities(formats: ffmpeg.Formats, encoders: ffmpeg.Encoders): string[] {
  return [
    ...REQUIRED_CAPABILITIES.muxers.filter((name) => !formats[name]?.canMux).map((name) => `muxer ${name}`),
    ...REQUIRED_CAPABILITIES.encoders.filter((name) => !encoders[name]).map((name) => `encoder ${name}`),
  ];
}

/**
 * Asks ffmpeg for its muxers and encoders, as fluent-ffmpeg does before its first run in a
 * process (it keeps the answer): called when the worker starts, so the first video after a
 * start does not wait for two more ffmpeg runs, and an ffmpeg built without what videos need
 * is named in the log at start rather than in every video's failure. Resolves with what is
 * missing (empty when all is there).
 */
export async function checkFfmpegCapabilities(): Promise<string[]> {
  ffmpeg.setFfmpegPath(ffmpegBinaries().ffmpeg);
  const [formats, encoders] = await Promise.all([
    new Promise<ffmpeg.Formats>((resolve, reject) => ffmpeg.getAvailableFormats((error, found) => (error ? reject(error) : resolve(found)))),
    new Promise<ffmpeg.Encoders>((resolve, reject) => ffmpeg.getAvailableEncoders((error, found) => (error ? reject(error) : resolve(found)))),
  ]);
  return missingCapabilities(formats, encoders);
}

const TIME = /time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;

/**
 * One ffmpeg run over a local file with the safe input options, killed with SIGKILL
 * after timeoutMs. Resolves when the output is complete and not empty.
 */
export async function runFfmpeg(options: RunOptions): Promise<void> {
  const binaries = ffmpegBinaries();
  const command = ffmpeg(options.input)
    .setFfmpegPath(binaries.ffmpeg)
    .setFfprobePath(binaries.ffprobe)
    .inputOptions([...SAFE_INPUT, ...(options.inputOptions ?? [])])
    .outputOptions(["-y", "-nostdin", "-hide_banner", ...options.outputOptions])
    .output(options.output);
  let stderrTail = "";
  options.signal?.throwIfAborted();
  await new Promise<void>((resolve, reject) => {
    let timedOut = false;
    let stopped = false;
    let child: ChildProcess | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      command.kill("SIGKILL");
    }, options.timeoutMs);
    const stop = () => {
      stopped = true;
      command.kill("SIGKILL");
      child?.kill("SIGKILL");
    };
    options.signal?.addEventListener("abort", stop, { once: true });
    const finish = (error?: Error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", stop);
      if (child) running.delete(child);
      if (stopped) return reject(new FfmpegStoppedError("ffmpeg was stopped: the record was deleted"));
      if (!error) return resolve();
      if (timedOut) return reject(new FfmpegTimeoutError(`ffmpeg took longer than ${options.timeoutMs} ms and was stopped`));
      const last = stderrTail.trim().split("\n").filter(Boolean).at(-1) ?? error.message;
      diskError(stderrTail, path.dirname(options.output)).then(
        (disk) => reject(disk ?? new FfmpegInputError(last)),
        () => reject(new FfmpegInputError(last)),
      );
    };
    // Never listen to "progress": fluent-ffmpeg would run its own unguarded ffprobe.
    command
      .on("start", () => {
        child = (command as unknown as { ffmpegProc?: ChildProcess }).ffmpegProc;
        if (!child) return;
        running.add(child);
        // On a busy machine the time limit can pass before fluent-ffmpeg has spawned the
        // process; its kill() then found nothing, and an ffmpeg blocked on its input ran for ever.
        if (timedOut || stopped) child.kill("SIGKILL");
      })
      .on("stderr", (line: string) => {
        stderrTail = `${stderrTail}\n${line}`.slice(-2000);
        const match = TIME.exec(line);
        if (match && options.onTime) options.onTime(Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]));
      })
      .on("end", () => finish())
      .on("error", (error: Error) => finish(error))
      .run();
  });
  const stat = await fs.stat(options.output).catch(() => null);
  if (!stat || stat.size === 0) throw new FfmpegInputError("ffmpeg wrote no output: the video could not be decoded");
}

/** Every ffmpeg/ffprobe a worker starts inherits this variable, naming the worker's pid. */
const WORKER_PID_VARIABLE = "DOKRA_WORKER_PID";

/** Marks what this process starts from now on as its own (workers/index.ts, before any job). */
export function markFfmpegRunsAsThisWorkers(): void {
  process.env[WORKER_PID_VARIABLE] = String(process.pid);
}

/**
 * After a `kill -9` of a worker its ffmpeg children are re-parented and keep running.
 * At start, kill (by pid) the ffmpeg/ffprobe processes on our storage area that a worker
 * started and whose parent is no longer that worker. The variable, not the parent's name,
 * decides: an orphan may be re-parented to any process, a node one included, and an
 * ffmpeg no worker started (the web server's probe, a run by hand) is not ours to stop.
 */
export async function killOrphanedFfmpeg(storageRoot: string): Promise<number[]> {
  const killed: number[] = [];
  const pids = (await fs.readdir("/proc").catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    try {
      const cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0");
      const binary = cmdline[0] ?? "";
      if (!/(^|\/)ff(mpeg|probe)$/.test(binary) || !cmdline.some((arg) => arg.startsWith(storageRoot))) continue;
      const environment = (await fs.readFile(`/proc/${pid}/environ`, "utf8")).split("\0");
      const owner = environment.find((entry) => entry.startsWith(`${WORKER_PID_VARIABLE}=`))?.slice(WORKER_PID_VARIABLE.length + 1);
      if (!owner) continue;
      const parent = /PPid:\s*(\d+)/.exec(await fs.readFile(`/proc/${pid}/status`, "utf8"))?.[1];
      if (parent === owner) continue;
      process.kill(Number(pid), "SIGKILL");
      killed.push(Number(pid));
    } catch {
      // the process ended while we looked
    }
  }
  return killed;
}
