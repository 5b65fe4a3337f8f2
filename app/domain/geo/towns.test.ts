import { describe, expect, it } from "vitest";
import { searchTowns, townByKey, townSlug } from "./towns";

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
