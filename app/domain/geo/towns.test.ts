import { describe, expect, it } from "vitest";
import { boxAround, searchTowns, townByKey, townSlug, townsWithin } from "./towns";

describe("town search of the offline geodata", () => {
  it("finds a town by the start of its name, accents and case aside", () => {
    const [granby] = searchTowns("granb");
    expect(granby).toMatchObject({ name: "Granby" });
    expect(granby!.latitude).toBeCloseTo(45.4, 0);
    expect(searchTowns("SHERBROOKE").map((town) => town.name)).toContain("Sherbrooke");
    expect(searchTowns("trois rivieres")[0]?.name).toBe("Trois-Rivières");
  });

  it("says nothing for one letter and gives at most the limit", () => {
    expect(searchTowns("g")).toEqual([]);
    expect(searchTowns("saint", 5)).toHaveLength(5);
  });

  it("gives a town back by its key, with an address-friendly slug", () => {
    const town = townByKey(searchTowns("trois rivieres")[0]!.key)!;
    expect(townSlug(town)).toBe("trois-rivieres");
    expect(townByKey("nowhere")).toBeNull();
  });
});

describe("towns to label a map with", () => {
  const granby = { latitude: 45.4001, longitude: -72.7324, radiusKm: 25 };

  it("boxes zones by their radius and stops by their point", () => {
    const box = boxAround([granby], [{ latitude: 45.2, longitude: -72.75 }])!;
    expect(box.north).toBeCloseTo(45.4001 + 25 / 111.32, 4);
    expect(box.south).toBeCloseTo(45.4001 - 25 / 111.32, 4);
    expect(box.east - box.west).toBeCloseTo((2 * 25) / (111.32 * Math.cos((45.4001 * Math.PI) / 180)), 4);
    expect(boxAround([])).toBeNull();
    expect(boxAround([], [{ latitude: 45, longitude: -72 }])).toEqual({
      south: 45,
      north: 45,
      west: -72,
      east: -72,
    });
  });

  it("gives the towns around Granby's zone biggest first, without aliases, within the limit", () => {
    const names = townsWithin(boxAround([granby])!).map((town) => town.name);
    expect(names.slice(0, 2)).toEqual(["Granby", "Saint-Hyacinthe"]);
    expect(names).toContain("Bromont");
    expect(names).toContain("Waterloo");
    expect(names).not.toContain("Sherbrooke");
    expect(names).not.toContain("Montréal");
    expect(names.indexOf("Granby")).toBeLessThan(names.indexOf("Waterloo"));
    expect(townsWithin(boxAround([granby])!, 5)).toHaveLength(5);
  });

  it("leaves out former names that now point at a city (Hull, Aylmer are Gatineau)", () => {
    const names = townsWithin({ south: 45.3, north: 45.6, west: -75.9, east: -75.6 }).map((t) => t.name);
    expect(names[0]).toBe("Gatineau");
    expect(names.filter((name) => name === "Gatineau")).toHaveLength(1);
  });
});
