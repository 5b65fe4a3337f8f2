import { describe, expect, it } from "vitest";

import { checkServiceArea, haversineKm, isActiveZone, type ServiceZone } from "./zones";

const zones: ServiceZone[] = [
  zone("Granby", "granby", 45.4001, -72.7324, "active"),
  zone("Sherbrooke", "sherbrooke", 45.4001, -71.8991, "active"),
  zone("Gatineau", "gatineau", 45.4281, -75.7107, "active"),
  {
    ...zone("Trois-Rivières", "trois-rivieres", 46.3431, -72.5433, "seeking_franchisee"),
    statusLabel: "Retour en 2026",
  },
];

function zone(zoneName: string, routeSlug: string, lat: number, lon: number, status: string): ServiceZone {
  return { zoneName, routeSlug, centerLatitude: lat, centerLongitude: lon, serviceRadiusKm: 25, status };
}

describe("haversineKm", () => {
  it("is zero for the same point and symmetric", () => {
    const granby = { lat: 45.4001, lon: -72.7324 };
    const sherbrooke = { lat: 45.4001, lon: -71.8991 };
    expect(haversineKm(granby, granby)).toBe(0);
    expect(haversineKm(granby, sherbrooke)).toBeCloseTo(haversineKm(sherbrooke, granby), 10);
  });

  it("measures known distances", () => {
    // Granby to Sherbrooke along the parallel: about 65 km.
    expect(haversineKm({ lat: 45.4001, lon: -72.7324 }, { lat: 45.4001, lon: -71.8991 })).toBeCloseTo(
      65.1,
      0,
    );
    // One degree of latitude: about 111.2 km.
    expect(haversineKm({ lat: 45, lon: -73 }, { lat: 46, lon: -73 })).toBeCloseTo(111.2, 0);
  });
});

describe("checkServiceArea", () => {
  it("finds the active zone containing the point", () => {
    const check = checkServiceArea({ lat: 45.4109, lon: -72.7103 }, zones);
    expect(check.zone?.zone.routeSlug).toBe("granby");
    expect(check.zone?.distanceKm).toBeLessThan(3);
    expect(check.nearest?.zone.routeSlug).toBe("granby");
  });

  it("counts the radius itself as inside", () => {
    const onEdge = [
      {
        ...zones[0]!,
        serviceRadiusKm: haversineKm({ lat: 45.5, lon: -72.7324 }, { lat: 45.4001, lon: -72.7324 }),
      },
    ];
    expect(checkServiceArea({ lat: 45.5, lon: -72.7324 }, onEdge).zone).not.toBeNull();
  });

  it("returns no zone but the nearest one when the point is outside every circle", () => {
    const montreal = { lat: 45.5088, lon: -73.5878 };
    const check = checkServiceArea(montreal, zones);
    expect(check.zone).toBeNull();
    expect(check.containing).toEqual([]);
    expect(check.nearest?.zone.routeSlug).toBe("granby");
    expect(check.nearest?.distanceKm).toBeGreaterThan(60);
  });

  it("does not return a zone that is not active, but lists it as containing", () => {
    const check = checkServiceArea({ lat: 46.3451, lon: -72.5477 }, zones);
    expect(check.zone).toBeNull();
    expect(check.containing.map((d) => d.zone.routeSlug)).toEqual(["trois-rivieres"]);
    expect(check.nearest?.contains).toBe(true);
  });

  it("takes the nearest active zone when circles overlap", () => {
    const wide = zones.map((z) => ({ ...z, serviceRadiusKm: 100 }));
    const nearSherbrooke = { lat: 45.4, lon: -72.0 };
    expect(checkServiceArea(nearSherbrooke, wide).zone?.zone.routeSlug).toBe("sherbrooke");
    expect(checkServiceArea(nearSherbrooke, wide).containing).toHaveLength(2);
  });

  it("handles no zones", () => {
    expect(checkServiceArea({ lat: 45.4, lon: -72.7 }, [])).toEqual({
      zone: null,
      nearest: null,
      containing: [],
    });
  });

  it("knows which status is bookable", () => {
    expect(isActiveZone(zones[0]!)).toBe(true);
    expect(isActiveZone(zones[3]!)).toBe(false);
  });
});
