import { describe, expect, it } from "vitest";

import { locate, matchMunicipality } from "./locate";

function point(text: string) {
  const result = locate(text);
  if (result.kind !== "point") throw new Error(`${text}: expected a point, got ${result.kind}`);
  return result;
}

describe("locate with a postal code", () => {
  it("places a full code or a lone FSA at the FSA centre", () => {
    expect(point("J2G 1A1")).toEqual({
      kind: "point",
      lat: 45.4109,
      lon: -72.7103,
      label: "J2G 1A1",
      source: "fsa",
      postalCode: "J2G 1A1",
    });
    expect(point("j2h")).toMatchObject({ source: "fsa", label: "J2H", postalCode: "J2H" });
  });

  it("has the FSAs added or corrected by the build (docs/geodata.md)", () => {
    expect(point("J1C 1A1")).toMatchObject({ lat: 45.48, lon: -71.95 });
    expect(point("J1R")).toMatchObject({ lat: 45.4, lon: -72.04 });
    expect(point("J2M")).toMatchObject({ lat: 45.35, lon: -72.57 });
    expect(point("J9B")).toMatchObject({ lat: 45.5, lon: -75.78 });
  });

  it("refuses any code outside Quebec, even with a Quebec town in the text", () => {
    expect(locate("K1P 1J1")).toEqual({ kind: "outside-quebec", postalCode: "K1P 1J1" });
    expect(locate("100 rue Wellington, Gatineau K2P")).toEqual({ kind: "outside-quebec", postalCode: "K2P" });
    expect(locate("M5V 3L9")).toMatchObject({ kind: "outside-quebec" });
  });

  it("keeps an urban FSA centre over the town named with it, labelled with the town", () => {
    // Masson-Angers is in Gatineau, but J8M sits 25.7 km from the zone centre.
    expect(point("Masson-Angers, Gatineau J8M 1A1")).toMatchObject({
      source: "fsa",
      label: "Gatineau",
      lat: expect.closeTo(45.5, 0) as number,
    });
  });

  it("prefers a named town's point over a rural FSA centre", () => {
    expect(point("12 rue Foster, Waterloo J0E 2N0")).toMatchObject({
      source: "municipality",
      label: "Waterloo",
      lat: 45.3501,
      lon: -72.5158,
      postalCode: "J0E 2N0",
    });
  });

  it("keeps the rural FSA centre when the town named is far from it", () => {
    expect(point("Magog J0E 2N0")).toMatchObject({ source: "fsa", label: "J0E 2N0" });
  });

  it("ignores invalid codes", () => {
    for (const text of ["D2G 1A1", "W2G 1A1", "J2G 1A", "JJJ 111"])
      expect(locate(text)).toEqual({ kind: "unknown" });
  });

  it("drops H0H (latitude 90 in the package)", () => {
    expect(locate("H0H 0H0")).toEqual({ kind: "unknown" });
  });
});

describe("locate with a municipality name", () => {
  it("matches names with accents and case ignored", () => {
    for (const text of ["Granby", "granby", "GRANBY", "  Grànby  "]) {
      expect(point(text)).toMatchObject({ label: "Granby", source: "municipality" });
    }
    expect(point("trois rivieres")).toMatchObject({ label: "Trois-Rivières" });
    expect(point("St-Jean-sur-Richelieu")).toMatchObject({ label: "Saint-Jean-sur-Richelieu" });
  });

  it("maps former municipalities to their city", () => {
    expect(point("Hull")).toMatchObject({ label: "Gatineau" });
    expect(point("123 rue Principale, Aylmer")).toMatchObject({ label: "Gatineau" });
    expect(point("Lennoxville")).toMatchObject({ label: "Sherbrooke" });
    expect(point("Fleurimont")).toMatchObject({ label: "Sherbrooke" });
    expect(point("Cap-de-la-Madeleine")).toMatchObject({ label: "Trois-Rivières" });
  });

  it("takes the right-most name: a street named after a town is not the town", () => {
    expect(point("1234 rue Sherbrooke Ouest, Montréal")).toMatchObject({ label: "Montréal" });
    expect(point("55 rue de Granby, Sherbrooke")).toMatchObject({ label: "Sherbrooke" });
  });

  it("reads a trailing Québec as the province", () => {
    expect(point("123 rue Principale, Granby, Québec")).toMatchObject({ label: "Granby" });
    expect(point("Québec")).toMatchObject({ label: "Québec" });
  });

  it("does not match a name inside a longer one", () => {
    expect(locate("Saint-Alphonse-de-Granby")).toEqual({
      kind: "needs-postal-code",
      reason: "no-coordinates",
    });
    expect(locate("St-Alphonse-de-Granby")).toMatchObject({ kind: "needs-postal-code" });
    expect(matchMunicipality("Saint-Alphonse-de-Granby")?.key).toBe("saint alphonse de granby");
  });

  it("asks for the postal code for a name shared by several municipalities", () => {
    expect(locate("Sainte-Catherine")).toEqual({
      kind: "needs-postal-code",
      reason: "ambiguous",
      label: "Sainte-Catherine",
    });
    expect(locate("L’Ange-Gardien")).toMatchObject({ kind: "needs-postal-code", reason: "ambiguous" });
    // Ange-Gardien (Montérégie) is a different, single municipality.
    expect(point("Ange-Gardien")).toMatchObject({ label: "Ange-Gardien" });
  });

  it("resolves an ambiguous name with a postal code", () => {
    expect(point("Sainte-Catherine J5A")).toMatchObject({ source: "fsa" });
  });

  it("falls back to a named town when the FSA is missing from the data, else unknown", () => {
    expect(point("Granby J5C")).toMatchObject({ source: "municipality", label: "Granby", postalCode: "J5C" });
    expect(locate("Sainte-Catherine J5C 1A1")).toEqual({ kind: "unknown" });
  });

  it("returns unknown when nothing matches and empty for blank text", () => {
    expect(locate("123 rue Inconnue")).toEqual({ kind: "unknown" });
    expect(locate("")).toEqual({ kind: "empty" });
    expect(locate("   \t ")).toEqual({ kind: "empty" });
  });
});
