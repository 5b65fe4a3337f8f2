/** One month of one zone of the report's chart; zoneId null: every other zone together. */
export interface ReportChartCell {
  month: string;
  zoneId: string | null;
  zoneName: string | null;
  /** The zone's place by revenue over the period (1: the highest); null for the others. */
  place: number | null;
}

/**
 * The chart's series (ADR 105): one per zone shown, by its place, then (when `others` names them)
 * the other zones together; one value per month, 0 where the zone had no booking. One lookup per
 * cell (ADR 098).
 */
export function reportChartSeries<Cell extends ReportChartCell>(
  months: readonly string[],
  cells: readonly Cell[],
  others: string | null,
  pick: (cell: Cell) => number,
): { name: string; values: number[] }[] {
  const zones = new Map<string, { name: string; place: number }>();
  for (const cell of cells)
    if (cell.zoneId !== null) zones.set(cell.zoneId, { name: cell.zoneName ?? "", place: cell.place ?? 0 });
  const byCell = new Map(cells.map((cell) => [`${cell.month}\u0000${cell.zoneId ?? ""}`, cell]));
  const valuesOf = (zoneId: string) =>
    months.map((month) => {
      const cell = byCell.get(`${month}\u0000${zoneId}`);
      return cell ? pick(cell) : 0;
    });
  const series = [...zones]
    .sort(([, a], [, b]) => a.place - b.place)
    .map(([zoneId, zone]) => ({ name: zone.name, values: valuesOf(zoneId) }));
  if (others !== null) series.push({ name: others, values: valuesOf("") });
  return series;
}
