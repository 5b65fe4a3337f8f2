/**
 * The franchisee's reports: revenue (before taxes) and appointments per week or per month, and
 * the CSV export. Counted appointments are the booked ones, scheduled or completed (ADR 019).
 */
import { messages } from "~/lib/messages.fr";
import { addDaysToDateString } from "../time/zoned";
import { localDate, monthStart, nextMonthStart, weekStart, type Period } from "./periods";

export type Grouping = "week" | "month";
export const GROUPINGS: readonly Grouping[] = ["week", "month"];
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

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, a semicolon or a line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with CRLF line ends and a UTF-8 byte order mark (so spreadsheets read the accents). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** Cents as a plain decimal number for spreadsheets: 14999 -> '149.99'. */
export function csvMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}

const weekLabel = new Intl.DateTimeFormat("fr-CA", { timeZone: "UTC", day: "numeric", month: "short" });
const monthLabel = new Intl.DateTimeFormat("fr-CA", { timeZone: "UTC", month: "long", year: "numeric" });
const shortMonthLabel = new Intl.DateTimeFormat("fr-CA", {
  timeZone: "UTC",
  month: "short",
  year: "2-digit",
});

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** 'Semaine du 9 mars' or 'mars 2026': the label of a period in the table and the CSV. */
export function periodLabel(grouping: Grouping, from: string): string {
  return grouping === "week"
    ? messages.franchisee.reports.weekOf(weekLabel.format(noon(from)))
    : monthLabel.format(noon(from));
}

/** '9 mars' or 'mars 26': the label under a bar of the chart. */
export function shortPeriodLabel(grouping: Grouping, from: string): string {
  return grouping === "week" ? weekLabel.format(noon(from)) : shortMonthLabel.format(noon(from));
}
