import { promises as fs } from "node:fs";
import { fileTypeFromFile } from "file-type";
import { UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import { MESSAGES } from "#app/modules/media/messages.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import type { MediaVariant } from "#db/schema.ts";
import { FfmpegInputError, FfmpegStoppedError, FfmpegTimeoutError, probe, runFfmpeg, type ProbeResult } from "./ffmpeg.ts";
import { BadImageError, makeImageVariants, type ImageResult } from "./images.ts";
import {
  isWebReady,
  posterOutputOptions,
  previewOutputOptions,
  previewWindow,
  webOutputOptions,
} from "./video-encoding.ts";

export interface VideoLimits {
  /** Longest accepted video. */
  maxDurationMs: number;
  /** Largest accepted original. */
  maxBytes: number;
  /** ffprobe's time limit. */
  probeTimeoutMs: number;
  /** Poster and preview runs' time limit. */
  shortRunTimeoutMs: number;
  /** The web copy's time limit: a floor plus a multiple of the video's duration. */
  webTimeoutFloorMs: number;
  webTimeoutPerSecondMs: number;
}

export const VIDEO_LIMITS: VideoLimits = {
  maxDurationMs: 10 * 60_000,
  maxBytes: UPLOAD_LIMITS.videoBytes,
  probeTimeoutMs: 20_000,
  shortRunTimeoutMs: 90_000,
  webTimeoutFloorMs: 120_000,
  webTimeoutPerSecondMs: 4_000,
};


/** Bad input the worker refuses for good (the processor turns it into UnrecoverableError). */
export class BadVideoError extends Error {}

export const VIDEO_MESSAGES = {
  empty: MESSAGES.emptyFile,
  notVideo: MESSAGES.notVideo,
  noLength: "The video's length could not be read; it may be damaged.",
  damaged: "This video file is damaged or incomplete and cannot be read. Please upload it again.",
  incomplete: (readMs: number, statedMs: number) =>
    `Only ${formatDuration(readMs)} of this ${formatDuration(statedMs)} video could be read: the file is incomplete or damaged. Please upload it again.`,
  undecodable: "The video could not be decoded; the file may be damaged or use an unsupported codec.",
  tooLong: (limitMs: number, actualMs: number) =>
    `The video is too long (${formatDuration(actualMs)}); the limit is ${formatDuration(limitMs)}.`,
  tooBig: (limitBytes: number) => `The video is larger than ${Math.round(limitBytes / 1024 / 1024)} MB.`,
  tooSlow: "Processing this video took too long and was stopped.",
} as const;

function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? `${minutes} min${seconds ? ` ${seconds} s` : ""}` : `${seconds} s`;
}

export interface VideoResult {
  width: number;
  height: number;
  durationMs: number;
  placeholder: string;
  dominantColor: string;
  variants: MediaVariant[];
}

/** Checks the original with ffprobe: a real video stream, within the size and length limits. */
export async function inspectVideo(inputPath: string, limits: VideoLimits): Promise<ProbeResult & { durationMs: number }> {
  const { size } = await fs.stat(inputPath);
  if (size === 0) throw new BadVideoError(VIDEO_MESSAGES.empty);
  if (size > limits.maxBytes) throw new BadVideoError(VIDEO_MESSAGES.tooBig(limits.maxBytes));
  let info: ProbeResult;
  try {
    info = await probe(inputPath, limits.probeTimeoutMs);
  } catch (error) {
    if (error instanceof FfmpegInputError) throw new BadVideoError((await isVideoContainer(inputPath)) ? VIDEO_MESSAGES.damaged : VIDEO_MESSAGES.notVideo);
    if (error instanceof FfmpegTimeoutError) throw new BadVideoError(VIDEO_MESSAGES.notVideo);
    throw error;
  }
  if (!info.video || !info.video.width || !info.video.height) throw new BadVideoError(VIDEO_MESSAGES.notVideo);
  if (info.durationSeconds === null) throw new BadVideoError(VIDEO_MESSAGES.noLength);
  const durationMs = Math.round(info.durationSeconds * 1000);
  if (durationMs > limits.maxDurationMs) throw new BadVideoError(VIDEO_MESSAGES.tooLong(limits.maxDurationMs, durationMs));
  return { ...info, durationMs };
}

/**
 * Whether the file's bytes name a video container (an MP4 whose index is missing is still an
 * MP4): ffprobe failing on one means a damaged file, not a wrong kind of file. The upload
 * (app/modules/media/upload.server.ts) checks the type the same way.
 */
async function isVideoContainer(inputPath: string): Promise<boolean> {
  const type = await fileTypeFromFile(inputPath).catch(() => undefined);
  return Boolean(type?.mime.startsWith("video/"));
}

/** The length the container states: its longest audio or video stream, else its own. */
function statedSeconds(info: ProbeResult): number {
  const streams = [info.video, info.audio].map((s) => Number(s?.duration)).filter((d) => Number.isFinite(d) && d > 0);
  return streams.length > 0 ? Math.max(...streams) : (info.durationSeconds ?? 0);
}

/**
 * A file cut short with its index intact (at the front) decodes without an error up to where
 * it stops: refused when the web copy is clearly shorter than the container says.
 */
function checkComplete(info: ProbeResult, web: ProbeResult | undefined): void {
  const stated = statedSeconds(info);
  const made = web?.durationSeconds ?? 0;
  if (made < stated * 0.9 && stated - made > 1) {
    throw new BadVideoError(VIDEO_MESSAGES.incomplete(made * 1000, stated * 1000));
  }
}

