import { describe, expect, it } from "vitest";

import { normalizePlaceName, placeTokens } from "./normalize";

describe("normalizePlaceName", () => {
  it("removes accents and folds case", () => {
    expect(normalizePlaceName("Trois-Rivières")).toBe("trois rivieres");
    expect(normalizePlaceName("MONTRÉAL")).toBe("montreal");
    expect(normalizePlaceName("gRaNbY")).toBe("granby");
    expect(normalizePlaceName("Lévis")).toBe("levis");
  });

  it("expands St and Ste to Saint and Sainte, with or without a period", () => {
    expect(normalizePlaceName("St-Alphonse-de-Granby")).toBe("saint alphonse de granby");
    expect(normalizePlaceName("Ste-Catherine")).toBe("sainte catherine");
    expect(normalizePlaceName("St. Jean")).toBe("saint jean");
    expect(normalizePlaceName("STE-ANNE")).toBe("sainte anne");
  });

  it("does not expand words that only start with st", () => {
    expect(normalizePlaceName("Stanstead")).toBe("stanstead");
    expect(normalizePlaceName("Stoke")).toBe("stoke");
  });

  it("treats hyphens, dashes and spaces alike", () => {
    expect(normalizePlaceName("Saint-Alphonse-de-Granby")).toBe(
      normalizePlaceName("Saint Alphonse de Granby"),
    );
    expect(normalizePlaceName("Rosemont–La Petite-Patrie")).toBe("rosemont la petite patrie");
  });

  it("normalises every apostrophe form", () => {
    const expected = "l ange gardien";
    expect(normalizePlaceName("L'Ange-Gardien")).toBe(expected);
    expect(normalizePlaceName("L’Ange-Gardien")).toBe(expected);
    expect(normalizePlaceName("Lʼange gardien")).toBe(expected);
    expect(normalizePlaceName("L Ange Gardien")).toBe(expected);
  });

  it("collapses spaces and trims", () => {
    expect(normalizePlaceName("   Saint   -  Jean  ")).toBe("saint jean");
    expect(normalizePlaceName("   ")).toBe("");
  });

  it("keeps digits and splits on commas", () => {
    expect(placeTokens("1234 rue Sherbrooke Ouest, Montréal")).toEqual([
      "1234",
      "rue",
      "sherbrooke",
      "ouest",
      "montreal",
    ]);
  });

  it("folds ligatures", () => {
    expect(normalizePlaceName("Œuvre")).toBe("oeuvre");
  });
});
