// Demo motifs: the animals of Dokra work (1000 × 1000 box; see motif-parts.ts).
import { dots, figure, groundShadow, METAL, place, SHADE, spiral, THREAD, WIRE } from "./motif-parts.ts";

export function fish(count = 1): string {
  const one = `
    <path d="M 200 500 C 330 330, 560 330, 690 500 C 560 670, 330 670, 200 500 Z" ${METAL}/>
    <path d="M 680 500 L 830 380 C 800 450, 800 550, 830 620 Z" ${METAL}/>
    <path d="M 420 360 C 470 300, 540 310, 580 380 Z M 430 640 C 470 700, 540 690, 570 625 Z" ${METAL}/>
    <circle cx="290" cy="475" r="30" fill="#2a1a0c"/><circle cx="290" cy="475" r="14" fill="url(#wire)"/>
    <path d="M 360 430 Q 380 500 360 570" ${WIRE}/>
    ${[430, 490, 550, 610].map((x) => `<path d="M ${x} 420 Q ${x + 30} 500 ${x} 580" ${THREAD}/>`).join("")}
    <path d="M 720 440 L 800 420 M 720 500 L 810 500 M 720 560 L 800 580" ${WIRE}/>`;
  if (count === 1) return `${groundShadow(500, 560)}${place(one, 0.95, 0, 20)}`;
  // The Bengali pair: two fish head to tail, joined by a braided thread.
  return `${place(one, 0.72, -10, -150)}${place(one, 0.72, 10, 170, true)}
    <path d="M 500 120 Q 540 500 500 880" fill="none" stroke="url(#brass)" stroke-width="10" stroke-dasharray="18 8"/>`;
}

export function owl(count = 1): string {
  const one = `
    ${groundShadow(500, 440)}
    <ellipse cx="500" cy="600" rx="200" ry="250" ${METAL}/>
    <path d="M 330 280 L 360 170 L 430 260 Z M 670 280 L 640 170 L 570 260 Z" ${METAL}/>
    <ellipse cx="500" cy="340" rx="190" ry="140" ${METAL}/>
    <circle cx="425" cy="340" r="70" fill="#3a2410" fill-opacity="0.35"/><circle cx="575" cy="340" r="70" fill="#3a2410" fill-opacity="0.35"/>
    ${spiral(425, 340, 60, 3)}${spiral(575, 340, 60, 3)}
    <circle cx="425" cy="340" r="16" fill="#1e1208"/><circle cx="575" cy="340" r="16" fill="#1e1208"/>
    <path d="M 480 400 L 520 400 L 500 460 Z" fill="#5a3510"/>
    <path d="M 330 520 Q 300 680 400 800 M 670 520 Q 700 680 600 800" ${WIRE}/>
    ${[540, 610, 680, 750].map((y) => `<path d="M 420 ${y} Q 500 ${y + 40} 580 ${y}" ${THREAD}/>`).join("")}
    <path d="M 440 845 L 440 880 M 470 845 L 470 880 M 530 845 L 530 880 M 560 845 L 560 880" stroke="url(#brass)" stroke-width="14" stroke-linecap="round"/>`;
  if (count === 1) return place(one, 0.92, 0, 20);
  return `${place(one, 0.66, -190, 150)}${place(one, 0.58, 210, 185)}`;
}

type Beast = "elephant" | "horse" | "deer" | "camel" | "bull";

