#!/usr/bin/env node
/**
 * Generates the home page's hero illustrations and the site's sharing image from SVG scenes
 * composed in code: no network, no stock photo, the same files on every run. The car, van, bucket
 * and their materials come from scripts/generate-images.mjs.
 *
 *   public/hero/hero-1{,-800,-400}.{avif,webp}   1600x1000  a car hand-washed in a driveway at golden hour
 *   public/hero/hero-2{,-800,-400}.{avif,webp}   1000x1000  a detailer polishing a car's front door
 *   public/og-image.webp                         1200x630   sharing image: brand name and tagline
 *
 * app/components/home/hero-images.ts lists the same files and sizes: keep them in step.
 *
 * Usage: node scripts/generate-hero-images.mjs
 */
import { Buffer } from "node:buffer";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import sharp from "sharp";

import { bucket, car, CAR_SHAPES, createRandom, materials, PAINTS, r1, van } from "./generate-images.mjs";

const PUBLIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
const BRAND_SHIRT = "#0369a1";
const BRAND_SHIRT_DARK = "#075985";
const BRAND_AQUA = "#38bdf8";

/** Blur filters shared by every scene. */
const FILTERS = `
    <filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="softBlur"><feGaussianBlur stdDeviation="3"/></filter>
    <filter id="haze" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>`;

/** A four-pointed glint. */
function sparkle(x, y, size, opacity = 0.95) {
  const k = size;
  return `<path d="M${x} ${y - k} L${x + k * 0.22} ${y - k * 0.22} L${x + k} ${y} L${x + k * 0.22} ${y + k * 0.22} L${x} ${y + k} L${x - k * 0.22} ${y + k * 0.22} L${x - k} ${y} L${x - k * 0.22} ${y - k * 0.22} Z" fill="#ffffff" opacity="${opacity}"/>`;
}

/** A cluster of foam bubbles around a point. */
function foam(random, x, y, count, spread) {
  return Array.from({ length: count }, () => {
    const bx = r1(x + (random() - 0.5) * spread);
    const by = r1(y + (random() - 0.5) * spread * 0.6);
    const r = r1(5 + random() * 12);
    return `<circle cx="${bx}" cy="${by}" r="${r}" fill="url(#bubble)" opacity="0.95"/>`;
  }).join("");
}

/**
 * A detailer in the brand's polo shirt and cap, seen from the side and facing right, feet at
 * (0, 0), about 400 units tall. `hand` is where the front hand is (local units); the tool it holds
 * is a wash mitt or an orbital polisher.
 */
