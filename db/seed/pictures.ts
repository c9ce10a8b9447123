import { execFile } from "node:child_process";
import { promisify } from "node:util";
import sharp from "sharp";

const run = promisify(execFile);

/** A small deterministic random sequence, so the demo pictures are the same on every machine. */
function random(seed: number) {
  let state = seed * 2654435761 % 2 ** 32;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/**
 * A picture in the spirit of Dokra work: a brass figure with coiled-wire patterns on
 * an earthy ground, drawn as SVG and encoded by sharp. Varied by `seed`.
 */
export async function renderDokraPicture(seed: number, width = 1200, height = 1200): Promise<Buffer> {
  const r = random(seed + 1);
  const grounds = ["#3b2a1e", "#5b3a29", "#2f3b2e", "#6b4a2f", "#40302a", "#28303a"];
  const ground = grounds[seed % grounds.length];
  const cx = width / 2;
  const cy = height / 2 + 40;
  const body = 180 + r() * 120;
  const coils = Array.from({ length: 14 }, () => {
    const x = cx + (r() - 0.5) * body * 1.4;
    const y = cy + (r() - 0.5) * body * 1.2;
    const rad = 14 + r() * 26;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${rad.toFixed(0)}" fill="none" stroke="#f3d58a" stroke-width="5" stroke-dasharray="9 5"/>`;
  }).join("");
  const legs = Array.from({ length: 4 }, (_, i) => {
    const x = cx - body * 0.7 + i * body * 0.45;
    return `<rect x="${x.toFixed(0)}" y="${(cy + body * 0.6).toFixed(0)}" width="34" height="${(160 + r() * 60).toFixed(0)}" rx="14" fill="url(#brass)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#8a6a48"/><stop offset="1" stop-color="${ground}"/></radialGradient>
      <linearGradient id="brass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6dc8c"/><stop offset="0.5" stop-color="#c8922e"/><stop offset="1" stop-color="#6d4314"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    ${legs}
    <ellipse cx="${cx}" cy="${cy}" rx="${body}" ry="${body * 0.68}" fill="url(#brass)"/>
    <circle cx="${cx + body * 0.95}" cy="${cy - body * 0.7}" r="${body * 0.38}" fill="url(#brass)"/>
    <path d="M ${cx + body * 1.2} ${cy - body * 0.6} q ${60 + r() * 60} ${80 + r() * 60} ${10 + r() * 40} ${200 + r() * 80}" stroke="url(#brass)" stroke-width="28" fill="none" stroke-linecap="round"/>
    ${coils}
    <rect x="${width * 0.12}" y="${height * 0.86}" width="${width * 0.76}" height="22" rx="11" fill="#2a1d12" opacity="0.55"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

/** A short H.264/AAC clip made by ffmpeg from its own test sources, tinted like brass. */
export async function renderDemoClip(outFile: string, seed: number, seconds = 4): Promise<void> {
  const source = seed % 2 === 0 ? `mandelbrot=s=640x360:r=25` : `testsrc2=s=640x360:r=25`;
  await run(
    "ffmpeg",
    [
      "-hide_banner", "-loglevel", "error", "-y",
      "-f", "lavfi", "-i", source,
      "-f", "lavfi", "-i", `sine=frequency=${220 + seed * 110}:sample_rate=44100`,
      "-t", String(seconds),
      "-vf", "colorchannelmixer=rr=0.9:gg=0.7:bb=0.35,format=yuv420p",
      "-c:v", "libx264", "-preset", "veryfast", "-crf", "28",
      "-c:a", "aac", "-b:a", "64k",
      "-shortest", "-movflags", "+faststart",
      outFile,
    ],
    { timeout: 60_000 },
  );
}
