import { describe, expect, it } from "vitest";

import { findPostalCode, fsaOf, isQuebecPostalCode, parsePostalCode, provinceOf } from "./postal-code";

describe("parsePostalCode", () => {
  it.each([
    ["J2G 1A1", "J2G 1A1"],
    ["j2g1a1", "J2G 1A1"],
    ["J2G-1A1", "J2G 1A1"],
    [" j2g 1a1 ", "J2G 1A1"],
    ["k1p 1j1", "K1P 1J1"],
    ["H2X 3Y7", "H2X 3Y7"],
    ["T2W 1Z9", "T2W 1Z9"],
  ])("accepts %j as %j", (input, expected) => {
    expect(parsePostalCode(input)).toBe(expected);
  });

  it.each([
    ["D2G 1A1", "D never appears"],
    ["J2F 1A1", "F never appears"],
    ["J2G 1I1", "I never appears"],
    ["O2G 1A1", "O never appears"],
    ["J2Q 1A1", "Q never appears"],
    ["U2G 1A1", "U never appears"],
    ["W2G 1A1", "W never comes first"],
    ["Z2G 1A1", "Z never comes first"],
    ["J2G 1A", "too short"],
    ["J2G 1A12", "too long"],
    ["JJJ 111", "wrong pattern"],
    ["J2G  1A1", "two spaces"],
    ["J2G_1A1", "wrong separator"],
    ["", "empty"],
    ["   ", "whitespace"],
    ["J2G", "a lone FSA is not a full code"],
  ])("refuses %j (%s)", (input) => {
    expect(parsePostalCode(input)).toBeNull();
  });
});

describe("findPostalCode", () => {
  it("extracts a full code from an address", () => {
    expect(findPostalCode("123 rue Principale, Granby QC j2g1a1")).toEqual({
      code: "J2G 1A1",
      fsa: "J2G",
      full: true,
    });
    expect(findPostalCode("123 rue Principale, Granby (J2G-1A1), Canada")?.code).toBe("J2G 1A1");
  });

  it("extracts a lone FSA", () => {
    expect(findPostalCode("Granby J2H")).toEqual({ code: "J2H", fsa: "J2H", full: false });
    expect(findPostalCode("k1p")).toEqual({ code: "K1P", fsa: "K1P", full: false });
  });

  it("prefers a full code over an FSA elsewhere in the text", () => {
    expect(findPostalCode("J8T, 100 rue X, J2G 1A1")?.code).toBe("J2G 1A1");
  });

  it("ignores invalid codes and truncated ones", () => {
    expect(findPostalCode("D2G 1A1")).toBeNull();
    expect(findPostalCode("W2G 1A1")).toBeNull();
    expect(findPostalCode("J2G 1A")).toBeNull();
    expect(findPostalCode("JJJ 111")).toBeNull();
  });

  it("does not read codes glued to other letters or digits", () => {
    expect(findPostalCode("XJ2G1A1")).toBeNull();
    expect(findPostalCode("J2G1A1B")).toBeNull();
    expect(findPostalCode("1234 rue Sherbrooke Ouest, Montréal")).toBeNull();
  });
});

describe("fsaOf and provinceOf", () => {
  it("takes the first three characters", () => {
    expect(fsaOf("J2G 1A1")).toBe("J2G");
    expect(fsaOf(" j2g1a1")).toBe("J2G");
  });

  it("maps the first letter to a province", () => {
    expect(provinceOf("G1R 4P5")).toBe("QC");
    expect(provinceOf("h2x")).toBe("QC");
    expect(provinceOf("J8T")).toBe("QC");
    expect(provinceOf("K1P 1J1")).toBe("ON");
    expect(provinceOf("M5V")).toBe("ON");
    expect(provinceOf("P3A")).toBe("ON");
    expect(provinceOf("E1C")).toBe("NB");
    expect(provinceOf("V6B")).toBe("BC");
    expect(provinceOf("W2G")).toBeNull();
    expect(isQuebecPostalCode("J2G 1A1")).toBe(true);
    expect(isQuebecPostalCode("K2P 0A1")).toBe(false);
  });
});
