import { boxAround, townsWithin, type Town } from "~/domain/geo/towns";
import { env } from "./env.server";

/** The configured tile server (ADR 053), given to the map components; null = no base layer. */
export interface MapTiles {
  url: string;
  attribution: string;
}

export function mapTiles(): MapTiles | null {
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION } = env();
  if (!MAP_TILE_URL) return null;
  return { url: MAP_TILE_URL, attribution: MAP_TILE_ATTRIBUTION ?? "" };
}

/**
 * The Content-Security-Policy source of a tile URL template: its origin, with `*.` for a `{s}`
 * subdomain ('https://{s}.tile.example.com/{z}/{x}/{y}.png' -> 'https://*.tile.example.com').
 */
export function tileSource(template: string | undefined): string | null {
  if (!template) return null;
  const wildcard = template.includes("{s}.");
  try {
    const url = new URL(template.replace("{s}.", "a.").replace(/\{[a-z]+\}/g, "0"));
    return wildcard ? `${url.protocol}//*.${url.host.slice(2)}` : url.origin;
  } catch {
    return null;
  }
}

/** The towns to name on a map of these zones (ADR 103), biggest first: its guide without tiles. */
export function mapTowns(
  zones: readonly { centerLatitude: number; centerLongitude: number; serviceRadiusKm: number }[],
): Town[] {
  const box = boxAround(
    zones.map((z) => ({
      latitude: z.centerLatitude,
      longitude: z.centerLongitude,
      radiusKm: z.serviceRadiusKm,
    })),
  );
  return box ? townsWithin(box) : [];
}
