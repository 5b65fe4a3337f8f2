/**
 * Statements of the payments ledger (issue 31, ADR 075): what a franchisee collected, refunded,
 * got as tips, owes or paid as royalty, and keeps, by month. Pure and integer cents: a refund
 * counts negative on every line; the net is what moved minus the royalty.
 */
import { csvAmount, toCsv } from "~/lib/csv";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { addDaysToDateString, BUSINESS_TIME_ZONE, zonedWallTimeToInstant, localDate } from "../time/zoned";

export type LedgerKind = "deposit" | "balance" | "charge" | "tip" | "refund" | "gift_card" | "membership";
export type LedgerMethod = "stripe" | "on_site_card" | "cash" | "gift_card";

/** A ledger row as the statement reads it. */
export interface LedgerRow {
  kind: LedgerKind;
  method: LedgerMethod;
  amountCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipCents: number;
  applicationFeeCents: number;
}

/** A statement line: the row's amounts signed (a refund negative) and its net. */
export interface StatementAmounts {
  amountCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipCents: number;
  feeCents: number;
  netCents: number;
}

export function statementAmounts(row: LedgerRow): StatementAmounts {
  const sign = row.kind === "refund" ? -1 : 1;
  const amountCents = sign * row.amountCents;
  const feeCents = sign * row.applicationFeeCents;
  return {
    amountCents,
    subtotalCents: sign * row.subtotalCents,
    tpsCents: sign * row.tpsCents,
    tvqCents: sign * row.tvqCents,
    tipCents: sign * row.tipCents,
    feeCents,
    netCents: amountCents - feeCents,
  };
}

export interface StatementTotals {
  /** Money received (card and on site), refunds not deducted. */
  collectedCents: number;
  /** Money given back (a positive number). */
  refundedCents: number;
  onSiteCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipsCents: number;
  feesCents: number;
  netCents: number;
}

export const ZERO_TOTALS: StatementTotals = {
  collectedCents: 0,
  refundedCents: 0,
  onSiteCents: 0,
  subtotalCents: 0,
  tpsCents: 0,
  tvqCents: 0,
  tipsCents: 0,
  feesCents: 0,
  netCents: 0,
};

export function statementTotals(rows: readonly LedgerRow[]): StatementTotals {
  const totals = { ...ZERO_TOTALS };
  for (const row of rows) {
    const line = statementAmounts(row);
    if (row.kind === "refund") totals.refundedCents += row.amountCents;
    else totals.collectedCents += row.amountCents;
    if (row.method !== "stripe") totals.onSiteCents += line.amountCents;
    totals.subtotalCents += line.subtotalCents;
    totals.tpsCents += line.tpsCents;
    totals.tvqCents += line.tvqCents;
    totals.tipsCents += line.tipCents;
    totals.feesCents += line.feeCents;
    totals.netCents += line.netCents;
  }
  return totals;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthKey(value: string): boolean {
  return MONTH.test(value);
}

/** The month of an instant in the business time zone: '2026-11'. */
export function monthKeyOf(instant: Date): string {
  return localDate(instant).slice(0, 7);
}

/** The month before: '2026-01' -> '2025-12'. */
export function previousMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, "0")}`;
}

/** A month's instants in the business time zone: [its first midnight, the next month's). */
export function monthBounds(month: string): { from: Date; to: Date } {
  if (!isMonthKey(month)) throw new RangeError(`not a month: ${month}`);
  const first = `${month}-01`;
  const next = addDaysToDateString(first, 32).slice(0, 7);
  return {
    from: zonedWallTimeToInstant(first, "00:00", BUSINESS_TIME_ZONE),
    to: zonedWallTimeToInstant(`${next}-01`, "00:00", BUSINESS_TIME_ZONE),
  };
}

/** This month and the `count - 1` before it, newest first. */
export function recentMonths(now: Date, count: number): string[] {
  const months = [monthKeyOf(now)];
  while (months.length < count) months.push(previousMonth(months[months.length - 1]!));
  return months;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A statement's query (?month=2026-11&franchisee=<id>): this month and the network otherwise. */
export function statementQuery(url: URL, now: Date): { month: string; franchiseeId: string | null } {
  const month = url.searchParams.get("month") ?? "";
  const franchisee = url.searchParams.get("franchisee") ?? "";
  return {
    month: isMonthKey(month) ? month : monthKeyOf(now),
    franchiseeId: UUID.test(franchisee) ? franchisee : null,
  };
}

/** A statement line of the accountant's CSV: its date, booking, customer and signed amounts. */
export interface CsvLine extends StatementAmounts {
  at: Date | string;
  bookingId: string;
  customerName: string;
}

/**
 * The accountant's CSV (issue 31): date, booking, customer, subtotal, TPS, TVQ, tip, fee, net, a
 * refund negative, for Excel in French (app/lib/csv.ts: ';' and '149,99').
 */
export function statementCsv(lines: readonly CsvLine[]): string {
  const c = paymentsOfficeMessages.csv;
  return toCsv(
    [c.date, c.booking, c.customer, c.subtotal, c.tps, c.tvq, c.tip, c.fee, c.net],
    lines.map((line) => [
      localDate(new Date(line.at)),
      line.bookingId,
      line.customerName,
      csvAmount(line.subtotalCents),
      csvAmount(line.tpsCents),
      csvAmount(line.tvqCents),
      csvAmount(line.tipCents),
      csvAmount(line.feeCents),
      csvAmount(line.netCents),
    ]),
  );
}
