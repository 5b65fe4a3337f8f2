import { describe, expect, it } from "vitest";
import { projectZones, type MapZone } from "./zone-geometry";

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
});
