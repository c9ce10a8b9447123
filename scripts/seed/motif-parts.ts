// Drawing parts shared by the demo motifs. Every motif draws in a 1000 × 1000 box, ground
// line near y = 860; metal is filled with the picture's brass gradient (#brass), the cast
// wire patterns of Dokra work are thin light strokes (#wire), shadows dark (#shade).

export const METAL = `fill="url(#brass)"`;
export const WIRE = `fill="none" stroke="url(#wire)" stroke-width="6" stroke-linecap="round"`;
export const THREAD = `fill="none" stroke="url(#wire)" stroke-width="5" stroke-dasharray="10 7" stroke-linecap="round"`;
export const SHADE = `fill="#3a2410" fill-opacity="0.45"`;

const n = (value: number) => value.toFixed(1);

/** A coiled-wire spiral, the signature ornament of lost-wax brass. */
export function spiral(cx: number, cy: number, r: number, turns = 2.5): string {
  const points: string[] = [];
  const end = turns * 2 * Math.PI;
  for (let t = 0; t <= end; t += 0.35) {
    const radius = r * (1 - t / end);
    points.push(`${n(cx + radius * Math.cos(t))} ${n(cy + radius * Math.sin(t))}`);
  }
  return `<path d="M ${points.join(" L ")}" fill="none" stroke="url(#wire)" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A row of small raised dots, as on a cast rim. */
export function dots(x1: number, y1: number, x2: number, y2: number, count: number, r = 7): string {
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 0.5 : i / (count - 1);
    return `<circle cx="${n(x1 + (x2 - x1) * t)}" cy="${n(y1 + (y2 - y1) * t)}" r="${r}" fill="url(#wire)"/>`;
  }).join("");
}

/** The soft shadow a piece casts on the cloth it stands on. */
export function groundShadow(cx = 500, width = 620, y = 870): string {
  return `<ellipse cx="${cx}" cy="${y}" rx="${width / 2}" ry="26" ${SHADE}/>`;
}

/** A flame for lamps and candles. */
export function flame(x: number, y: number, size = 1): string {
  const h = 70 * size;
  const w = 22 * size;
  return `<path d="M ${x} ${y - h} C ${x + w} ${y - h * 0.45}, ${x + w} ${y}, ${x} ${y} C ${x - w} ${y}, ${x - w} ${y - h * 0.45}, ${x} ${y - h} Z" fill="url(#flame)"/>`;
}

/** A tribal (Santhal) figure: round head, long neck, flared skirt; its pose varies. */
export function figure(x: number, base: number, options: { scale?: number; arms?: "up" | "down" | "out" | "head"; drum?: boolean } = {}): string {
  const s = options.scale ?? 1;
  const top = base - 520 * s;
  const head = `<circle cx="${x}" cy="${n(top + 45 * s)}" r="${n(42 * s)}" ${METAL}/>`;
  const bun = `<circle cx="${n(x + 30 * s)}" cy="${n(top + 20 * s)}" r="${n(18 * s)}" ${METAL}/>`;
  const neck = `<rect x="${n(x - 12 * s)}" y="${n(top + 80 * s)}" width="${n(24 * s)}" height="${n(60 * s)}" ${METAL}/>`;
  const torso = `<path d="M ${n(x - 50 * s)} ${n(top + 135 * s)} L ${n(x + 50 * s)} ${n(top + 135 * s)} L ${n(x + 30 * s)} ${n(top + 270 * s)} L ${n(x - 30 * s)} ${n(top + 270 * s)} Z" ${METAL}/>`;
  const skirt = `<path d="M ${n(x - 35 * s)} ${n(top + 260 * s)} L ${n(x + 35 * s)} ${n(top + 260 * s)} L ${n(x + 110 * s)} ${n(base - 60 * s)} L ${n(x - 110 * s)} ${n(base - 60 * s)} Z" ${METAL}/>`;
  const hem = `<path d="M ${n(x - 95 * s)} ${n(base - 90 * s)} L ${n(x + 95 * s)} ${n(base - 90 * s)} M ${n(x - 70 * s)} ${n(base - 150 * s)} L ${n(x + 70 * s)} ${n(base - 150 * s)}" ${THREAD}/>`;
  const feet = `<rect x="${n(x - 45 * s)}" y="${n(base - 62 * s)}" width="${n(22 * s)}" height="${n(62 * s)}" ${METAL}/><rect x="${n(x + 23 * s)}" y="${n(base - 62 * s)}" width="${n(22 * s)}" height="${n(62 * s)}" ${METAL}/>`;
  const shoulderY = top + 145 * s;
  const arm = (dx: number, ex: number, ey: number) =>
    `<path d="M ${n(x + dx * s)} ${n(shoulderY)} Q ${n(x + ex * 0.6 * s)} ${n(shoulderY + (ey > 0 ? 40 : -20) * s)} ${n(x + ex * s)} ${n(shoulderY + ey * s)}" fill="none" stroke="url(#brass)" stroke-width="${n(20 * s)}" stroke-linecap="round"/>`;
  const pose = options.arms ?? "down";
  const arms =
    pose === "up" ? arm(-45, -110, -150) + arm(45, 110, -150)
    : pose === "out" ? arm(-45, -150, 20) + arm(45, 150, 20)
    : pose === "head" ? arm(-45, -70, -170) + arm(45, 70, -170)
    : arm(-45, -80, 150) + arm(45, 80, 150);
  const drum = options.drum
    ? `<rect x="${n(x - 95 * s)}" y="${n(top + 250 * s)}" width="${n(190 * s)}" height="${n(90 * s)}" rx="${n(40 * s)}" ${METAL}/>${spiral(x - 45 * s, top + 295 * s, 30 * s, 2)}${spiral(x + 45 * s, top + 295 * s, 30 * s, 2)}`
    : "";
  return `${feet}${skirt}${hem}${torso}${arms}${neck}${head}${bun}${drum}${dots(x - 30 * s, top + 150 * s, x + 30 * s, top + 150 * s, 4, 5 * s)}`;
}

/** Draws `body` scaled about its own 1000-box centre, then moved by (dx, dy). */
export function place(body: string, scale: number, dx = 0, dy = 0, mirror = false): string {
  const sx = mirror ? -scale : scale;
  return `<g transform="translate(${n(500 + dx)} ${n(500 + dy)}) scale(${n(sx)} ${n(scale)}) translate(-500 -500)">${body}</g>`;
}
