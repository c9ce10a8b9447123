import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import { promisify } from "node:util";
import sharp from "sharp";
import { place } from "./motif-parts.ts";
import { MOTIF_RULES, motifFor, SHOWCASE } from "./motifs.ts";

const run = promisify(execFile);

const TONES = [
  // bright brass, antique brass, golden, bronze: [highlight, body, shadow]
  ["#fbe7a1", "#d9a441", "#7a4a12"],
  ["#e6c67e", "#a8742a", "#4d2f0e"],
  ["#fff0b8", "#e0b04a", "#8a5a16"],
  ["#f0c49a", "#b07038", "#5a2e12"],
];
const GROUNDS = [
  // a light studio cloth and the workshop's earthy backdrops: [centre, edge]
  ["#f4ecdf", "#cdbb9c"],
  ["#8a6a48", "#3b2a1e"],
  ["#e9dcc6", "#b49d7a"],
  ["#6f7a64", "#2f3b2e"],
  ["#9a6a4a", "#5b3a29"],
  ["#6a7380", "#28303a"],
];

/**
 * Draws `body` (a motif in its 1000 × 1000 box) centred on a picture of any size, in brass
 * tone and ground chosen by `seed`, encoded as JPEG by sharp.
 */
async function render(body: string, seed: number, width: number, height: number): Promise<Buffer> {
  const [light, mid, dark] = TONES[seed % TONES.length]!;
  const [centre, edge] = GROUNDS[Math.floor(seed / TONES.length) % GROUNDS.length]!;
  const unit = Math.min(width, height) / 1000;
  const [w, h] = [width / unit, height / unit];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${(500 - w / 2).toFixed(1)} ${(500 - h / 2).toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}">
    <defs>
      <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${centre}"/><stop offset="1" stop-color="${edge}"/></radialGradient>
      <linearGradient id="brass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.5" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
      <linearGradient id="wire" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4cc"/><stop offset="1" stop-color="${light}"/></linearGradient>
      <radialGradient id="flame" cx="50%" cy="70%" r="60%"><stop offset="0" stop-color="#fff6c0"/><stop offset="0.6" stop-color="#ffb52e"/><stop offset="1" stop-color="#e0561b"/></radialGradient>
    </defs>
    <rect x="${(500 - w / 2).toFixed(1)}" y="${(500 - h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="url(#bg)"/>
    <g transform="translate(0 25)">${body}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

/** The demo picture of the product called `name`; `seed` varies tone, ground and view between its pictures. */
export async function renderProductPicture(name: string, seed: number, width = 1200, height = 1200): Promise<Buffer> {
  const body = (motifFor(name) ?? MOTIF_RULES[seed % MOTIF_RULES.length]!).draw(name);
  // A product's second picture is the piece turned round, its third a closer look.
  const view = seed % 10;
  const framed = view === 1 ? place(body, 1, 0, 0, true) : view >= 2 ? place(body, 1.18, 0, 30) : body;
  return render(framed, seed, width, height);
}

/**
 * A picture of the workshop's pieces for the gallery and the home page's display: one piece
 * on an upright or square picture, three side by side on a wide one. The same for the same `seed`.
 */
export async function renderDokraPicture(seed: number, width = 1200, height = 1200): Promise<Buffer> {
  const pick = (offset: number) => motifFor(SHOWCASE[(seed + offset) % SHOWCASE.length]!)!.draw(SHOWCASE[(seed + offset) % SHOWCASE.length]!);
  const body = width > height * 1.4
    ? `${place(pick(0), 0.62, -600, 150)}${place(pick(1), 0.8, 0, 80)}${place(pick(2), 0.62, 600, 150)}`
    : pick(0);
  return render(body, seed, width, height);
}

const CLIP = { width: 854, height: 480, fps: 25, shot: 3.2, fade: 0.6 };
/** Each shot's camera move over its picture: zoom in, pan across, zoom out (`p` runs 0 → 1). */
const MOVES = [
  { z: (p: string) => `1+0.2*${p}`, x: () => "(iw-iw/zoom)/2" },
  { z: () => "1.2", x: (p: string) => `(iw-iw/zoom)*${p}` },
  { z: (p: string) => `1.2-0.2*${p}`, x: () => "(iw-iw/zoom)/2" },
];

/**
 * A short silent H.264 clip of the workshop's pieces: a slow zoom or pan over each piece's
 * picture (rendered wide, twice the clip's size so the move stays smooth), cross-faded.
 */
export async function renderDemoClip(outFile: string, pieces: { name: string; seed: number }[]): Promise<void> {
  const { width, height, fps, shot, fade } = CLIP;
  const frames = Math.round(shot * fps);
  const stills = pieces.map((_, i) => `${outFile}.${i}.jpg`);
  try {
    await Promise.all(pieces.map(async (piece, i) => fs.writeFile(stills[i]!, await renderProductPicture(piece.name, piece.seed, width * 2, height * 2))));
    const shots = stills.map((_, i) => {
      const move = MOVES[i % MOVES.length]!;
      const p = `on/${frames}`;
      return `[${i}:v]zoompan=z='${move.z(p)}':x='${move.x(p)}':y='(ih-ih/zoom)/2':d=${frames}:s=${width}x${height}:fps=${fps},setsar=1[s${i}]`;
    });
    let last = "s0";
    const fades = stills.slice(1).map((_, i) => {
      const next = `f${i + 1}`;
      const step = `[${last}][s${i + 1}]xfade=transition=fade:duration=${fade}:offset=${((i + 1) * (shot - fade)).toFixed(2)}[${next}]`;
      last = next;
      return step;
    });
    await run(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-y",
        ...stills.flatMap((still) => ["-i", still]),
        "-filter_complex", [...shots, ...fades, `[${last}]format=yuv420p[out]`].join(";"),
        "-map", "[out]",
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "26",
        "-movflags", "+faststart",
        outFile,
      ],
      { timeout: 60_000 },
    );
  } finally {
    await Promise.all(stills.map((still) => fs.rm(still, { force: true })));
  }
}
