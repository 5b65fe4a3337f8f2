#!/usr/bin/env node
/**
 * Generates the illustrations of the three booking extras (app/server/seed/seed-data.ts UPSELLS) from SVG
 * scenes composed in code: no network, no stock photo, the same files on every run.
 *
 *   public/upsells/aquapel.webp           480x320  a windshield with water beading off it
 *   public/upsells/protecteur-cuir.webp   480x320  a stitched leather seat with a protective sheen
 *   public/upsells/cire-liquide.webp      480x320  a bottle of liquid wax and a shining paint panel
 *
 * The success page (app/routes/booking/success.tsx) shows them at this size.
 *
 * Usage: node scripts/generate-upsell-images.mjs
 */
import { Buffer } from "node:buffer";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import sharp from "sharp";

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "upsells");
const WIDTH = 480;
const HEIGHT = 320;

/** A deterministic pseudo-random generator (mulberry32), so every run draws the same scene. */
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (value) => Math.round(value * 10) / 10;

/** A four-pointed glint. */
function sparkle(x, y, size, opacity = 0.95) {
  const k = size;
  const q = k * 0.22;
  return `<path d="M${x} ${y - k} L${x + q} ${y - q} L${x + k} ${y} L${x + q} ${y + q} L${x} ${y + k} L${x - q} ${y + q} L${x - k} ${y} L${x - q} ${y - q} Z" fill="#ffffff" opacity="${opacity}"/>`;
}

function svg(defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><defs>${defs}</defs>${body}</svg>`;
}

/** Rain on a windshield: the treated half beads into round drops, a wiper-free clear view. */
function aquapel() {
  const random = createRandom(20);
  const drops = Array.from({ length: 70 }, () => {
    const x = r1(70 + random() * 340);
    const y = r1(70 + random() * 190);
    const r = r1(3 + random() * 9);
    return `<g><ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r1(r * 0.92)}" fill="url(#drop)"/><ellipse cx="${r1(x - r * 0.35)}" cy="${r1(y - r * 0.4)}" rx="${r1(r * 0.3)}" ry="${r1(r * 0.2)}" fill="#ffffff" opacity="0.85"/></g>`;
  }).join("");
  const defs = `
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c4a6e"/><stop offset="1" stop-color="#38bdf8"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#bae6fd" stop-opacity="0.55"/><stop offset="0.5" stop-color="#e0f2fe" stop-opacity="0.25"/><stop offset="1" stop-color="#7dd3fc" stop-opacity="0.5"/></linearGradient>
    <radialGradient id="drop" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#f0f9ff" stop-opacity="0.95"/><stop offset="0.6" stop-color="#7dd3fc" stop-opacity="0.7"/><stop offset="1" stop-color="#0369a1" stop-opacity="0.8"/></radialGradient>
    <clipPath id="shield"><path d="M60 60 Q240 30 420 60 L450 270 Q240 290 30 270 Z"/></clipPath>`;
  const body = `
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <path d="M0 250 Q120 220 240 238 T480 230 L480 320 L0 320 Z" fill="#075985" opacity="0.6"/>
    <path d="M52 54 Q240 22 428 54 L462 278 Q240 300 18 278 Z" fill="#0f172a"/>
    <path d="M60 60 Q240 30 420 60 L450 270 Q240 290 30 270 Z" fill="url(#glass)"/>
    <g clip-path="url(#shield)">${drops}
      <path d="M90 70 L200 70 L120 270 L40 270 Z" fill="#ffffff" opacity="0.12"/>
    </g>
    <path d="M0 300 Q240 286 480 300 L480 320 L0 320 Z" fill="#1e293b"/>
    ${sparkle(380, 90, 14)}${sparkle(112, 120, 9, 0.8)}`;
  return svg(defs, body);
}

