// Demo motifs: faces, figures, lamps and the workshop's useful pieces (1000 × 1000 box; see motif-parts.ts).
import { dots, figure, flame, groundShadow, METAL, place, spiral, THREAD, WIRE } from "./motif-parts.ts";

export type FaceKind = "ganesha" | "goddess" | "buddha" | "sun" | "mask";

export function face(kind: FaceKind): string {
  const eyes = kind === "buddha"
    ? `<path d="M 400 470 Q 440 490 480 470 M 520 470 Q 560 490 600 470" ${WIRE}/>`
    : `<path d="M 380 460 Q 430 420 480 460 Q 430 490 380 460 Z M 520 460 Q 570 420 620 460 Q 570 490 520 460 Z" fill="#f7efd8"/><circle cx="430" cy="460" r="16" fill="#1e1208"/><circle cx="570" cy="460" r="16" fill="#1e1208"/>`;
  const nose = `<path d="M 500 480 L 480 580 L 520 580" ${WIRE}/>`;
  const lips = `<path d="M 450 640 Q 500 670 550 640 Q 500 620 450 640 Z" fill="#7a3a1a"/>`;
  if (kind === "ganesha") {
    return `
      <ellipse cx="250" cy="470" rx="150" ry="200" ${METAL}/><ellipse cx="750" cy="470" rx="150" ry="200" ${METAL}/>
      ${spiral(250, 470, 100)}${spiral(750, 470, 100)}
      <circle cx="500" cy="440" r="210" ${METAL}/>
      <path d="M 380 250 L 500 90 L 620 250 Z" ${METAL}/>${dots(400, 240, 600, 240, 6, 9)}${dots(500, 120, 500, 220, 3, 8)}
      <circle cx="430" cy="420" r="14" fill="#1e1208"/><circle cx="570" cy="420" r="14" fill="#1e1208"/>
      <path d="M 500 470 C 500 640, 420 700, 440 800 C 450 860, 540 860, 560 800" fill="none" stroke="url(#brass)" stroke-width="70" stroke-linecap="round"/>
      ${spiral(510, 805, 30, 1.5)}<path d="M 420 540 Q 390 600 410 640" stroke="#f7efd8" stroke-width="18" stroke-linecap="round" fill="none"/>
      <path d="M 390 330 Q 500 290 610 330" ${THREAD}/>`;
  }
  if (kind === "sun") {
    const rays = Array.from({ length: 16 }, (_, i) => {
      const a = (i / 16) * 2 * Math.PI;
      const p = (r: number, da = 0) => `${(500 + r * Math.cos(a + da)).toFixed(0)} ${(480 + r * Math.sin(a + da)).toFixed(0)}`;
      return `<path d="M ${p(250, -0.12)} L ${p(i % 2 ? 360 : 420)} L ${p(250, 0.12)} Z" ${METAL}/>`;
    }).join("");
    return `${rays}<circle cx="500" cy="480" r="260" ${METAL}/><circle cx="500" cy="480" r="235" ${THREAD}/>${eyes}${nose}${lips}${spiral(390, 580, 35)}${spiral(610, 580, 35)}`;
  }
  const crown = kind === "goddess"
    ? `<path d="M 300 330 L 340 140 L 420 250 L 500 90 L 580 250 L 660 140 L 700 330 Z" ${METAL}/>${dots(330, 310, 670, 310, 9, 9)}<path d="M 500 360 L 488 400 L 500 420 L 512 400 Z" fill="#7a3a1a"/>`
    : kind === "buddha"
      ? `${Array.from({ length: 5 }, (_, row) => dots(340 + row * 12, 230 + row * 35, 660 - row * 12, 230 + row * 35, 9 - row, 13)).join("")}<ellipse cx="500" cy="170" rx="60" ry="55" ${METAL}/>`
      : "";
  const ears = kind === "buddha"
    ? `<ellipse cx="285" cy="520" rx="45" ry="130" ${METAL}/><ellipse cx="715" cy="520" rx="45" ry="130" ${METAL}/>`
    : `<circle cx="290" cy="560" r="28" ${METAL}/><circle cx="710" cy="560" r="28" ${METAL}/>`;
  const outline = kind === "mask"
    ? `<ellipse cx="500" cy="480" rx="220" ry="300" fill="none" stroke="url(#brass)" stroke-width="36"/>${[340, 420, 500, 580, 660].map((y) => `<path d="M 300 ${y} Q 500 ${y + 40} 700 ${y}" ${THREAD}/>`).join("")}`
    : `<ellipse cx="500" cy="480" rx="220" ry="290" ${METAL}/>`;
  return `${ears}${outline}${crown}${eyes}${nose}${lips}${kind === "mask" ? "" : `<path d="M 320 300 Q 500 250 680 300" ${THREAD}/>`}
    <rect x="460" y="770" width="80" height="60" ${METAL}/>`;
}

