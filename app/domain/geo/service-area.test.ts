import { describe, expect, it } from "vitest";

import { decideFromLocation, decideServiceArea } from "./service-area";
import type { ServiceZone } from "./zones";

function zone(zoneName: string, routeSlug: string, lat: number, lon: number): ServiceZone {
  return {
    zoneName,
    routeSlug,
    centerLatitude: lat,
    centerLongitude: lon,
    serviceRadiusKm: 25,
    status: "active",
  };
}

const zones: ServiceZone[] = [
  zone("Granby", "granby", 45.4001, -72.7324),
  zone("Sherbrooke", "sherbrooke", 45.4001, -71.8991),
  zone("Gatineau", "gatineau", 45.4281, -75.7107),
  {
    ...zone("Trois-Rivières", "trois-rivieres", 46.3431, -72.5433),
    status: "seeking_franchisee",
    statusLabel: "Retour en 2026",
  },
];

describe("decideServiceArea: postal codes of docs/geodata.md", () => {
  it.each(["J2G", "J2H", "J2J"])("%s is in Granby", (fsa) => {
    expect(decideServiceArea(`${fsa} 1A1`, zones)).toMatchObject({
      inArea: true,
      code: "IN_AREA",
      zone: { zoneName: "Granby", routeSlug: "granby" },
      city: "Granby",
    });
  });

  it.each(["J1E", "J1G", "J1H", "J1J", "J1K", "J1L", "J1M", "J1N"])("%s is in Sherbrooke", (fsa) => {
    expect(decideServiceArea(fsa, zones)).toMatchObject({
      code: "IN_AREA",
      zone: { routeSlug: "sherbrooke" },
    });
  });

  it.each(["J8T", "J8V", "J8X", "J8Y", "J8Z", "J9A", "J9H", "J9J"])("%s is in Gatineau", (fsa) => {
    expect(decideServiceArea(fsa, zones)).toMatchObject({ code: "IN_AREA", zone: { routeSlug: "gatineau" } });
  });

  it.each(["G8T", "G8V", "G8W", "G8Y", "G8Z", "G9A"])(
    "%s is in Trois-Rivières, a zone not active yet",
    (fsa) => {
      expect(decideServiceArea(`${fsa} 1A1`, zones)).toEqual({
        inArea: false,
        code: "ZONE_NOT_ACTIVE",
        zone: { zoneName: "Trois-Rivières", routeSlug: "trois-rivieres", statusLabel: "Retour en 2026" },
        city: "Trois-Rivières",
        distanceKm: expect.any(Number) as number,
        served: ["Gatineau", "Granby", "Sherbrooke"],
      });
    },
  );

  it("H2X (Montréal) and G1R (Québec) are out of area", () => {
    expect(decideServiceArea("H2X 1Y4", zones)).toMatchObject({
      inArea: false,
      code: "OUT_OF_AREA",
      served: ["Gatineau", "Granby", "Sherbrooke"],
    });
    expect(decideServiceArea("G1R 4P5", zones)).toMatchObject({ inArea: false, code: "OUT_OF_AREA" });
  });

  it("K1P and K2P (Ottawa, inside Gatineau's circle) are outside Quebec", () => {
    // A place not served names the active zones, in alphabetical order (issue 33).
    const outside = { inArea: false, code: "OUTSIDE_QUEBEC", served: ["Gatineau", "Granby", "Sherbrooke"] };
    expect(decideServiceArea("K1P 1J1", zones)).toEqual(outside);
    expect(decideServiceArea("k2p0a1", zones)).toEqual(outside);
    expect(decideServiceArea("Gatineau K1P", zones)).toMatchObject({ code: "OUTSIDE_QUEBEC" });
  });

  it("Buckingham (J8L, 29.5 km) and Masson-Angers (J8M, 25.7 km) are outside Gatineau's 25 km", () => {
    const buckingham = decideServiceArea("J8L 2A1", zones);
    expect(buckingham).toMatchObject({ inArea: false, code: "OUT_OF_AREA" });
    expect(buckingham.distanceKm).toBeCloseTo(29.5, 0);
    const masson = decideServiceArea("Masson-Angers, Gatineau J8M 1A1", zones);
    expect(masson).toMatchObject({ inArea: false, code: "OUT_OF_AREA" });
    expect(masson.distanceKm).toBeCloseTo(25.7, 0);
  });

  it.each(["j2g1a1", "J2G-1A1", " j2g 1a1 ", "J2G 1A1", "123 rue Principale, Granby QC J2G 1A1"])(
    "reads %j as a Granby code",
    (text) => {
      expect(decideServiceArea(text, zones)).toMatchObject({
        code: "IN_AREA",
        zone: { routeSlug: "granby" },
      });
    },
  );

  it.each(["D2G 1A1", "W2G 1A1", "J2G 1A", "JJJ 111"])("does not read the invalid code %j", (text) => {
    expect(decideServiceArea(text, zones)).toEqual({ inArea: false, code: "UNKNOWN_PLACE" });
  });
});

