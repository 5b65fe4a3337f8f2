#!/usr/bin/env node
/**
 * Generates the 17 gallery illustrations (public/gallery/{n}.webp) from SVG scenes composed in
 * code: no network, no stock photo. Every scene is drawn from a seeded random generator, so a
 * run always produces the same files. Each image exists in three widths used by `srcSet`:
 *   {n}.webp        1200x900  the viewer on large screens
 *   {n}-600.webp     600x450  the viewer on phones, the grid on dense screens
 *   {n}-thumb.webp   400x300  the grid
 *
 * The drawing helpers (cars, wash van, bucket, their materials) are exported for the other
 * generated images (scripts/generate-hero-images.mjs); importing this module draws nothing.
 *
 * Usage: node scripts/generate-images.mjs
 */
import { Buffer } from "node:buffer";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import sharp from "sharp";

const COUNT = 17;
const WIDTH = 1200;
const HEIGHT = 900;
const HORIZON = 560;
const VARIANTS = [
  { suffix: "", width: 1200, quality: 72 },
  { suffix: "-600", width: 600, quality: 72 },
  { suffix: "-thumb", width: 400, quality: 70 },
];
const OUTPUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "gallery");

/** Mulberry32: a small, fast, deterministic generator returning floats in [0, 1). */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const r1 = (value) => Math.round(value * 10) / 10;

/** Skies by time of day (morning, noon, late afternoon, dusk, overcast): gradient, sun, ground tint. */
const SKIES = [
  { stops: ["#8ec5f0", "#cfe6f7", "#fde8cf"], sun: "#fff4d6", sunY: 250, ground: "#9aa3ad" },
  { stops: ["#3d8fe0", "#7db9ef", "#d6ecfb"], sun: "#fffbea", sunY: 120, ground: "#a7adb4" },
  {
    stops: ["#f59e5b", "#fbc98a", "#fde7c4"],
    sun: "#fff1c9",
    sunY: 330,
    ground: "#a08d80",
  },
  {
    stops: ["#2b2f6b", "#7a4f8f", "#f08a6a"],
    sun: "#ffd6a0",
    sunY: 420,
    ground: "#6d6475",
  },
  {
    stops: ["#9fb3c4", "#c5d2dc", "#e6ecf0"],
    sun: "#ffffff",
    sunY: 170,
    ground: "#98a0a6",
  },
];

/** Car paints: base colour, lighter shoulder colour, darker sill colour. */
export const PAINTS = [
  ["#c81e2b", "#ff5a5f", "#6d0b14"],
  ["#0f4c9c", "#4f8fe6", "#072a57"],
  ["#111827", "#4b5563", "#030712"],
  ["#f3f4f6", "#ffffff", "#9ca3af"],
  ["#7c8591", "#c9d1da", "#3b424b"],
  ["#0f766e", "#34c3b3", "#073b37"],
  ["#b45309", "#f6a040", "#5c2a04"],
  ["#4c1d95", "#8b5cf6", "#25104a"],
  ["#1f5130", "#4f9a66", "#0c2615"],
  ["#e2c044", "#fbe38a", "#8a6d10"],
];

export const CAR_SHAPES = {
  sedan: {
    length: 640,
    body: "M18 -62 Q6 -112 62 -128 L178 -146 Q236 -222 312 -228 L420 -226 Q470 -218 520 -150 L590 -140 Q636 -130 630 -92 L624 -62 Z",
    windows: [
      "M196 -148 Q246 -206 312 -212 L352 -212 L352 -148 Z",
      "M366 -212 L418 -210 Q452 -204 494 -150 L366 -148 Z",
    ],
    wheels: [140, 508],
    shoulder: "M40 -118 Q200 -140 330 -140 Q470 -140 612 -120",
    doors: [360, 230],
    light: [606, -118],
    tail: [26, -108],
  },
  suv: {
    length: 660,
    body: "M16 -60 Q4 -130 54 -150 L150 -164 Q196 -250 262 -258 L470 -256 Q520 -250 560 -172 L626 -160 Q660 -150 654 -104 L648 -60 Z",
    windows: [
      "M166 -168 Q206 -236 262 -240 L370 -240 L370 -168 Z",
      "M384 -240 L468 -240 Q504 -232 540 -170 L384 -168 Z",
    ],
    wheels: [144, 528],
    shoulder: "M34 -132 Q200 -160 350 -160 Q500 -160 636 -140",
    doors: [378, 250],
    light: [632, -136],
    tail: [24, -126],
  },
  hatchback: {
    length: 560,
    body: "M20 -60 Q8 -118 40 -148 L70 -200 Q104 -232 200 -236 L318 -232 Q370 -224 430 -156 L502 -144 Q548 -134 542 -94 L536 -60 Z",
    windows: [
      "M84 -196 Q112 -220 196 -222 L268 -222 L268 -156 L62 -154 Z",
      "M282 -222 L318 -220 Q356 -212 404 -156 L282 -156 Z",
    ],
    wheels: [124, 440],
    shoulder: "M30 -128 Q160 -150 290 -150 Q420 -150 524 -126",
    doors: [276, 150],
    light: [520, -122],
    tail: [30, -140],
  },
};
const SHAPE_NAMES = Object.keys(CAR_SHAPES);