export function diya(kind: "bowl" | "five" | "hanging" | "lotus"): string {
  const bowl = (x: number, y: number, s: number) =>
    `<path d="M ${x - 150 * s} ${y} Q ${x} ${y + 170 * s} ${x + 150 * s} ${y} L ${x + 200 * s} ${y - 40 * s} L ${x + 140 * s} ${y - 10 * s} Z" ${METAL}/>
     <ellipse cx="${x}" cy="${y}" rx="${150 * s}" ry="${30 * s}" fill="#5a3510"/>${flame(x + 185 * s, y - 40 * s, s)}
     <path d="M ${x - 120 * s} ${y + 40 * s} Q ${x} ${y + 120 * s} ${x + 120 * s} ${y + 40 * s}" ${THREAD}/>`;
  if (kind === "hanging") {
    const bells = [400, 500, 600].map((x) => `<path d="M ${x} 640 L ${x} 770" stroke="url(#brass)" stroke-width="8" stroke-dasharray="16 6"/><path d="M ${x - 45} 880 Q ${x - 45} 785 ${x} 770 Q ${x + 45} 785 ${x + 45} 880 Z" ${METAL}/><circle cx="${x}" cy="890" r="12" ${METAL}/>`).join("");
    return `<path d="M 500 60 L 500 300 M 500 300 L 360 560 M 500 300 L 640 560" stroke="url(#brass)" stroke-width="8" stroke-dasharray="22 10"/>${bowl(500, 580, 1)}${bells}`;
  }
  const stand = `<path d="M 420 860 L 580 860 L 540 820 L 460 820 Z" ${METAL}/><rect x="475" y="640" width="50" height="190" ${METAL}/>${dots(500, 660, 500, 800, 5, 10)}`;
  if (kind === "five") {
    const flames = [-2, -1, 0, 1, 2].map((i) => `${flame(500 + i * 95, 540 - Math.abs(i) * 10, 0.9)}<path d="M ${500 + i * 95 - 30} 560 Q ${500 + i * 95} 600 ${500 + i * 95 + 30} 560 Z" ${METAL}/>`).join("");
    return `${groundShadow(500, 400)}${stand}<path d="M 250 560 Q 500 720 750 560 Z" ${METAL}/>${flames}${spiral(500, 610, 35)}`;
  }
  if (kind === "lotus") {
    const petals = [-60, -30, 0, 30, 60].map((a) => `<path d="M 500 760 C 420 660, 450 540, 500 500 C 550 540, 580 660, 500 760 Z" transform="rotate(${a} 500 760)" ${METAL}/>`).join("");
    return `${groundShadow(500, 520)}${petals}<rect x="455" y="610" width="90" height="80" rx="10" fill="#f3ead2"/>${flame(500, 610, 1.1)}<path d="M 320 790 Q 500 850 680 790" ${THREAD}/>`;
  }
  return `${groundShadow(500, 400)}${stand}${bowl(470, 600, 1.2)}`;
}

export function candleStand(holder?: "lady" | "drummer"): string {
  const candle = (x: number, top: number) =>
    `<rect x="${x - 35}" y="${top}" width="70" height="150" rx="8" fill="#f3ead2"/>${flame(x, top - 5, 1.1)}<path d="M ${x - 75} ${top + 150} L ${x + 75} ${top + 150} L ${x + 50} ${top + 200} L ${x - 50} ${top + 200} Z" ${METAL}/>`;
  if (holder === "lady") return `${groundShadow(500, 360)}${figure(500, 860, { scale: 1.05, arms: "head" })}${candle(500, 120)}`;
  if (holder === "drummer") return `${groundShadow(500, 640)}${place(figure(500, 860, { drum: true, arms: "out" }), 0.9, -150, 40)}<rect x="640" y="380" width="40" height="460" ${METAL}/>${dots(660, 420, 660, 800, 6, 12)}<path d="M 580 860 L 740 860 L 700 810 L 620 810 Z" ${METAL}/>${candle(660, 180)}`;
  return `${groundShadow(500, 420)}<path d="M 380 860 L 620 860 L 560 790 L 440 790 Z" ${METAL}/><rect x="470" y="360" width="60" height="440" ${METAL}/>
    ${[440, 560, 680].map((y) => `<ellipse cx="500" cy="${y}" rx="60" ry="22" ${METAL}/>`).join("")}${spiral(500, 820, 30)}${candle(500, 160)}`;
}

