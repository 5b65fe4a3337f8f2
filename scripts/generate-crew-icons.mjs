#!/usr/bin/env node
/**
 * Generates the icons of the crew's installable app (issue 32, ADR 089) from the brand mark
 * (public/favicon.svg): the same drop on the same blue, as PNG files the phones ask for.
 *
 *   public/crew/icon-192.png           192x192  rounded square, as the favicon
 *   public/crew/icon-512.png           512x512  rounded square, as the favicon
 *   public/crew/icon-maskable-512.png  512x512  full bleed, the drop inside the 80 % safe zone
 *
 * Usage: node scripts/generate-crew-icons.mjs
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import sharp from "sharp";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "public", "crew");
const mark = (await readFile(path.join(ROOT, "public", "favicon.svg"), "utf8")).trim();

/** The favicon's drop and highlight, scaled into a square with no rounded corners (maskable). */
function maskable() {
  const inner = mark
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "")
    .replace(/<rect[^>]*\/>/, "");
  // The drop fills about 34 of 64 units: scaled by 0.7 around the centre it stays in the safe zone.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1d4f91"/><g transform="translate(9.6 9.6) scale(0.7)">${inner}</g></svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, svg: mark },
  { file: "icon-512.png", size: 512, svg: mark },
  { file: "icon-maskable-512.png", size: 512, svg: maskable() },
];
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT_DIR, file));
  console.log(`${file} ${size}x${size}`);
}
