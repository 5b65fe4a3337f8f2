// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BarChart, niceTicks } from "./bar-chart";

describe("niceTicks", () => {
  it("covers the maximum with round steps from 0", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(130)).toEqual([0, 50, 100, 150]);
  });

  it("steps by whole numbers for counts: never '0,25 réservation'", () => {
    expect(niceTicks(1, 4, true)).toEqual([0, 1]);
    expect(niceTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(10, 4, true)).toEqual([0, 5, 10]);
    expect(niceTicks(1, 4, false)).toContain(0.25);
  });
});

describe("BarChart", () => {
  it("is an image named by its title and summary, with the exact figures in a table", () => {
    render(
      <BarChart
        title="Réservations par mois"
        categories={["2026-10", "2026-11"]}
        series={[
          { name: "Granby", values: [1, 2] },
          { name: "Sherbrooke", values: [0, 3] },
        ]}
        categoryLabel="Mois"
        tableLabel="Voir les données en tableau"
        totalLabel="Total"
      />,
    );
    const image = screen.getByRole("img", { name: /Réservations par mois/ });
    expect(image).toHaveAccessibleName("Réservations par mois 2026-10 : 1 ; 2026-11 : 5");
    for (const label of image.querySelectorAll("text")) {
      expect(Number(label.getAttribute("font-size"))).toBeGreaterThanOrEqual(12);
    }
    const table = screen.getByRole("table", { hidden: true });
    const rows = within(table).getAllByRole("row", { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual([
      "MoisGranbySherbrookeTotal",
      "2026-10101",
      "2026-11235",
    ]);
  });
});
