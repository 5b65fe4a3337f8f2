import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { inputClasses } from "~/components/ui/input";
import type { StatementTotals } from "~/domain/payments/statement";
import { formatMoney } from "~/lib/format";
import { formatDateTime } from "~/domain/time/format-instant";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { cn } from "~/lib/utils";

const t = paymentsOfficeMessages.statement;
const m = paymentsOfficeMessages;

/** A statement row as the pages receive it (dates serialized). */
export interface StatementRowView {
  id: string;
  at: Date | string;
  bookingId: string;
  customerName: string;
  businessName: string;
  kind: keyof typeof m.kind;
  method: keyof typeof m.method;
  status: "pending" | "succeeded" | "failed" | "cancelled";
  reason: string | null;
  byName: string | null;
  amountCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipCents: number;
  feeCents: number;
  netCents: number;
  refundableCents: number;
  /** A fresh key for the refund form of this row: a double submit is one refund. */
  refundKey?: string;
}

/** What a refund form's last post answered, to show its errors and keep what was typed. */
export interface RefundReply {
  intent: "refund";
  paymentId: string;
  fieldErrors: Record<string, string[] | undefined>;
  formError?: string;
  values: { amount?: string; reason?: string };
}

export function TotalsGrid({ totals }: { totals: StatementTotals }) {
  const cells = [
    { label: t.collected, cents: totals.collectedCents },
    { label: t.refunded, cents: -totals.refundedCents },
    { label: t.tips, cents: totals.tipsCents },
    { label: t.fees, cents: totals.feesCents },
    { label: t.net, cents: totals.netCents },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t.net}>
      {cells.map((cell) => (
        <div key={cell.label} className="grid gap-1 rounded-lg border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{cell.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(cell.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

function money(cents: number) {
  return <span className="whitespace-nowrap tabular-nums">{formatMoney(cents)}</span>;
}

/**
 * The month's rows as cards (a phone shows them without sideways scrolling), each with its lines,
 * the « payé sur place » mark, and the refund form of a card payment with money left.
 */
export function StatementRows({
  rows,
  showFranchisee,
  refund,
}: {
  rows: readonly StatementRowView[];
  showFranchisee: boolean;
  refund: RefundReply | undefined;
}) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        {t.empty}
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={t.rows}>
      {rows.map((row) => {
        const reply = refund?.paymentId === row.id ? refund : undefined;
        return (
          <li key={row.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-medium [overflow-wrap:anywhere]">
                {m.kind[row.kind]} · {t.booking} {row.bookingId} · {row.customerName}
              </p>
              <p className={cn("text-base font-semibold", row.amountCents < 0 && "text-destructive")}>
                {money(row.amountCents)}
              </p>
            </div>
            <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
              <span>{formatDateTime(row.at, "medium")}</span>
              <span>· {m.method[row.method]}</span>
              {showFranchisee ? <span>· {row.businessName}</span> : null}
              {row.method !== "stripe" ? <Badge variant="secondary">{t.onSite}</Badge> : null}
              {row.status === "pending" ? <Badge variant="outline">{t.pending}</Badge> : null}
            </p>
            <dl className="grid grid-cols-3 gap-x-3 gap-y-1 sm:grid-cols-6">
              {[
                [t.subtotal, row.subtotalCents],
                [t.tps, row.tpsCents],
                [t.tvq, row.tvqCents],
                [t.tip, row.tipCents],
                [t.fee, row.feeCents],
                [t.netColumn, row.netCents],
              ].map(([label, cents]) => (
                <div key={label as string}>
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd>{money(cents as number)}</dd>
                </div>
              ))}
            </dl>
            {row.kind === "refund" && (row.reason || row.byName) ? (
              <p className="text-muted-foreground">
                {row.reason}
                {row.byName ? ` (${t.refundBy(row.byName, formatDateTime(row.at, "medium"))})` : null}
              </p>
            ) : null}
            {row.refundableCents > 0 && row.refundKey ? (
              <details open={Boolean(reply)} className="rounded-md bg-muted/50 p-2">
                <summary className="cursor-pointer font-medium">
                  {t.refund}
                  <span className="sr-only"> : {t.refundTitle(row.bookingId)}</span>
                </summary>
                <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[13rem_1fr_auto] sm:items-end">
                  <input type="hidden" name="intent" value="refund" />
                  <input type="hidden" name="paymentId" value={row.id} />
                  <input type="hidden" name="key" value={row.refundKey} />
                  <p className="text-muted-foreground sm:col-span-3">{t.refundLeft(row.refundableCents)}</p>
                  <label className="grid gap-1">
                    <span>{t.refundAmount}</span>
                    <input
                      name="amount"
                      inputMode="decimal"
                      required
                      defaultValue={reply?.values.amount ?? ""}
                      aria-invalid={reply?.fieldErrors.amount ? true : undefined}
                      className={cn(inputClasses, "h-10")}
                    />
                  </label>
                  <label className="grid gap-1">
                    <span>{t.refundReason}</span>
                    <input
                      name="reason"
                      required
                      maxLength={500}
                      defaultValue={reply?.values.reason ?? ""}
                      aria-invalid={reply?.fieldErrors.reason ? true : undefined}
                      className={cn(inputClasses, "h-10")}
                    />
                  </label>
                  <Button type="submit" variant="destructive">
                    {t.refundSubmit}
                  </Button>
                  {reply ? (
                    <p role="alert" className="text-destructive sm:col-span-3">
                      {[
                        ...(reply.fieldErrors.amount ?? []),
                        ...(reply.fieldErrors.reason ?? []),
                        reply.formError,
                      ]
                        .filter(Boolean)
                        .join(" ")}
                    </p>
                  ) : null}
                </Form>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One row of amounts per franchisee, its name as the row's header: the network statement's
 * totals and its shop credit (ADR 094).
 */
export function FranchiseeAmounts({
  label,
  first,
  columns,
  rows,
}: {
  label: string;
  /** The first column's header (the franchisee). */
  first: string;
  /** The amount columns' headers, in the order of each row's `cents`. */
  columns: readonly string[];
  rows: readonly { franchiseeId: string; businessName: string; cents: readonly number[] }[];
}) {
  return (
    <DataTable
      label={label}
      columns={[{ label: first }, ...columns.map((column) => ({ label: column, align: "right" as const }))]}
    >
      {rows.map((row) => (
        <tr key={row.franchiseeId} className="border-t">
          <th scope="row" className="p-3 text-left font-medium">
            {row.businessName}
          </th>
          {row.cents.map((cents, i) => (
            <td key={i} className="p-3 text-right whitespace-nowrap tabular-nums">
              {formatMoney(cents)}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