/**
 * The gradients a car, the van and the bucket are painted with: paint${id} (from a PAINTS entry),
 * glass, rim and bubble. Goes inside an SVG <defs>.
 */
export function materials(paint, id) {
  const [base, light, dark] = paint;
  return `
    <linearGradient id="paint${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="0.45" stop-color="${base}"/>
      <stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#dbeafe"/>
      <stop offset="0.5" stop-color="#5b7a99"/>
      <stop offset="1" stop-color="#1e293b"/>
    </linearGradient>
    <radialGradient id="rim" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="0.5" stop-color="#c7ced6"/>
      <stop offset="1" stop-color="#6b7580"/>
    </radialGradient>
    <radialGradient id="bubble" cx="0.35" cy="0.35" r="0.65">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="0.7" stop-color="#f1f7ff"/>
      <stop offset="1" stop-color="#bcd7f2"/>
    </radialGradient>`;
}

function defs(sky, paint, id) {
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky.stops[0]}"/>
      <stop offset="0.6" stop-color="${sky.stops[1]}"/>
      <stop offset="1" stop-color="${sky.stops[2]}"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${sky.sun}" stop-opacity="1"/>
      <stop offset="0.25" stop-color="${sky.sun}" stop-opacity="0.85"/>
      <stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky.ground}"/>
      <stop offset="1" stop-color="#3f454c"/>
    </linearGradient>${materials(paint, id)}
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <mask id="reflectionMask"><rect x="0" y="${HORIZON + 150}" width="${WIDTH}" height="260" fill="url(#fade)"/></mask>
    <filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="softBlur"><feGaussianBlur stdDeviation="3"/></filter>
  </defs>`;
}

function skyAndSun(sky, random) {
  const sunX = r1(150 + random() * 900);
  const clouds = Array.from({ length: 3 + Math.floor(random() * 3) }, () => {
    const x = r1(random() * WIDTH);
    const y = r1(60 + random() * 240);
    const s = 0.6 + random() * 0.9;
    return `<g opacity="${r1(0.35 + random() * 0.4)}" fill="#ffffff" transform="translate(${x} ${y}) scale(${r1(s)})">
      <ellipse cx="0" cy="0" rx="70" ry="22"/><ellipse cx="-40" cy="6" rx="46" ry="18"/><ellipse cx="36" cy="-10" rx="50" ry="26"/>
    </g>`;
  }).join("");
  return `<rect width="${WIDTH}" height="${HORIZON + 20}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${sky.sunY}" r="190" fill="url(#sun)"/>
    ${clouds}`;
}

/** A suburban house with its garage: the driveway scene. */
function house(random) {
  const wall = ["#f5efe6", "#e7e1d8", "#dfe7ee", "#f1e4d3", "#d9d4cc"][Math.floor(random() * 5)];
  const roof = ["#3f3f46", "#57534e", "#7c2d12", "#334155"][Math.floor(random() * 4)];
  const x = r1(520 + random() * 120);
  return `<g>
    <path d="M0 ${HORIZON - 40} Q300 ${HORIZON - 120} 620 ${HORIZON - 60} T1200 ${HORIZON - 70} V${HORIZON} H0 Z" fill="#6f8f6a" opacity="0.55"/>
    <rect x="${x}" y="${HORIZON - 250}" width="560" height="250" fill="${wall}"/>
    <path d="M${x - 40} ${HORIZON - 246} L${x + 170} ${HORIZON - 380} L${x + 600} ${HORIZON - 380} L${x + 620} ${HORIZON - 246} Z" fill="${roof}"/>
    <rect x="${x + 250}" y="${HORIZON - 190}" width="270" height="190" fill="#d4d4d8"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${x + 250}" y="${HORIZON - 190 + i * 38}" width="270" height="3" fill="#a1a1aa"/>`).join("")}
    <rect x="${x + 50}" y="${HORIZON - 200}" width="120" height="90" fill="#cfe3f3" stroke="#fff" stroke-width="8"/>
    <path d="M${x + 50} ${HORIZON - 200} L${x + 120} ${HORIZON - 200} L${x + 50} ${HORIZON - 130} Z" fill="#ffffff" opacity="0.4"/>
    <ellipse cx="${x + 30}" cy="${HORIZON - 10}" rx="70" ry="36" fill="#3f7d4e"/>
    <ellipse cx="${x + 120}" cy="${HORIZON - 4}" rx="56" ry="28" fill="#4f9a5f"/>
    <circle cx="${r1(x - 180)}" cy="${HORIZON - 160}" r="90" fill="#4c8a55"/>
    <rect x="${r1(x - 190)}" y="${HORIZON - 80}" width="20" height="80" fill="#5b4636"/>
  </g>`;
}

/** An office building with a parking lot: the business scene. */
function office(random) {
  const tint = ["#9fb7c9", "#8aa0b3", "#b7c4cf", "#7b93a8"][Math.floor(random() * 4)];
  const x = r1(80 + random() * 200);
  const columns = 12;
  const rows = 7;
  const windows = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const lit = random() > 0.7;
      windows.push(
        `<rect x="${x + 30 + col * 72}" y="${HORIZON - 430 + row * 58}" width="56" height="40" fill="${lit ? "#fef3c7" : tint}" opacity="${lit ? 0.9 : 0.75}"/>`,
      );
    }
  }
  return `<g>
    <rect x="${x}" y="${HORIZON - 450}" width="900" height="450" fill="#e5e7eb"/>
    <rect x="${x}" y="${HORIZON - 450}" width="900" height="16" fill="#9ca3af"/>
    ${windows.join("")}
    <path d="M${x} ${HORIZON - 450} L${x + 300} ${HORIZON - 450} L${x} ${HORIZON - 150} Z" fill="#ffffff" opacity="0.18"/>
    <rect x="${x + 380}" y="${HORIZON - 80}" width="140" height="80" fill="#334155"/>
    <rect x="${x + 386}" y="${HORIZON - 74}" width="62" height="74" fill="#94a3b8" opacity="0.7"/>
    <rect x="${x + 452}" y="${HORIZON - 74}" width="62" height="74" fill="#94a3b8" opacity="0.7"/>
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${i * 170 - 40}" y="${HORIZON + 40}" width="10" height="120" fill="#f8fafc" opacity="0.7" transform="skewX(-30)"/>`).join("")}
  </g>`;
}

function ground(scene) {
  const pavers =
    scene === "house"
      ? Array.from(
          { length: 8 },
          (_, i) =>
            `<path d="M0 ${HORIZON + 30 + i * i * 6} H${WIDTH}" stroke="#ffffff" stroke-opacity="0.08" stroke-width="2"/>`,
        ).join("")
      : "";
  return `<rect y="${HORIZON}" width="${WIDTH}" height="${HEIGHT - HORIZON}" fill="url(#ground)"/>
    <rect y="${HORIZON}" width="${WIDTH}" height="6" fill="#000" opacity="0.15"/>
    ${pavers}`;
}

function wheel(cx, random) {
  const spokes = 5 + Math.floor(random() * 2) * 5;
  const spokeLines = Array.from({ length: spokes }, (_, i) => {
    const a = (i / spokes) * Math.PI * 2;
    return `<line x1="0" y1="0" x2="${r1(Math.cos(a) * 30)}" y2="${r1(Math.sin(a) * 30)}"/>`;
  }).join("");
  return `<g transform="translate(${cx} -50)">
    <circle r="56" fill="#0b0b0d"/>
    <circle r="50" fill="#18181b"/>
    <circle r="36" fill="url(#rim)"/>
    <g stroke="#525a63" stroke-width="6" stroke-linecap="round">${spokeLines}</g>
    <circle r="9" fill="#e5e7eb" stroke="#6b7280" stroke-width="2"/>
    <path d="M-30 -22 A37 37 0 0 1 22 -30" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.7"/>
  </g>`;
}

export function car(shape, paint, id, random, { foam }) {
  const s = CAR_SHAPES[shape];
  const sparkles = Array.from({ length: 4 }, () => {
    const x = r1(60 + random() * (s.length - 120));
    const y = r1(-200 + random() * 90);
    const k = r1(6 + random() * 10);
    return `<path d="M${x} ${y - k} L${x + k * 0.25} ${y - k * 0.25} L${x + k} ${y} L${x + k * 0.25} ${y + k * 0.25} L${x} ${y + k} L${x - k * 0.25} ${y + k * 0.25} L${x - k} ${y} L${x - k * 0.25} ${y - k * 0.25} Z" fill="#ffffff" opacity="0.9"/>`;
  }).join("");
  const bubbles = foam
    ? Array.from({ length: 26 }, () => {
        const x = r1(40 + random() * (s.length - 80));
        const y = r1(-70 - random() * 60);
        const r = r1(6 + random() * 16);
        return `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#bubble)" opacity="0.95"/>`;
      }).join("")
    : "";
  const drops = Array.from({ length: 14 }, () => {
    const x = r1(50 + random() * (s.length - 100));
    const y = r1(-150 + random() * 70);
    return `<path d="M${x} ${y} q4 8 0 11 q-4 -3 0 -11 Z" fill="#e0f2fe" opacity="0.85"/>`;
  }).join("");
  return `
    <path d="${s.body}" fill="url(#paint${id})"/>
    ${s.windows.map((w) => `<path d="${w}" fill="url(#glass)"/>`).join("")}
    <g opacity="0.55" fill="#ffffff">
      ${s.windows.map((w, i) => `<clipPath id="w${id}-${i}"><path d="${w}"/></clipPath><g clip-path="url(#w${id}-${i})"><rect x="${s.doors[1] - 80 + i * 140}" y="-260" width="26" height="160" transform="skewX(-35)"/><rect x="${s.doors[1] - 40 + i * 140}" y="-260" width="10" height="160" transform="skewX(-35)"/></g>`).join("")}
    </g>
    <path d="${s.shoulder}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="4" fill="none" stroke-linecap="round"/>
    <path d="M${s.doors[0]} -146 L${s.doors[0] + 6} -64 M${s.doors[1]} -144 Q${s.doors[1] - 10} -100 ${s.doors[1] + 4} -64" stroke="#000" stroke-opacity="0.3" stroke-width="2" fill="none"/>
    <rect x="${s.doors[0] - 46}" y="-128" width="26" height="6" rx="3" fill="#000" opacity="0.35"/>
    <rect x="${s.doors[1] - 46}" y="-128" width="26" height="6" rx="3" fill="#000" opacity="0.35"/>
    <ellipse cx="${s.light[0]}" cy="${s.light[1]}" rx="22" ry="10" fill="#fef9c3"/>
    <ellipse cx="${s.light[0] + 4}" cy="${s.light[1]}" rx="10" ry="5" fill="#ffffff"/>
    <rect x="${s.tail[0] - 8}" y="${s.tail[1] - 8}" width="22" height="16" rx="5" fill="#dc2626"/>
    ${s.wheels.map((cx) => `<path d="M${cx - 70} -62 A70 70 0 0 1 ${cx + 70} -62 Z" fill="#0b0b0d" opacity="0.85"/>`).join("")}
    ${s.wheels.map((cx) => wheel(cx, random)).join("")}
    ${drops}
    ${bubbles}
    ${sparkles}`;
}

