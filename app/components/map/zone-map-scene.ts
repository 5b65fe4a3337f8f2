import { mapScene, type Box, townBudget, type Scene } from "./map-labels";
import { type MapZone } from "./zone-geometry";

// What a zone map shows, whoever draws it (the first paint's SVG or Leaflet): the routes and towns
// it takes, the zones' colours, and the scene of names and stops placed apart (ADR 103).

/** A member's day drawn on the map: the base, then the stops in order, joined by a line. */
export interface MapRoute {
  id: string;
  /** Legend text, e.g. the member's name. */
  label: string;
  colour: string;
  /** The start (the base, `number` null) then each stop (`number` 1, 2, 3...). */
  points: { latitude: number; longitude: number; number: number | null; title: string }[];
}

/** A town of the offline geodata, named on the map (ADR 103). */
export interface MapTown {
  name: string;
  latitude: number;
  longitude: number;
}

export const COLOURS = { active: "#0072B2", seeking_franchisee: "#D55E00" } as const;
export const FONT = { zone: 14, town: 12 };

/** The scene of a drawing `width` x `height`, given how it places a point (SVG or Leaflet). */
export function sceneOf(
  zones: readonly MapZone[],
  routes: readonly MapRoute[],
  towns: readonly MapTown[],
  width: number,
  height: number,
  place: (p: { latitude: number; longitude: number }) => { x: number; y: number },
  reserved: readonly Box[] = [],
): Scene {
  return mapScene({
    reserved,
    width,
    height,
    zones: zones.map((zone) => ({ id: zone.id, name: zone.name, ...xy(place(zone)) })),
    routes: routes.map((route) => ({
      id: route.id,
      stops: route.points.flatMap((p) => (p.number === null ? [] : [{ ...xy(place(p)), number: p.number }])),
      bases: route.points.filter((p) => p.number === null).map((p) => xy(place(p))),
      line: route.points.map((p) => xy(place(p))),
    })),
    towns: towns.map((town) => ({ name: town.name, ...xy(place(town)) })),
    maxTowns: townBudget(width, height),
    fontSize: FONT,
  });
}

function xy(point: { x: number; y: number }): { x: number; y: number } {
  return { x: point.x, y: point.y };
}
