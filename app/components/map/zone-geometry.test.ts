import { describe, expect, it } from "vitest";
import { projection, projectZones, type MapZone } from "./zone-geometry";

const zone = (id: string, latitude: number, longitude: number, radiusKm = 25): MapZone => ({
  id,
  name: id,
  latitude,
  longitude,
  radiusKm,
  status: "active",
});

describe("projectZones", () => {
  it("fits every circle inside the box, west to the left and north at the top", () => {
    const [granby, gatineau, troisRivieres] = projectZones(
      [zone("granby", 45.4, -72.73), zone("gatineau", 45.48, -75.7), zone("trois-rivieres", 46.35, -72.55)],
      600,
      300,
    );
    for (const p of [granby!, gatineau!, troisRivieres!]) {
      expect(p.cx - p.r).toBeGreaterThanOrEqual(15.99);
      expect(p.cx + p.r).toBeLessThanOrEqual(584.01);
      expect(p.cy - p.r).toBeGreaterThanOrEqual(15.99);
      expect(p.cy + p.r).toBeLessThanOrEqual(284.01);
    }
    expect(gatineau!.cx).toBeLessThan(granby!.cx);
    expect(troisRivieres!.cy).toBeLessThan(granby!.cy);
    expect(granby!.r).toBeCloseTo(gatineau!.r);
  });

  it("centres a single zone", () => {
    const [only] = projectZones([zone("magog", 45.27, -72.15, 10)], 400, 200);
    expect(only!.cx).toBeCloseTo(200);
    expect(only!.cy).toBeCloseTo(100);
    expect(projectZones([], 400, 200)).toEqual([]);
  });

  it("fits a day's route when asked, the zone drawn around it", () => {
    const granby = zone("granby", 45.4001, -72.7324, 25);
    const stops = [
      { latitude: 45.4001, longitude: -72.7324 },
      { latitude: 45.2, longitude: -72.75 },
    ];
    const { zones, point } = projection([granby], 480, 270, 16, stops, true);
    const [base, cowansville] = stops.map(point);
    for (const p of [base!, cowansville!]) {
      expect(p.y).toBeGreaterThanOrEqual(15.99);
      expect(p.y).toBeLessThanOrEqual(254.01);
    }
    expect(cowansville!.y - base!.y).toBeGreaterThan(200);
    // The zone's circle is taller than the drawing: cut at its edges.
    expect(2 * zones[0]!.r).toBeGreaterThan(270);
    // One stop: at least a few kilometres around it, not a street.
    const one = projection([granby], 480, 270, 16, [stops[0]!], true);
    expect(one.zones[0]!.r).toBeLessThan(25 * 270);
    expect(one.point(stops[0]!)).toEqual({ x: 240, y: 135 });
  });
});