/** One four-legged animal; the kind sets its neck, head and ornaments. */
export function beast(kind: Beast, options: { rider?: boolean } = {}): string {
  const tall = kind === "horse" || kind === "deer" || kind === "camel";
  const bodyY = kind === "elephant" ? 520 : tall ? 560 : 580;
  const rx = kind === "elephant" ? 250 : kind === "bull" ? 230 : 200;
  const ry = kind === "elephant" ? 175 : kind === "deer" ? 95 : 115;
  const legW = kind === "elephant" ? 62 : kind === "deer" ? 22 : 36;
  const legTop = bodyY + ry * 0.5;
  const legs = [-0.75, -0.4, 0.4, 0.75]
    .map((f) => `<rect x="${500 + f * rx - legW / 2}" y="${legTop}" width="${legW}" height="${860 - legTop}" rx="${legW / 3}" ${METAL}/>`)
    .join("");
  const body = `<ellipse cx="500" cy="${bodyY}" rx="${rx}" ry="${ry}" ${METAL}/>`;
  const patterns = `${spiral(420, bodyY, ry * 0.45)}${spiral(570, bodyY - 10, ry * 0.4)}<path d="M ${500 - rx * 0.8} ${bodyY + ry * 0.55} Q 500 ${bodyY + ry * 1.05} ${500 + rx * 0.8} ${bodyY + ry * 0.55}" ${THREAD}/>`;
  let head = "";
  if (kind === "elephant") {
    head = `
      <ellipse cx="760" cy="420" rx="110" ry="120" ${METAL}/>
      <path d="M 700 340 C 600 330, 590 560, 700 560 Z" fill="#3a2410" fill-opacity="0.25"/>${spiral(670, 450, 55)}
      <path d="M 840 450 C 900 560, 880 700, 820 800" fill="none" stroke="url(#brass)" stroke-width="52" stroke-linecap="round"/>
      <path d="M 820 500 Q 860 560 900 540" stroke="#f7efd8" stroke-width="16" stroke-linecap="round" fill="none"/>
      <circle cx="790" cy="390" r="12" fill="#1e1208"/>
      <path d="M 400 360 L 620 360 L 600 300 L 420 300 Z" ${METAL}/>${dots(420, 330, 600, 330, 7)}
      <path d="M 255 500 Q 220 560 235 640" fill="none" stroke="url(#brass)" stroke-width="14" stroke-linecap="round"/>`;
  } else {
    const neckTop = kind === "horse" ? 270 : kind === "camel" ? 260 : kind === "deer" ? 300 : 470;
    const headX = kind === "bull" ? 740 : 700;
    const neck = kind === "camel"
      ? `<path d="M 640 540 C 720 460, 600 330, 690 ${neckTop}" fill="none" stroke="url(#brass)" stroke-width="60" stroke-linecap="round"/>`
      : `<path d="M 620 ${bodyY - 30} L ${headX - 20} ${neckTop + 40}" stroke="url(#brass)" stroke-width="${kind === "bull" ? 110 : 70}" stroke-linecap="round"/>`;
    head = `${neck}<ellipse cx="${headX + 30}" cy="${neckTop + 20}" rx="${kind === "bull" ? 70 : 75}" ry="42" transform="rotate(25 ${headX + 30} ${neckTop + 20})" ${METAL}/>
      <circle cx="${headX + 20}" cy="${neckTop + 5}" r="9" fill="#1e1208"/>`;
    if (kind === "horse") head += `<path d="M ${headX - 10} ${neckTop - 10} L ${headX - 5} ${neckTop - 70} L ${headX + 20} ${neckTop - 15} Z" ${METAL}/>${dots(640, 470, headX - 10, neckTop + 30, 6)}<path d="M 300 520 C 230 560, 240 680, 260 760" fill="none" stroke="url(#brass)" stroke-width="26" stroke-linecap="round"/>`;
    if (kind === "deer") head += `<path d="M ${headX} ${neckTop - 10} L ${headX - 40} ${neckTop - 150} M ${headX - 22} ${neckTop - 80} L ${headX - 90} ${neckTop - 120} M ${headX + 15} ${neckTop - 10} L ${headX + 60} ${neckTop - 150} M ${headX + 40} ${neckTop - 90} L ${headX + 110} ${neckTop - 120}" stroke="url(#brass)" stroke-width="14" stroke-linecap="round"/>`;
    if (kind === "camel") head += `<ellipse cx="480" cy="${bodyY - ry}" rx="110" ry="90" ${METAL}/>${spiral(480, bodyY - ry - 10, 45)}`;
    if (kind === "bull") head += `<ellipse cx="520" cy="${bodyY - ry}" rx="80" ry="60" ${METAL}/><path d="M ${headX} ${neckTop} Q ${headX - 30} ${neckTop - 70} ${headX - 70} ${neckTop - 60} M ${headX + 50} ${neckTop - 5} Q ${headX + 80} ${neckTop - 70} ${headX + 120} ${neckTop - 60}" fill="none" stroke="url(#brass)" stroke-width="16" stroke-linecap="round"/>`;
  }
  const rider = options.rider ? figure(470, bodyY - ry + 30, { scale: 0.55, arms: "out" }) : "";
  return `${groundShadow(500, 2 * rx + 80)}${legs}${body}${patterns}${head}${rider}`;
}

export function herd(kind: Beast, count: number): string {
  if (count === 1) return place(beast(kind), 0.9, -20, 40);
  if (count === 2) return `${place(beast(kind), 0.6, -190, 120)}${place(beast(kind), 0.6, 200, 170, true)}`;
  return `${place(beast(kind), 0.62, -130, 90)}${place(beast(kind), 0.4, 230, 200)}${place(beast(kind), 0.34, -320, 230)}`;
}

export function tortoise(): string {
  return `${groundShadow(500, 640)}
    <ellipse cx="230" cy="700" rx="80" ry="50" ${METAL}/><circle cx="205" cy="690" r="9" fill="#1e1208"/>
    <path d="M 330 760 L 300 840 M 430 780 L 420 850 M 590 780 L 600 850 M 690 760 L 720 840" stroke="url(#brass)" stroke-width="42" stroke-linecap="round"/>
    <path d="M 280 780 C 300 480, 720 480, 760 780 Z" ${METAL}/>
    ${spiral(520, 670, 70, 3)}${spiral(390, 720, 40)}${spiral(650, 720, 40)}
    <path d="M 300 770 L 745 770" ${THREAD}/>${dots(330, 745, 720, 745, 10, 6)}`;
}

export function peacock(): string {
  const feathers = Array.from({ length: 11 }, (_, i) => {
    const a = Math.PI * (0.1 + (0.8 * i) / 10);
    const x = 430 - Math.cos(a) * 330;
    const y = 600 - Math.sin(a) * 360;
    return `<path d="M 430 600 L ${x.toFixed(0)} ${y.toFixed(0)}" ${WIRE}/><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="34" ry="46" ${METAL}/><circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="14" fill="#2f4a44"/>`;
  }).join("");
  return `${groundShadow(500, 520)}${feathers}
    <path d="M 350 700 C 340 540, 560 520, 600 640 C 610 720, 520 760, 420 750 Z" ${METAL}/>
    <path d="M 560 610 C 600 520, 560 420, 620 330" fill="none" stroke="url(#brass)" stroke-width="48" stroke-linecap="round"/>
    <ellipse cx="640" cy="315" rx="45" ry="32" ${METAL}/><path d="M 680 310 L 730 322 L 680 332 Z" fill="#5a3510"/><circle cx="645" cy="305" r="8" fill="#1e1208"/>
    ${dots(620, 280, 660, 230, 3, 9)}${spiral(470, 670, 45)}
    <path d="M 430 750 L 420 850 M 500 750 L 510 850" stroke="url(#brass)" stroke-width="18" stroke-linecap="round"/>
    <rect x="330" y="840" width="260" height="30" rx="12" ${SHADE}/>`;
}