/** The mobile wash van parked beside the car: a white box with the brand's droplet. */
export function van(x, scale) {
  return `<g transform="translate(${x} ${HORIZON + 150}) scale(${scale})">
    <ellipse cx="250" cy="0" rx="270" ry="22" fill="#000" opacity="0.35" filter="url(#blur)"/>
    <path d="M10 -60 L10 -280 Q10 -300 30 -300 L360 -300 Q400 -300 420 -260 L470 -170 Q500 -160 500 -120 L500 -60 Z" fill="#f8fafc"/>
    <path d="M370 -286 L404 -260 L446 -176 L370 -176 Z" fill="url(#glass)"/>
    <rect x="10" y="-150" width="490" height="26" fill="#0369a1"/>
    <rect x="10" y="-122" width="490" height="8" fill="#38bdf8"/>
    <path d="M170 -270 q30 42 30 64 a30 30 0 0 1 -60 0 q0 -22 30 -64 Z" fill="#0ea5e9"/>
    <path d="M160 -212 a14 14 0 0 0 12 14" stroke="#ffffff" stroke-width="4" fill="none"/>
    <rect x="230" y="-250" width="110" height="14" rx="7" fill="#0369a1"/>
    <rect x="230" y="-226" width="80" height="10" rx="5" fill="#38bdf8"/>
    ${[100, 400].map((cx) => `<g transform="translate(${cx} -10)"><circle r="44" fill="#0b0b0d"/><circle r="26" fill="url(#rim)"/><circle r="7" fill="#52525b"/></g>`).join("")}
  </g>`;
}