function detailer({ skin, hand, tool, backHand }) {
  const [hx, hy] = hand;
  const shoulder = [28, -318];
  const elbow = [r1((shoulder[0] + hx) / 2 + 6), r1((shoulder[1] + hy) / 2 + 26)];
  const back = backHand ?? [-36, -200];
  const backElbow = [r1((-30 + back[0]) / 2 - 4), r1((-318 + back[1]) / 2 + 8)];
  const toolMarkup =
    tool === "mitt"
      ? `<g transform="translate(${hx + 18} ${hy})">
          <ellipse rx="34" ry="24" fill="#facc15"/>
          ${Array.from({ length: 12 }, (_, i) => {
            const a = (i / 12) * Math.PI * 2;
            return `<circle cx="${r1(Math.cos(a) * 30)}" cy="${r1(Math.sin(a) * 20)}" r="9" fill="#fde047"/>`;
          }).join("")}
          <ellipse cx="-6" cy="-6" rx="16" ry="9" fill="#fef9c3" opacity="0.8"/>
          <rect x="-44" y="-14" width="16" height="28" rx="6" fill="#1d4ed8"/>
        </g>`
      : `<g transform="translate(${hx} ${hy})">
          <circle cx="74" cy="0" r="54" fill="#18181b"/>
          <circle cx="74" cy="0" r="48" fill="#f97316"/>
          <circle cx="74" cy="0" r="30" fill="#fb923c"/>
          <circle cx="74" cy="0" r="10" fill="#fdba74"/>
          <rect x="-22" y="-26" width="96" height="52" rx="24" fill="#27272a"/>
          <rect x="-14" y="-7" width="78" height="12" rx="6" fill="${BRAND_AQUA}"/>
          <rect x="-12" y="-70" width="18" height="52" rx="9" fill="#3f3f46"/>
        </g>`;
  return `<g>
    <ellipse cx="10" cy="2" rx="80" ry="12" fill="#000" opacity="0.35" filter="url(#softBlur)"/>
    <path d="M-30 -196 L-46 -14 L-16 -14 L0 -170 L14 -14 L44 -14 L36 -196 Z" fill="#1e293b"/>
    <path d="M-50 -16 Q-52 2 -36 2 L-6 2 Q4 2 2 -10 L-12 -18 Z" fill="#0f172a"/>
    <path d="M10 -16 Q8 2 24 2 L64 2 Q74 2 70 -10 L48 -18 Z" fill="#0f172a"/>
    <g stroke-linecap="round" fill="none">
      <path d="M-30 -318 L${backElbow[0]} ${backElbow[1]}" stroke="${BRAND_SHIRT_DARK}" stroke-width="30"/>
      <path d="M${backElbow[0]} ${backElbow[1]} L${back[0]} ${back[1]}" stroke="${skin}" stroke-width="20"/>
    </g>
    <path d="M-42 -330 Q-46 -260 -38 -190 L40 -190 Q48 -260 46 -330 Q30 -346 2 -346 Q-26 -346 -42 -330 Z" fill="${BRAND_SHIRT}"/>
    <path d="M-38 -200 L40 -200 L40 -188 L-38 -188 Z" fill="#0f172a"/>
    <path d="M-14 -346 L2 -322 L18 -346 Z" fill="${BRAND_SHIRT_DARK}"/>
    <path d="M26 -300 q7 10 7 15 a7 7 0 0 1 -14 0 q0 -5 7 -15 Z" fill="#ffffff"/>
    <rect x="-6" y="-362" width="18" height="22" fill="${skin}"/>
    <circle cx="4" cy="-384" r="28" fill="${skin}"/>
    <path d="M-24 -386 Q-24 -414 4 -416 Q30 -416 32 -392 L60 -388 Q58 -380 30 -380 L-24 -380 Z" fill="#0c4a6e"/>
    <circle cx="-6" cy="-378" r="6" fill="#000" opacity="0.12"/>
    <g stroke-linecap="round" fill="none">
      <path d="M${shoulder[0]} ${shoulder[1]} L${elbow[0]} ${elbow[1]}" stroke="${BRAND_SHIRT}" stroke-width="30"/>
      <path d="M${elbow[0]} ${elbow[1]} L${hx} ${hy}" stroke="${skin}" stroke-width="20"/>
    </g>
    ${toolMarkup}
  </g>`;
}

