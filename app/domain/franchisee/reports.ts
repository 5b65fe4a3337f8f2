/**
 * The franchisee's reports: revenue (before taxes) and appointments per week or per month, and
 * the CSV export. Counted appointments are the booked ones, scheduled or completed (ADR 019).
 */
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { csvAmount, toCsv } from "~/lib/csv";
import { addDaysToDateString, localDate } from "../time/zoned";
import { monthStart, nextMonthStart, weekStart, type Period } from "~/domain/time/periods";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { formatDay, formatMonth } from "~/lib/format";

export type Grouping = "week" | "month";
/** Periods shown: the current one and the ones before it. */
export const REPORT_PERIODS = { week: 12, month: 12 } as const;

export function parseGrouping(value: unknown): Grouping {
  return value === "month" ? "month" : "week";
}

/** The last `count` periods ending with the one of `today`, oldest first. */
export function reportPeriods(
  grouping: Grouping,
  today: string,
  count: number = REPORT_PERIODS[grouping],
): Period[] {
  const periods: Period[] = [];
  let from = grouping === "week" ? weekStart(today) : monthStart(today);
  for (let i = 0; i < count; i++) {
    const to = grouping === "week" ? addDaysToDateString(from, 7) : nextMonthStart(from);
    periods.unshift({ from, to });
    from = grouping === "week" ? addDaysToDateString(from, -7) : previousMonthStart(from);
  }
  return periods;
}

function previousMonthStart(first: string): string {
  const [y, m] = first.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`;
}

export interface ReportRow extends Period {
  appointments: number;
  revenueCents: number;
}

/** Sums appointments into their period by local start day; those outside every period are left out. */
export function bucketAppointments(
  periods: readonly Period[],
  appointments: readonly { startAt: Date; priceCents: number }[],
  timeZone?: string,
): ReportRow[] {
  const rows = periods.map((p) => ({ ...p, appointments: 0, revenueCents: 0 }));
  for (const a of appointments) {
    const day = localDate(a.startAt, timeZone);
    const row = rows.find((r) => r.from <= day && day < r.to);
    if (!row) continue;
    row.appointments += 1;
    row.revenueCents += a.priceCents;
  }
  return rows;
}

/** What the CSV export needs of a report (the service's Report has these fields). */
export interface CsvReport {
  grouping: Grouping;
  rows: readonly ReportRow[];
  extras: readonly { name: string; quantity: number; revenueCents: number }[];
  /** Cars washed per size class (ADR 085). */
  sizeClasses?: readonly { name: string; cars: number; revenueCents: number }[];
}

/**
 * The report as a CSV file in the shared spreadsheet format (app/lib/csv.ts, ADR 024): one line
 * per period (label, first day, appointments, revenue before taxes), an empty line, then the
 * extras sold with their own header line.
 */
export function reportCsv(report: CsvReport): string {
  const r = franchiseeMessages.reports;
  return toCsv(r.csvHeader, [
    ...report.rows.map((row) => [
      periodLabel(report.grouping, row.from),
      row.from,
      row.appointments,
      csvAmount(row.revenueCents),
    ]),
    [],
    r.csvExtrasHeader,
    ...report.extras.map((e) => [e.name, e.quantity, csvAmount(e.revenueCents)]),
    ...(report.sizeClasses && report.sizeClasses.length > 0
      ? [
          [],
          vehiclesMessages.report.csvHeader,
          ...report.sizeClasses.map((c) => [c.name, c.cars, csvAmount(c.revenueCents)]),
        ]
      : []),
  ]);
}

/** 'Semaine du 9 mars' or 'mars 2026': the label of a period in the table and the CSV. */
export function periodLabel(grouping: Grouping, from: string): string {
  return grouping === "week"
    ? franchiseeMessages.reports.weekOf(formatDay(from, "dayShortMonth"))
    : formatMonth(from.slice(0, 7), "long");
}

/** '9 mars' or 'mars 26': the label under a bar of the chart. */
export function shortPeriodLabel(grouping: Grouping, from: string): string {
  return grouping === "week" ? formatDay(from, "dayShortMonth") : formatMonth(from.slice(0, 7), "compact");
}
