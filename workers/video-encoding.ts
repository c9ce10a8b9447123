// What the worker (workers/videos.ts) asks of ffmpeg for a source's picture: the size, the
// colour (HDR made SDR BT.709), the frame rate, and when the original can be copied instead.
import type { ProbeResult, ProbeStream } from "./ffmpeg.ts";

export const PREVIEW_MAX_HEIGHT = 480;
/** The muted preview's length, in seconds. */
export const PREVIEW_SECONDS = 6;
export const WEB_MAX_HEIGHT = 720;
/** Higher rates (slow-motion clips at 120 or 240 fps) are brought down to this; 60 fps stays 60. */
export const MAX_FRAME_RATE = 60;
/**
 * The highest video bitrate copied as it is. libx264 at CRF 23 makes a ≤ 720p web copy of a
 * phone clip at about 1–4 Mbit/s; an original above this would cost a visitor on a phone
 * more data (and a slower start) for no difference they could see, so it is re-encoded.
 */
export const MAX_COPY_BITRATE = 5_000_000;

/** Output options that cap the frame rate of a re-encoded video. */
export const FRAME_RATE_CAP = ["-fpsmax", String(MAX_FRAME_RATE)] as const;

/** Square pixels, even dimensions. */
export const SQUARE_PIXELS = "scale=w='trunc(iw*sar/2)*2':h='trunc(ih/2)*2'";

/** Square pixels, then the shorter side fitted within maxShort (never upscaled), even dimensions. */
export function scaleFilter(maxShort: number): string {
  const fit = `scale=w='if(gte(iw,ih),-2,min(${maxShort},iw))':h='if(gte(iw,ih),min(${maxShort},ih),-2)'`;
  return `${SQUARE_PIXELS},${fit},setsar=1`;
}

const HDR_TRANSFERS = new Set(["arib-std-b67", "smpte2084"]); // HLG, PQ
const SDR_TRANSFERS = new Set(["bt709", "bt2020-10", "bt2020-12"]);

/** HLG or PQ, or wide-gamut BT.2020: shown washed out unless converted to SDR BT.709. */
export function needsSdrConversion(v: ProbeStream | null): boolean {
  return HDR_TRANSFERS.has(v?.color_transfer ?? "") || v?.color_primaries === "bt2020";
}

/**
 * zscale filters from the source's colours to SDR BT.709: a video frame (yuv420p, BT.709
 * limited range) or an image's RGB. HLG and PQ are tone-mapped (hable); BT.2020 SDR only
 * changes primaries. The source's colours are named from the probe (from a fixed list),
 * since a decoder does not always tag its frames. Meant to run after scaling down: it
 * works in 32-bit float, so it costs far less at 720p than at a phone's 4K.
 */
export function sdrFilter(v: ProbeStream, to: "video" | "image"): string {
  const hdr = HDR_TRANSFERS.has(v.color_transfer ?? "");
  const transfer = hdr || SDR_TRANSFERS.has(v.color_transfer ?? "") ? v.color_transfer : "bt709";
  const primaries = v.color_primaries === "bt709" ? "bt709" : "bt2020";
  const matrix = v.color_space === "bt709" || v.color_space === "bt2020c" ? v.color_space : "bt2020nc";
  const range = v.color_range === "pc" ? "pc" : "tv";
  return [
    `zscale=tin=${transfer}:pin=${primaries}:min=${matrix}:rin=${range}:t=linear:npl=100`,
    "format=gbrpf32le",
    "zscale=p=bt709",
    ...(hdr ? ["tonemap=tonemap=hable:desat=0"] : []),
    ...(to === "video" ? ["zscale=t=bt709:m=bt709:r=tv", "format=yuv420p"] : ["zscale=t=bt709", "format=gbrp"]),
  ].join(",");
}

/** The colour tags of a video converted by sdrFilter. */
export const BT709_TAGS = ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"] as const;