function heroDriveway() {
  const width = 1600;
  const height = 1000;
  const horizon = 610;
  const random = createRandom(2024);
  const paint = PAINTS[1];
  const shape = "sedan";
  const carScale = 1.45;
  const carX = 470;
  const carY = 880;
  const carOrigin = `translate(${carX} ${carY}) scale(${carScale})`;
  const carMarkup = car(shape, paint, "hero", random, { foam: true });
  const trees = Array.from({ length: 9 }, (_, i) => {
    const x = r1(-40 + i * 120 + random() * 60);
    const r = r1(70 + random() * 60);
    return `<circle cx="${x}" cy="${r1(horizon - 60 - random() * 60)}" r="${r}" fill="${i % 2 ? "#3d5a3a" : "#4a6b40"}"/>`;
  }).join("");
  const pavers = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${r1(560 - i * 40)} ${horizon + 20 + i * i * 5} H1600" stroke="#ffffff" stroke-opacity="0.07" stroke-width="2"/>`,
  ).join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#4b5f9e"/>
      <stop offset="0.45" stop-color="#e58f62"/>
      <stop offset="0.8" stop-color="#f9c47a"/>
      <stop offset="1" stop-color="#ffe2a8"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6d8" stop-opacity="1"/>
      <stop offset="0.18" stop-color="#ffe7a3" stop-opacity="0.95"/>
      <stop offset="0.5" stop-color="#ffc56b" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#ffb347" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8a9a4a"/>
      <stop offset="1" stop-color="#3f5a2c"/>
    </linearGradient>
    <linearGradient id="driveway" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b9a48e"/>
      <stop offset="1" stop-color="#57504c"/>
    </linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#fbe3c4"/>
      <stop offset="1" stop-color="#d9c2a6"/>
    </linearGradient>
    <linearGradient id="glow" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ffb347" stop-opacity="0.28"/>
      <stop offset="0.6" stop-color="#ffb347" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.4"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <mask id="reflectionMask"><rect x="0" y="${carY}" width="${width}" height="200" fill="url(#fade)"/></mask>
    ${materials(paint, "hero")}
    ${FILTERS}
  </defs>
  <rect width="${width}" height="${horizon + 20}" fill="url(#sky)"/>
  <circle cx="240" cy="${horizon - 110}" r="460" fill="url(#sun)"/>
  <g opacity="0.5" fill="#fff1d6">
    <ellipse cx="700" cy="150" rx="160" ry="18"/><ellipse cx="820" cy="176" rx="120" ry="12"/>
    <ellipse cx="1220" cy="110" rx="200" ry="20"/><ellipse cx="360" cy="240" rx="140" ry="14"/>
  </g>
  ${trees}
  <rect y="${horizon - 10}" width="${width}" height="${height - horizon + 10}" fill="url(#lawn)"/>

  <g>
    <rect x="930" y="250" width="690" height="${horizon - 250}" fill="url(#wall)"/>
    <path d="M880 262 L1120 110 L1640 110 L1640 262 Z" fill="#5b3a2e"/>
    <path d="M880 262 L1120 110 L1180 110 L950 262 Z" fill="#7a4b37"/>
    <rect x="1180" y="372" width="400" height="${horizon - 372}" fill="#e7dccd"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="1180" y="${372 + i * 40}" width="400" height="4" fill="#bfae98"/>`).join("")}
    <rect x="990" y="330" width="130" height="110" fill="#ffd58a" stroke="#fff8ec" stroke-width="10"/>
    <path d="M990 330 L1070 330 L990 410 Z" fill="#ffffff" opacity="0.45"/>
    <rect x="1010" y="470" width="70" height="${horizon - 470}" fill="#7c4a2d"/>
    <circle cx="1066" cy="${horizon - 70}" r="5" fill="#f6c453"/>
    <ellipse cx="960" cy="${horizon}" rx="80" ry="40" fill="#3f6b35"/>
  </g>

  <path d="M0 ${horizon + 30} L560 ${horizon + 20} L1600 ${horizon + 16} L1600 ${height} L0 ${height} Z" fill="url(#driveway)"/>
  <path d="M0 ${horizon + 30} L560 ${horizon + 20} L1600 ${horizon + 16}" stroke="#d9c7a8" stroke-width="6" fill="none"/>
  ${pavers}
  <path d="M1180 ${horizon + 40} C1000 ${horizon + 120} 820 ${horizon + 60} 700 ${horizon + 200} S 520 ${horizon + 300} 430 ${horizon + 330}" stroke="#15803d" stroke-width="9" fill="none" stroke-linecap="round"/>

  ${van(-40, 0.62)}

  <ellipse cx="${r1(carX + (CAR_SHAPES[shape].length * carScale) / 2)}" cy="${carY}" rx="${r1(CAR_SHAPES[shape].length * carScale * 0.52)}" ry="28" fill="#000" opacity="0.45" filter="url(#blur)"/>
  <g mask="url(#reflectionMask)"><g transform="translate(0 ${carY * 2}) scale(1 -1)"><g transform="${carOrigin}" opacity="0.5">${carMarkup}</g></g></g>
  <g transform="${carOrigin}">${carMarkup}</g>

  ${bucket(520, 955)}
  <g transform="translate(640 965)">${detailer({ skin: "#c68642", hand: [178, -262], tool: "mitt" })}</g>
  ${foam(random, 850, 703, 14, 80)}
  ${sparkle(1130, 600, 22)}${sparkle(1250, 690, 14)}${sparkle(960, 560, 12, 0.8)}
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  </svg>`;
}