export function bucket(x, y) {
  return `<g transform="translate(${x} ${y})">
    <ellipse cx="0" cy="4" rx="52" ry="10" fill="#000" opacity="0.3" filter="url(#softBlur)"/>
    <path d="M-40 -80 L40 -80 L32 0 L-32 0 Z" fill="#0284c7"/>
    <path d="M-40 -80 Q0 -112 40 -80" stroke="#334155" stroke-width="4" fill="none"/>
    ${[-26, -8, 10, 26, -16, 16].map((dx, i) => `<circle cx="${dx}" cy="${-84 - (i % 3) * 6}" r="${12 + (i % 2) * 5}" fill="url(#bubble)"/>`).join("")}
  </g>`;
}

function scene(n) {
  const random = createRandom(n * 7919 + 17);
  const sky = SKIES[(n - 1) % SKIES.length];
  const paint = PAINTS[(n * 3) % PAINTS.length];
  const shape = SHAPE_NAMES[Math.floor(random() * SHAPE_NAMES.length)];
  const setting = n % 3 === 0 ? "office" : "house";
  const withVan = n % 2 === 1;
  const foam = random() > 0.45;
  const flip = random() > 0.5;
  const carScale = 1.05 + random() * 0.2;
  const carLength = CAR_SHAPES[shape].length * carScale;
  const carX = withVan ? (flip ? WIDTH - 30 - carLength : 30) : (WIDTH - carLength) / 2;
  const carY = HORIZON + 250;
  const carOrigin = flip
    ? `translate(${r1(carX + carLength)} ${carY}) scale(${-r1(carScale)} ${r1(carScale)})`
    : `translate(${r1(carX)} ${carY}) scale(${r1(carScale)})`;
  const carMarkup = car(shape, paint, n, random, { foam });
  const vanMarkup = withVan ? van(flip ? 30 : 660, 0.9) : "";

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  ${defs(sky, paint, n)}
  ${skyAndSun(sky, random)}
  ${setting === "house" ? house(random) : office(random)}
  ${ground(setting)}
  ${vanMarkup}
  <ellipse cx="${r1(carX + carLength / 2)}" cy="${carY}" rx="${r1(carLength * 0.52)}" ry="26" fill="#000" opacity="0.45" filter="url(#blur)"/>
  <g mask="url(#reflectionMask)"><g transform="translate(0 ${carY * 2}) scale(1 -1)"><g transform="${carOrigin}" opacity="0.5">${carMarkup}</g></g></g>
  <g transform="${carOrigin}">${carMarkup}</g>
  ${bucket(r1(Math.min(Math.max(flip ? carX - 50 : carX + carLength + 50, 60), WIDTH - 60)), carY + 40)}
  </svg>`;
}

async function main() {
  await mkdir(OUTPUT_DIR, { recursive: true });
  const rows = [];
  for (let n = 1; n <= COUNT; n++) {
    const svg = Buffer.from(scene(n));
    const sizes = [];
    for (const variant of VARIANTS) {
      const file = path.join(OUTPUT_DIR, `${n}${variant.suffix}.webp`);
      await sharp(svg, { density: 72 * (variant.width / WIDTH) * 2 })
        .resize(variant.width, Math.round((variant.width * HEIGHT) / WIDTH))
        .webp({ quality: variant.quality, effort: 6, smartSubsample: true })
        .toFile(file);
      sizes.push(`${variant.width}px ${((await stat(file)).size / 1024).toFixed(1)} KB`);
    }
    rows.push(`  ${String(n).padStart(2)}. ${sizes.join(" | ")}`);
  }
  console.log(`${COUNT} gallery images written to ${path.relative(process.cwd(), OUTPUT_DIR)}:`);
  console.log(rows.join("\n"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