describe("decideServiceArea: names", () => {
  it.each(["granby", "GRANBY", "Grànby", "  Granby  "])("%j is Granby", (text) => {
    expect(decideServiceArea(text, zones)).toMatchObject({ inArea: true, code: "IN_AREA", city: "Granby" });
  });

  it("Hull and Aylmer are Gatineau, Lennoxville is Sherbrooke", () => {
    expect(decideServiceArea("Hull", zones)).toMatchObject({ code: "IN_AREA", city: "Gatineau" });
    expect(decideServiceArea("Aylmer", zones)).toMatchObject({ code: "IN_AREA", city: "Gatineau" });
    expect(decideServiceArea("Lennoxville", zones)).toMatchObject({ code: "IN_AREA", city: "Sherbrooke" });
  });

  it("Saint-Alphonse-de-Granby is not Granby: it asks for the postal code", () => {
    expect(decideServiceArea("Saint-Alphonse-de-Granby", zones)).toEqual({
      inArea: false,
      code: "NEEDS_POSTAL_CODE",
    });
  });

  it("a Montréal address on rue Sherbrooke is Montréal, out of area", () => {
    expect(decideServiceArea("1234 rue Sherbrooke Ouest, Montréal", zones)).toMatchObject({
      inArea: false,
      code: "OUT_OF_AREA",
      city: "Montréal",
    });
  });

  it("an ambiguous name asks for the postal code", () => {
    expect(decideServiceArea("Sainte-Catherine", zones)).toMatchObject({
      code: "NEEDS_POSTAL_CODE",
      city: "Sainte-Catherine",
    });
  });

  it("a town in a zone not active yet", () => {
    expect(decideServiceArea("Trois-Rivières", zones)).toMatchObject({
      inArea: false,
      code: "ZONE_NOT_ACTIVE",
      zone: { statusLabel: "Retour en 2026" },
    });
  });

  it("an unknown place and an empty text", () => {
    expect(decideServiceArea("123 rue Inconnue", zones)).toEqual({ inArea: false, code: "UNKNOWN_PLACE" });
    expect(decideServiceArea("", zones)).toEqual({ inArea: false, code: "EMPTY" });
    expect(decideServiceArea("   ", zones)).toEqual({ inArea: false, code: "EMPTY" });
  });
});

describe("decideServiceArea: zones decide", () => {
  it("a zone turned active becomes bookable; a zone turned off stops being", () => {
    const allActive = zones.map((z) => ({ ...z, status: "active" }));
    expect(decideServiceArea("G9A", allActive)).toMatchObject({ inArea: true, code: "IN_AREA" });
    const granbyOff = zones.map((z) =>
      z.routeSlug === "granby" ? { ...z, status: "seeking_franchisee" } : z,
    );
    expect(decideServiceArea("Granby", granbyOff)).toMatchObject({ inArea: false, code: "ZONE_NOT_ACTIVE" });
    expect(decideServiceArea("Granby", [])).toMatchObject({ inArea: false, code: "OUT_OF_AREA" });
  });

  it("decides from a point given by any geocoder", () => {
    expect(
      decideFromLocation({ kind: "point", lat: 45.4, lon: -72.73, label: "Granby", source: "fsa" }, zones),
    ).toMatchObject({ code: "IN_AREA", zone: { routeSlug: "granby" } });
  });
});