/** A leather seat in cognac with stitching and a shield of protection. */
function leather() {
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c1917"/><stop offset="1" stop-color="#44403c"/></linearGradient>
    <linearGradient id="hide" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b45309"/><stop offset="0.55" stop-color="#92400e"/><stop offset="1" stop-color="#78350f"/></linearGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    <linearGradient id="shieldFill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset="1" stop-color="#0369a1"/></linearGradient>`;
  const stitches = (d) =>
    `<path d="${d}" fill="none" stroke="#fde68a" stroke-width="2" stroke-dasharray="6 5" opacity="0.8"/>`;
  const body = `
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
    <rect x="180" y="56" width="8" height="18" fill="#a8a29e"/><rect x="232" y="56" width="8" height="18" fill="#a8a29e"/>
    <rect x="150" y="22" width="120" height="40" rx="16" fill="url(#hide)"/>
    <path d="M120 70 Q210 56 300 70 L312 206 Q210 222 108 206 Z" fill="url(#hide)"/>
    ${stitches("M130 80 Q210 68 290 80 L300 198 Q210 212 120 198 Z")}
    <path d="M180 74 L176 210" stroke="#78350f" stroke-width="3"/><path d="M240 74 L244 210" stroke="#78350f" stroke-width="3"/>
    <path d="M92 214 Q210 196 328 214 L350 286 Q210 306 70 286 Z" fill="url(#hide)"/>
    ${stitches("M102 224 Q210 208 318 224 L336 278 Q210 296 84 278 Z")}
    <path d="M150 76 L190 76 L160 206 L126 206 Z" fill="url(#sheen)"/>
    <path d="M372 96 L426 114 L426 170 Q426 212 372 236 Q318 212 318 170 L318 114 Z" fill="url(#shieldFill)" stroke="#e0f2fe" stroke-width="3"/>
    <path d="M348 166 L366 186 L400 146" fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
    ${sparkle(300, 60, 12)}${sparkle(438, 82, 8, 0.8)}`;
  return svg(defs, body);
}

/** A bottle of liquid wax next to a mirror-like paint panel with a wax swirl. */
function wax() {
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#082f49"/><stop offset="1" stop-color="#0c4a6e"/></linearGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dc2626"/><stop offset="0.5" stop-color="#b91c1c"/><stop offset="1" stop-color="#7f1d1d"/></linearGradient>
    <linearGradient id="gloss" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    <linearGradient id="bottle" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#facc15"/><stop offset="0.45" stop-color="#fde68a"/><stop offset="1" stop-color="#ca8a04"/></linearGradient>`;
  const body = `
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
    <path d="M0 120 Q200 70 480 110 L480 320 L0 320 Z" fill="url(#paint)"/>
    <path d="M0 150 Q220 100 480 140 L480 168 Q220 128 0 178 Z" fill="url(#gloss)"/>
    <path d="M60 250 q40 -46 90 -20 t60 26 q-30 30 -80 12" fill="none" stroke="#fecaca" stroke-width="6" stroke-linecap="round" opacity="0.7"/>
    <rect x="322" y="58" width="38" height="28" rx="6" fill="#0f172a"/>
    <path d="M314 86 L368 86 L380 112 L302 112 Z" fill="#1e293b"/>
    <rect x="290" y="110" width="102" height="170" rx="18" fill="url(#bottle)"/>
    <rect x="304" y="160" width="74" height="64" rx="8" fill="#0c4a6e"/>
    <path d="M318 200 q23 -30 46 0" fill="none" stroke="#7dd3fc" stroke-width="5" stroke-linecap="round"/>
    <circle cx="341" cy="182" r="7" fill="#e0f2fe"/>
    <rect x="302" y="120" width="14" height="150" rx="7" fill="#ffffff" opacity="0.35"/>
    ${sparkle(120, 150, 16)}${sparkle(220, 120, 10, 0.85)}${sparkle(430, 150, 12, 0.9)}${sparkle(180, 220, 7, 0.7)}`;
  return svg(defs, body);
}

const IMAGES = [
  ["aquapel.webp", aquapel()],
  ["protecteur-cuir.webp", leather()],
  ["cire-liquide.webp", wax()],
];

await mkdir(OUT_DIR, { recursive: true });
for (const [name, markup] of IMAGES) {
  const file = path.join(OUT_DIR, name);
  await sharp(Buffer.from(markup)).webp({ quality: 82 }).toFile(file);
  const { size } = await stat(file);
  console.log(`${path.relative(process.cwd(), file)}  ${WIDTH}x${HEIGHT}  ${(size / 1024).toFixed(1)} KiB`);
}
