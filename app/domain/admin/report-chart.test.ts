import { describe, expect, it } from "vitest";
import { reportChartSeries } from "./report-chart";

const months = ["2026-10", "2026-11"];
const cell = (month: string, zoneId: string | null, place: number | null, revenue: number) => ({
  month,
  zoneId,
  zoneName: zoneId && `Zone ${zoneId}`,
  place,
  revenue,
});

describe("reportChartSeries", () => {
  it("orders the zones by place, the others last, with 0 for a month without bookings", () => {
    const cells = [
      cell("2026-10", "b", 2, 10),
      cell("2026-10", "a", 1, 50),
      cell("2026-11", "a", 1, 70),
      cell("2026-11", null, null, 5),
    ];
    expect(reportChartSeries(months, cells, "12 autres zones", (c) => c.revenue)).toEqual([
      { name: "Zone a", values: [50, 70] },
      { name: "Zone b", values: [10, 0] },
      { name: "12 autres zones", values: [0, 5] },
    ]);
  });

  it("draws no « others » series when every zone is shown", () => {
    expect(reportChartSeries(months, [cell("2026-11", "a", 1, 3)], null, (c) => c.revenue)).toEqual([
      { name: "Zone a", values: [0, 3] },
    ]);
    expect(reportChartSeries(months, [] as ReturnType<typeof cell>[], null, (c) => c.revenue)).toEqual([]);
  });
});