/** A wall shelf of detailing products (bottles and a tin of wax), its top at (x, y). */
function productShelf(x, y) {
  const bottles = [
    { dx: 20, w: 44, h: 120, body: "#38bdf8", cap: "#0f172a" },
    { dx: 80, w: 52, h: 96, body: "#f97316", cap: "#27272a" },
    { dx: 150, w: 40, h: 134, body: "#e2e8f0", cap: "#0369a1" },
    { dx: 208, w: 56, h: 84, body: "#facc15", cap: "#27272a" },
    { dx: 282, w: 44, h: 112, body: "#22c55e", cap: "#0f172a" },
  ];
  return `<g>
    ${bottles
      .map(
        (
          b,
        ) => `<rect x="${x + b.dx}" y="${y - b.h}" width="${b.w}" height="${b.h}" rx="10" fill="${b.body}" opacity="0.9"/>
      <rect x="${x + b.dx + b.w / 2 - 9}" y="${y - b.h - 18}" width="18" height="22" rx="4" fill="${b.cap}"/>
      <rect x="${x + b.dx + 8}" y="${y - b.h + 26}" width="${b.w - 16}" height="${r1(b.h * 0.35)}" rx="4" fill="#ffffff" opacity="0.75"/>
      <rect x="${x + b.dx + 5}" y="${y - b.h + 8}" width="6" height="${b.h - 20}" rx="3" fill="#ffffff" opacity="0.35"/>`,
      )
      .join("")}
    <rect x="${x + 346}" y="${y - 40}" width="70" height="40" rx="6" fill="#1e293b"/>
    <rect x="${x + 342}" y="${y - 50}" width="78" height="14" rx="6" fill="${BRAND_AQUA}"/>
    <rect x="${x - 10}" y="${y}" width="450" height="14" rx="3" fill="#64748b"/>
    <rect x="${x - 10}" y="${y + 14}" width="450" height="8" fill="#000" opacity="0.25"/>
  </g>`;
}