export function penHolder(companion: string): string {
  const pens = [["#26385a", -60], ["#7a2a1a", -15], ["#2f4a2e", 30], ["#111111", 70]]
    .map(([color, dx], i) => `<rect x="${630 + Number(dx)}" y="${200 + i * 25}" width="24" height="320" rx="10" fill="${color}" transform="rotate(${Number(dx) / 6} ${640 + Number(dx)} 500)"/>`)
    .join("");
  return `${groundShadow(520, 760)}${pens}
    <rect x="520" y="420" width="260" height="440" rx="18" ${METAL}/><ellipse cx="650" cy="420" rx="130" ry="30" fill="#5a3510"/>
    ${spiral(650, 560, 50)}${spiral(650, 720, 50)}<path d="M 530 640 L 770 640" ${THREAD}/>${dots(540, 840, 760, 840, 8, 7)}
    ${place(companion, 0.55, -230, 160)}`;
}

export function napkinRings(): string {
  return `${groundShadow(500, 760)}${[[300, 480], [700, 480], [300, 720], [700, 720]]
    .map(([x, y], i) => `<ellipse cx="${x}" cy="${y}" rx="150" ry="100" fill="none" stroke="url(#brass)" stroke-width="46"/><ellipse cx="${x}" cy="${y}" rx="150" ry="100" ${THREAD}/>${place(figure(500, 860, { arms: i % 2 ? "up" : "out" }), 0.28, x! - 500, y! - 620)}`)
    .join("")}`;
}

export function bells(kind: "cluster" | "toran"): string {
  const bell = (x: number, y: number, s: number) =>
    `<path d="M ${x - 90 * s} ${y} C ${x - 90 * s} ${y - 160 * s}, ${x - 40 * s} ${y - 190 * s}, ${x} ${y - 190 * s} C ${x + 40 * s} ${y - 190 * s}, ${x + 90 * s} ${y - 160 * s}, ${x + 90 * s} ${y} Z" ${METAL}/>
     <circle cx="${x}" cy="${y + 20 * s}" r="${22 * s}" ${METAL}/><path d="M ${x - 80 * s} ${y - 30 * s} L ${x + 80 * s} ${y - 30 * s}" ${THREAD}/>`;
  if (kind === "toran") {
    return `<path d="M 120 220 Q 500 360 880 220" fill="none" stroke="url(#brass)" stroke-width="10" stroke-dasharray="20 8"/>${[200, 350, 500, 650, 800]
      .map((x, i) => `<path d="M ${x} ${255 + (i === 2 ? 45 : i % 2 ? 30 : 10)} L ${x} ${460 + (i % 2) * 120}" ${WIRE}/>${bell(x, 620 + (i % 2) * 120, 0.8)}`)
      .join("")}`;
  }
  return `${groundShadow(500, 420)}${bell(500, 820, 1.8)}<rect x="470" y="260" width="60" height="220" ${METAL}/>
    <ellipse cx="500" cy="250" rx="90" ry="55" ${METAL}/><path d="M 560 230 Q 600 190 590 160" fill="none" stroke="url(#brass)" stroke-width="22" stroke-linecap="round"/>${spiral(500, 650, 60)}`;
}

export function vessel(kind: "jali" | "kalash"): string {
  if (kind === "kalash") {
    const leaves = [-50, -25, 0, 25, 50].map((a) => `<path d="M 500 380 C 440 300, 450 230, 500 180 C 550 230, 560 300, 500 380 Z" transform="rotate(${a} 500 400)" fill="#556b2f"/>`).join("");
    return `${groundShadow(500, 460)}${leaves}<circle cx="500" cy="300" r="85" fill="#7a4a22"/><path d="M 450 240 L 550 360 M 550 240 L 450 360" stroke="#5a3510" stroke-width="6"/>
      <path d="M 400 400 L 600 400 L 580 440 C 760 500, 760 800, 500 850 C 240 800, 240 500, 420 440 Z" ${METAL}/>${spiral(500, 640, 90, 3)}<path d="M 320 560 Q 500 600 680 560" ${THREAD}/>`;
  }
  const lattice = Array.from({ length: 7 }, (_, i) => `<path d="M ${330 + i * 55} 330 L ${330 + i * 55 + 120} 820 M ${670 - i * 55} 330 L ${670 - i * 55 - 120} 820" ${WIRE}/>`).join("");
  return `${groundShadow(500, 420)}<path d="M 410 200 L 590 200 L 560 330 C 760 440, 740 760, 600 840 L 400 840 C 260 760, 240 440, 440 330 Z" ${METAL}/>
    <path d="M 440 360 C 300 460, 300 740, 410 810 L 590 810 C 700 740, 700 460, 560 360 Z" fill="#3a2410" fill-opacity="0.55"/>${lattice}
    <path d="M 500 200 C 480 140, 520 100, 500 40" stroke="#556b2f" stroke-width="10" fill="none"/><circle cx="500" cy="40" r="26" fill="#b5452b"/>${dots(420, 210, 580, 210, 6)}`;
}

