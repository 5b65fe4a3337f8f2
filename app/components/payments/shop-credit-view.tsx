import { FranchiseeAmounts } from "./statement-view";
import { formatMoney } from "~/lib/format";
import { formatDateTime } from "~/domain/time/format-instant";
import { shopMessages } from "~/lib/messages/shop.fr";
import type { ShopCreditTotals } from "~/domain/shop/shop-credit";

const t = shopMessages.credit;

interface Row {
  id: string;
  at: Date | string;
  kind: "sale" | "refund";
  number: string;
  customerName: string;
  businessName?: string;
  subtotalCents: number;
  royaltyCents: number;
  creditCents: number;
}

interface FranchiseeCredit {
  franchiseeId: string;
  businessName: string;
  totals: ShopCreditTotals;
}

/**
 * The month's shop sales in a statement (ADR 094): totals, then one card a sale or refund. The
 * admin's network statement also passes `perFranchisee`: a table of each franchisee's credit, and
 * each card names its franchisee.
 */
export function ShopCreditView({
  rows,
  totals,
  perFranchisee,
  audience = "franchisee",
}: {
  rows: readonly Row[];
  totals: ShopCreditTotals;
  perFranchisee?: readonly FranchiseeCredit[];
  /** Who reads it: the franchisee is told what it is owed, the admin what each franchisee is. */
  audience?: "franchisee" | "admin";
}) {
  const cells = [
    { label: t.sales, cents: totals.salesCents },
    { label: t.refunded, cents: -totals.refundedCents },
    { label: t.royalty, cents: totals.royaltyCents },
    { label: t.credit, cents: totals.creditCents },
  ];
  return (
    <section aria-labelledby="shop-credit-title" className="grid gap-3">
      <h3 id="shop-credit-title" className="text-lg font-semibold">
        {t.title}
      </h3>
      <p className="text-sm text-muted-foreground">{audience === "admin" ? t.adminHint : t.hint}</p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t.title}>
        {cells.map((cell) => (
          <div key={cell.label} className="grid gap-1 rounded-lg border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{cell.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(cell.cents)}</dd>
          </div>
        ))}
      </dl>
      {perFranchisee && perFranchisee.length > 0 ? (
        <FranchiseeAmounts
          label={t.perFranchisee}
          first={t.franchisee}
          columns={[t.sales, t.refunded, t.royalty, t.credit]}
          rows={perFranchisee.map((f) => ({
            franchiseeId: f.franchiseeId,
            businessName: f.businessName,
            cents: [
              f.totals.salesCents,
              -f.totals.refundedCents,
              f.totals.royaltyCents,
              f.totals.creditCents,
            ],
          }))}
        />
      ) : null}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.none}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t.title}>
          {rows.map((row) => (
            <li
              key={`${row.kind}-${row.id}`}
              className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border bg-card p-3 text-sm"
            >
              <div className="grid gap-0.5">
                <p className="font-medium">
                  {row.kind === "sale" ? t.sale : t.refund} <span className="font-mono">{row.number}</span> ·{" "}
                  {row.customerName}
                  {perFranchisee && row.businessName ? ` · ${row.businessName}` : ""}
                </p>
                <p className="text-muted-foreground">
                  {formatDateTime(row.at, "medium")} ·{" "}
                  {t.line(formatMoney(row.royaltyCents), formatMoney(row.creditCents))}
                </p>
              </div>
              <span className="font-semibold whitespace-nowrap tabular-nums">
                {formatMoney(row.subtotalCents)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