async function removeQuietly(file: string): Promise<void> {
  await fs.unlink(file).catch(() => undefined);
}

function dimensions(info: ProbeResult | undefined): { width: number; height: number } {
  const width = info?.video?.width;
  const height = info?.video?.height;
  if (!width || !height) throw new BadVideoError(VIDEO_MESSAGES.undecodable);
  return { width, height };
}

async function ffmpegStep(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof FfmpegInputError) throw new BadVideoError(VIDEO_MESSAGES.undecodable);
    if (error instanceof FfmpegTimeoutError) throw new BadVideoError(VIDEO_MESSAGES.tooSlow);
    throw error;
  }
}

/**
 * Derives, from one checked original: a poster (JPEG/WebP ladder via the image code, a
 * placeholder and colour), a muted ~6 s H.264 preview at ≤ 480p and an H.264/AAC web
 * copy at ≤ 720p (copied when the original already is one), both with faststart.
 * Scratch files are always removed; finished files are stored content-addressed.
 */
export async function makeVideoVariants(
  inputPath: string,
  storage: MediaStorage,
  limits: VideoLimits = VIDEO_LIMITS,
  onProgress: (percent: number) => void | Promise<void> = () => undefined,
  run: {
    /** Aborted when the record is deleted: the running ffmpeg is killed and nothing more is made. */
    signal?: AbortSignal;
    /** Filled with each size as soon as it is stored, so a caller whose record was deleted can discard them. */
    stored?: MediaVariant[];
  } = {},
): Promise<VideoResult> {
  const { signal, stored = [] } = run;
  const info = await inspectVideo(inputPath, limits);
  const seconds = info.durationMs / 1000;
  await onProgress(5);

  const posterFile = storage.scratchPath("jpg");
  const previewFile = storage.scratchPath("mp4");
  const webFile = storage.scratchPath("mp4");
  try {
    // Poster: a frame a little way in (the first is often black), full size, square pixels.
    // Decoded from the start up to that point (output seek, at most a second of video): an
    // input seek lands past the only keyframe of a short MPEG-TS clip and finds no frame.
    // When even that finds none (a header that overstates the length), the first decodable frame.
    const at = Math.min(1, seconds / 3);
    const posterFrame = (seek: string[]) =>
      runFfmpeg({
        input: inputPath,
        output: posterFile,
        signal,
        outputOptions: posterOutputOptions(info.video, seek),
        timeoutMs: limits.shortRunTimeoutMs,
      });
    await ffmpegStep(() => posterFrame(["-ss", at.toFixed(3)]).catch((error: unknown) => {
      if (error instanceof FfmpegInputError) return posterFrame([]);
      throw error;
    }));
    signal?.throwIfAborted();
    let poster: ImageResult;
    try {
      poster = await makeImageVariants(posterFile, storage, { og: false });
      stored.push(...poster.variants);
    } catch (error) {
      if (error instanceof BadImageError) throw new BadVideoError(VIDEO_MESSAGES.undecodable);
      throw error;
    }
    await onProgress(20);

    const previewSpan = previewWindow(seconds);
    await ffmpegStep(() =>
      runFfmpeg({
        input: inputPath,
        output: previewFile,
        signal,
        outputOptions: previewOutputOptions(info.video, previewSpan),
        timeoutMs: limits.shortRunTimeoutMs,
        onTime: (t) => void onProgress(20 + 15 * Math.min(1, t / previewSpan.length)),
      }),
    );
    await onProgress(35);

    const copy = isWebReady(info);
    await ffmpegStep(() =>
      runFfmpeg({
        input: inputPath,
        output: webFile,
        signal,
        outputOptions: webOutputOptions(info.video, copy),
        timeoutMs: limits.webTimeoutFloorMs + limits.webTimeoutPerSecondMs * seconds,
        onTime: (t) => void onProgress(35 + 60 * Math.min(1, t / seconds)),
      }),
    );

    // Read back what was written: the real sizes, and proof the outputs are playable files.
    let previewInfo: ProbeResult | undefined;
    let webInfo: ProbeResult | undefined;
    await ffmpegStep(async () => {
      [previewInfo, webInfo] = await Promise.all([probe(previewFile), probe(webFile)]);
    });
    const previewSize = dimensions(previewInfo);
    const webSize = dimensions(webInfo);
    // Before anything is stored: no part of a cut-off file is ever served.
    checkComplete(info, webInfo);
    const preview = await storage.putDerivedFile(previewFile, "mp4");
    stored.push({ role: "preview", format: "mp4", path: preview.key, ...previewSize, bytes: preview.bytes });
    const web = await storage.putDerivedFile(webFile, "mp4");
    stored.push({ role: "web", format: "mp4", path: web.key, ...webSize, bytes: web.bytes });
    const largestJpeg = poster.variants
      .filter((v) => v.format === "jpeg")
      .sort((a, b) => b.width - a.width)[0]!;
    await onProgress(98);
    return {
      ...webSize,
      durationMs: info.durationMs,
      placeholder: poster.placeholder,
      dominantColor: poster.dominantColor,
      variants: [...poster.variants, { ...largestJpeg, role: "poster" }, ...stored.slice(-2)],
    };
  } catch (error) {
    if (signal?.aborted) throw new FfmpegStoppedError("stopped: the record was deleted");
    throw error;
  } finally {
    await Promise.all([posterFile, previewFile, webFile].map(removeQuietly));
  }
}