/** The video filters and colour tags of a re-encoded video at most maxShort on its shorter side. */
export function videoFilterOptions(v: ProbeStream | null, maxShort: number): string[] {
  if (!v || !needsSdrConversion(v)) return ["-vf", scaleFilter(maxShort)];
  return ["-vf", `${scaleFilter(maxShort)},${sdrFilter(v, "video")}`, ...BT709_TAGS];
}

/** The poster frame's filters: full size, square pixels, SDR colours. */
export function posterFilter(v: ProbeStream | null): string {
  const sdr = v && needsSdrConversion(v) ? [sdrFilter(v, "image")] : [];
  return [SQUARE_PIXELS, ...sdr, "setsar=1"].join(",");
}

// The three outputs' options (after "-i input"), so the worker and bench/media.ts run the same commands.

/** The poster: one JPEG frame at `seek` (output options such as ["-ss", "1.000"], or none). */
export function posterOutputOptions(v: ProbeStream | null, seek: string[]): string[] {
  return [...seek, "-map", "0:v:0", "-frames:v", "1", "-vf", posterFilter(v), "-q:v", "2", "-f", "image2"];
}

/** Where the preview starts and how long it is: a tenth of the way into a long video, else from the start. */
export function previewWindow(seconds: number): { start: number; length: number } {
  const length = Math.min(PREVIEW_SECONDS, seconds);
  const start = seconds > PREVIEW_SECONDS * 2 ? Math.min(seconds * 0.1, seconds - PREVIEW_SECONDS) : 0;
  return { start, length };
}

/** The muted preview: ≤ 480p H.264. An output seek: decoding up to a tenth of the video costs less than the web copy. */
export function previewOutputOptions(v: ProbeStream | null, window: { start: number; length: number }): string[] {
  return [
    "-ss", window.start.toFixed(3), "-map", "0:v:0", "-t", window.length.toFixed(3), "-an", "-sn", "-dn",
    ...videoFilterOptions(v, PREVIEW_MAX_HEIGHT), ...FRAME_RATE_CAP,
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-profile:v", "main", "-pix_fmt", "yuv420p",
    "-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4",
  ];
}

/** The web copy: the original's streams copied when it is web-ready (isWebReady), else ≤ 720p H.264/AAC. */
export function webOutputOptions(v: ProbeStream | null, copy: boolean): string[] {
  const streams = copy
    ? ["-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-sn", "-dn"]
    : [
        "-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn",
        ...videoFilterOptions(v, WEB_MAX_HEIGHT), ...FRAME_RATE_CAP,
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-profile:v", "high", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-b:a", "128k", "-ac", "2",
      ];
  return [...streams, "-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4"];
}

/** "30000/1001" → 29.97; 0 when unknown. */
function frameRate(rate: string | undefined): number {
  const [num, den] = (rate ?? "").split("/").map(Number);
  return num && den ? num / den : 0;
}

/** An H.264/AAC MP4 that already fits the web copy's rules can be copied instead of re-encoded. */
export function isWebReady(info: ProbeResult): boolean {
  const v = info.video;
  if (!v || v.codec_name !== "h264" || v.pix_fmt !== "yuv420p") return false;
  if (!/mp4|mov/.test(info.formatName)) return false;
  if (info.audio && info.audio.codec_name !== "aac") return false;
  const sar = v.sample_aspect_ratio;
  if (sar && sar !== "1:1" && sar !== "0:1") return false;
  const rotated = Boolean(v.tags?.rotate) || (v.side_data_list ?? []).some((d) => d.rotation);
  if (rotated || needsSdrConversion(v)) return false;
  // avg_frame_rate first: r_frame_rate is a guess at the base rate, often double for a variable rate.
  const fps = frameRate(v.avg_frame_rate) || frameRate(v.r_frame_rate);
  if (!fps || fps > MAX_FRAME_RATE + 0.5) return false;
  const bitrate = Number(v.bit_rate);
  if (!(bitrate > 0) || bitrate > MAX_COPY_BITRATE) return false;
  return Math.min(v.width ?? 0, v.height ?? 0) <= WEB_MAX_HEIGHT;
}
