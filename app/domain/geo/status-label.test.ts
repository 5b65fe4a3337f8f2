import { describe, expect, it } from "vitest";
import { isStaleStatusLabel, labelDeadlines, shownStatusLabel } from "./status-label";

/** A fixed clock: instants in Montréal time. */
const at = (iso: string) => new Date(iso);
const LATE_NOVEMBER_2026 = at("2026-11-25T12:00:00-05:00");

describe("status label of a disabled zone (the site never shows a date already past)", () => {
  it("hides 'Retour en 2026' in late November 2026 (a year alone is stale in its last quarter)", () => {
    expect(shownStatusLabel("Retour en 2026", LATE_NOVEMBER_2026)).toBeNull();
    expect(shownStatusLabel("Retour en 2026", at("2026-09-30T23:59:00-04:00"))).toBe("Retour en 2026");
    expect(shownStatusLabel("Retour en 2026", at("2026-10-01T00:00:00-04:00"))).toBeNull();
    expect(shownStatusLabel("Retour en 2027", LATE_NOVEMBER_2026)).toBe("Retour en 2027");
  });

  it("keeps a month until it is over, in Montréal time", () => {
    expect(shownStatusLabel("Ouverture en novembre 2026", LATE_NOVEMBER_2026)).toBe(
      "Ouverture en novembre 2026",
    );
    expect(shownStatusLabel("Ouverture en octobre 2026", LATE_NOVEMBER_2026)).toBeNull();
    expect(shownStatusLabel("Dès décembre 2026", LATE_NOVEMBER_2026)).toBe("Dès décembre 2026");
    // 23:30 on November 30 in Montréal is already December in UTC: still November here.
    expect(shownStatusLabel("Fin novembre 2026", at("2026-11-30T23:30:00-05:00"))).toBe("Fin novembre 2026");
    expect(shownStatusLabel("Fin novembre 2026", at("2026-12-01T00:30:00-05:00"))).toBeNull();
    expect(shownStatusLabel("Retour en mars de 2026", LATE_NOVEMBER_2026)).toBeNull();
  });

  it("reads seasons, with or without accents", () => {
    expect(shownStatusLabel("Retour à l'automne 2026", LATE_NOVEMBER_2026)).toBe("Retour à l'automne 2026");
    expect(shownStatusLabel("Retour à l'été 2026", LATE_NOVEMBER_2026)).toBeNull();
    expect(shownStatusLabel("Retour au printemps 2027", LATE_NOVEMBER_2026)).toBe("Retour au printemps 2027");
    expect(shownStatusLabel("Hiver 2027", at("2027-04-02T12:00:00-04:00"))).toBeNull();
    expect(labelDeadlines("Retour à l'ÉTÉ 2027")).toEqual([{ year: 2027, month: 9 }]);
  });

  it("shows a label without a year as written; an empty label gives the default", () => {
    expect(shownStatusLabel("Recrutement en cours", LATE_NOVEMBER_2026)).toBe("Recrutement en cours");
    expect(shownStatusLabel("  ", LATE_NOVEMBER_2026)).toBeNull();
    expect(shownStatusLabel(null, LATE_NOVEMBER_2026)).toBeNull();
    // A number that is not a year of this century is not a date.
    expect(isStaleStatusLabel("Plus de 1500 clients", LATE_NOVEMBER_2026)).toBe(false);
  });

  it("hides a label when any of its dates is past", () => {
    expect(shownStatusLabel("Entre 2025 et 2027", LATE_NOVEMBER_2026)).toBeNull();
  });
});