function heroPolishing() {
  const size = 1000;
  const random = createRandom(77);
  const paint = PAINTS[0];
  const shape = "sedan";
  const carScale = 2.1;
  const carX = -380;
  const carY = 930;
  const s = CAR_SHAPES[shape];
  const carOrigin = `translate(${carX} ${carY}) scale(${carScale})`;
  const carMarkup = car(shape, paint, "polish", random, { foam: false });
  const figure = { x: 180, y: 985, scale: 1.55, hand: [150, -196] };
  // The polisher's pad (74 units ahead of the hand) rests on the front door; the paint it has
  // not reached yet, on its left, still has a light haze.
  const pad = [
    r1(figure.x + (figure.hand[0] + 74) * figure.scale),
    r1(figure.y + figure.hand[1] * figure.scale),
  ];

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="studio" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f1d33"/>
      <stop offset="0.7" stop-color="#22344f"/>
      <stop offset="1" stop-color="#111827"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b4656"/>
      <stop offset="1" stop-color="#161c26"/>
    </linearGradient>
    <radialGradient id="shine" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/>
      <stop offset="0.4" stop-color="#ffffff" stop-opacity="0.3"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="hazeFill" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#e5e7eb" stop-opacity="0.32"/>
      <stop offset="1" stop-color="#e5e7eb" stop-opacity="0.12"/>
    </linearGradient>
    <clipPath id="bodyClip"><path d="${s.body}" transform="${carOrigin}"/></clipPath>
    ${materials(paint, "polish")}
    ${FILTERS}
  </defs>
  <rect width="${size}" height="${size}" fill="url(#studio)"/>
  <g filter="url(#haze)" opacity="0.9">
    <rect x="140" y="60" width="300" height="36" rx="18" fill="#e0f2fe"/>
    <rect x="560" y="60" width="300" height="36" rx="18" fill="#e0f2fe"/>
  </g>
  <rect x="150" y="66" width="280" height="22" rx="11" fill="#f8fafc"/>
  <rect x="570" y="66" width="280" height="22" rx="11" fill="#f8fafc"/>
  ${productShelf(540, 340)}
  <rect y="800" width="${size}" height="200" fill="url(#floor)"/>
  <ellipse cx="600" cy="${carY}" rx="720" ry="30" fill="#000" opacity="0.5" filter="url(#blur)"/>
  <g transform="${carOrigin}">${carMarkup}</g>
  <g clip-path="url(#bodyClip)">
    <rect x="0" y="540" width="${r1(pad[0] - 70)}" height="320" fill="url(#hazeFill)"/>
    <ellipse cx="${r1(pad[0] + 150)}" cy="${r1(pad[1] - 20)}" rx="220" ry="76" fill="url(#shine)"/>
    <path d="M${r1(pad[0] + 70)} ${r1(pad[1] - 44)} q160 -26 300 6" stroke="#ffffff" stroke-opacity="0.7" stroke-width="6" fill="none" stroke-linecap="round"/>
  </g>
  <g transform="translate(${figure.x} ${figure.y}) scale(${figure.scale})">${detailer({ skin: "#8d5524", hand: figure.hand, backHand: [140, -236], tool: "polisher" })}</g>
  ${sparkle(700, 640, 26)}${sparkle(820, 720, 16)}${sparkle(610, 560, 12, 0.85)}${sparkle(905, 600, 18)}
  </svg>`;
}

function openGraph() {
  const width = 1200;
  const height = 630;
  const random = createRandom(630);
  const paint = PAINTS[3];
  const font = "Liberation Sans, DejaVu Sans, Arial, sans-serif";
  const bubbles = Array.from({ length: 18 }, () => {
    const x = r1(random() * width);
    const y = r1(random() * height);
    const r = r1(6 + random() * 30);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#bubble)" opacity="${r1(0.08 + random() * 0.14)}"/>`;
  }).join("");
  const carScale = 0.82;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1f44"/>
      <stop offset="1" stop-color="#1a4f9c"/>
    </linearGradient>
    ${materials(paint, "og")}
    ${FILTERS}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#brand)"/>
  ${bubbles}
  <circle cx="122" cy="132" r="42" fill="${BRAND_AQUA}"/>
  <path d="M122 104 q22 30 22 44 a22 22 0 0 1 -44 0 q0 -14 22 -44 Z" fill="#ffffff"/>
  <text x="80" y="262" font-family="${font}" font-size="66" font-weight="700" fill="#ffffff">Lavage Mobile Prestige</text>
  <text x="80" y="326" font-family="${font}" font-size="34" fill="#dbeafe">Le lavage d'auto haut de gamme qui vient à vous</text>
  <rect x="80" y="380" width="470" height="56" rx="28" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-opacity="0.35"/>
  <text x="108" y="417" font-family="${font}" font-size="26" font-weight="700" fill="#ffffff">Granby · Sherbrooke · Gatineau</text>
  <ellipse cx="${r1(650 + (640 * carScale) / 2)}" cy="598" rx="${r1(640 * carScale * 0.52)}" ry="16" fill="#000" opacity="0.45" filter="url(#blur)"/>
  <g transform="translate(650 596) scale(${carScale})">${car("sedan", paint, "og", random, { foam: true })}</g>
  </svg>`;
}

/** WebP for every browser, AVIF (smaller) for those that take it; quality tuned to look alike. */
const ENCODERS = {
  webp: (image) => image.webp({ quality: 70, effort: 6, smartSubsample: true }),
  avif: (image) => image.avif({ quality: 50, effort: 6 }),
};

/** Rasterizes `svg` at each width (drawn at twice the size, then reduced, for clean edges). */
async function write(svg, { name, dir, width, height, widths, formats }) {
  const input = Buffer.from(svg);
  const rows = [];
  for (const [index, target] of widths.entries()) {
    const targetHeight = Math.round((target * height) / width);
    const raster = await sharp(input, { density: 72 * (target / width) * 2 })
      .resize(target, targetHeight)
      .toBuffer();
    for (const format of formats) {
      const file = path.join(dir, `${name}${index === 0 ? "" : `-${target}`}.${format}`);
      await ENCODERS[format](sharp(raster)).toFile(file);
      rows.push(
        `  ${path.relative(process.cwd(), file).padEnd(28)} ${`${target}x${targetHeight}`.padEnd(10)} ${((await stat(file)).size / 1024).toFixed(1)} KB`,
      );
    }
  }
  return rows;
}

async function main() {
  const heroDir = path.join(PUBLIC_DIR, "hero");
  await mkdir(heroDir, { recursive: true });
  const hero = { dir: heroDir, formats: ["avif", "webp"] };
  const rows = [
    ...(await write(heroDriveway(), {
      ...hero,
      name: "hero-1",
      width: 1600,
      height: 1000,
      widths: [1600, 800, 400],
    })),
    ...(await write(heroPolishing(), {
      ...hero,
      name: "hero-2",
      width: 1000,
      height: 1000,
      widths: [1000, 800, 400],
    })),
    ...(await write(openGraph(), {
      name: "og-image",
      dir: PUBLIC_DIR,
      width: 1200,
      height: 630,
      widths: [1200],
      formats: ["webp"],
    })),
  ];
  console.log("Hero and sharing images written:");
  console.log(rows.join("\n"));
}

await main();