export function tree(): string {
  const leaves = [[330, 300], [420, 220], [560, 210], [660, 290], [300, 430], [700, 420], [500, 300]]
    .map(([x, y], i) => `<ellipse cx="${x}" cy="${y}" rx="60" ry="32" transform="rotate(${i * 37} ${x} ${y})" ${METAL}/>`).join("");
  const birds = [[380, 330], [620, 340]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="40" ry="26" ${METAL}/><circle cx="${x! + 32}" cy="${y! - 20}" r="16" ${METAL}/>`).join("");
  return `<circle cx="500" cy="480" r="400" fill="none" stroke="url(#brass)" stroke-width="28"/>
    <path d="M 500 860 L 500 420 M 500 560 L 330 400 M 500 520 L 680 380 M 500 440 L 420 260 M 500 430 L 580 250" stroke="url(#brass)" stroke-width="34" stroke-linecap="round"/>
    ${leaves}${birds}${spiral(400, 720, 60)}${spiral(600, 720, 60)}<circle cx="500" cy="480" r="370" ${THREAD}/>`;
}

export function chariot(): string {
  const wheel = (x: number) => `<circle cx="${x}" cy="760" r="95" fill="none" stroke="url(#brass)" stroke-width="24"/>${Array.from({ length: 6 }, (_, i) => `<path d="M ${x} 760 L ${(x + 95 * Math.cos((i * Math.PI) / 3)).toFixed(0)} ${(760 + 95 * Math.sin((i * Math.PI) / 3)).toFixed(0)}" ${WIRE}/>`).join("")}<circle cx="${x}" cy="760" r="22" ${METAL}/>`;
  return `${groundShadow(500, 760)}<rect x="200" y="620" width="600" height="70" ${METAL}/>${dots(220, 655, 780, 655, 12)}
    <rect x="250" y="380" width="30" height="250" ${METAL}/><rect x="720" y="380" width="30" height="250" ${METAL}/>
    <path d="M 220 390 L 500 150 L 780 390 Z" ${METAL}/>${spiral(500, 300, 50)}<path d="M 260 380 L 740 380" ${THREAD}/>
    ${place(figure(500, 860, { arms: "out" }), 0.45, 0, 140)}${wheel(320)}${wheel(680)}
    <path d="M 800 650 L 930 600" stroke="url(#brass)" stroke-width="18" stroke-linecap="round"/>`;
}

/** Santhal figures in a row: dancers hand in hand, a musician, a mother with her child. */
export function figures(kind: "dancers" | "lady" | "drummer" | "mother" | "fisherwoman" | "village"): string {
  if (kind === "dancers") return `${groundShadow(500, 760)}${[-250, 0, 250].map((dx) => place(figure(500, 860, { arms: "out" }), 0.78, dx, 95)).join("")}`;
  if (kind === "drummer") return `${groundShadow(500, 520)}${place(figure(500, 860, { drum: true, arms: "out" }), 0.95, 0, 20)}`;
  if (kind === "village") return `${groundShadow(500, 820)}<path d="M 80 470 L 230 330 L 380 470 Z" ${METAL}/><rect x="120" y="470" width="220" height="180" ${METAL}/>${spiral(230, 560, 45)}
    ${place(figure(500, 860, { arms: "head" }), 0.6, 80, 140)}${place(figure(500, 860, { drum: true, arms: "out" }), 0.6, 300, 140)}<path d="M 80 860 L 920 860" ${THREAD}/>`;
  const pot = `<ellipse cx="500" cy="300" rx="75" ry="62" ${METAL}/>${spiral(500, 300, 35)}<rect x="470" y="232" width="60" height="20" ${METAL}/>`;
  const lady = figure(500, 860, { arms: kind === "lady" ? "head" : "down" });
  if (kind === "lady") return `${groundShadow(500, 360)}${place(`${lady}${pot}`, 0.98, 0, 20)}`;
  if (kind === "fisherwoman") return `${groundShadow(500, 520)}${place(lady, 0.95, -60, 20)}<path d="M 560 620 L 760 620 L 720 820 L 600 820 Z" ${METAL}/>${[640, 690, 740, 790].map((y) => `<path d="M 575 ${y} L 740 ${y}" ${THREAD}/>`).join("")}
    ${Array.from({ length: 9 }, (_, i) => `<path d="M ${150 + i * 90} ${60 + (i % 3) * 40} l -20 60" stroke="#9fb3c8" stroke-width="5" stroke-linecap="round"/>`).join("")}`;
  return `${groundShadow(500, 560)}${place(lady, 1, -90, 10)}${place(figure(500, 860, { arms: "up" }), 0.5, 170, 225)}`;
}
