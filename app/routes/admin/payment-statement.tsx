import { Form, useActionData } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { ShopCreditView } from "~/components/payments/shop-credit-view";
import { FranchiseeAmounts, StatementRows, TotalsGrid } from "~/components/payments/statement-view";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/input";
import { recentMonths, statementQuery } from "~/domain/payments/statement";
import { formatMonth } from "~/lib/format";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { cn } from "~/lib/utils";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { refundFromForm } from "~/server/http/payment-forms.server";
import { networkStatement } from "~/server/services/payments/payment-statement.server";
import { shopCreditOf } from "~/server/services/shop/shop-statement.server";
import { redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/payment-statement";

const t = paymentsOfficeMessages.statement;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** /admin/payments/statement: the monthly royalty statement, per franchisee and for the network. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const now = new Date();
  const query = statementQuery(url, now);
  const db = getDb();
  const [statement, shop] = await Promise.all([
    networkStatement(db, { actor, ...query }),
    shopCreditOf(db, { franchiseeId: query.franchiseeId, month: query.month }),
  ]);
  return {
    ...statement,
    shop,
    franchiseeId: query.franchiseeId,
    months: recentMonths(now, 12),
    rows: statement.rows.map((row) => ({
      ...row,
      refundKey: row.refundableCents > 0 ? crypto.randomUUID() : undefined,
    })),
  };
}

/** A refund of a card payment by the admin, with its reason (ADR 075). */
export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const result = await refundFromForm(getDb(), await request.formData(), { id: actor.id, role: "admin" });
  if (!result.ok) return result.reply;
  return redirectWithToast(url, t.refunded_(result.amountCents));
}

const selectClasses = cn(inputClasses, "h-10");

export default function AdminStatementPage({ loaderData }: Route.ComponentProps) {
  const { month, months, rows, totals, perFranchisee, franchisees, franchiseeId, shop } = loaderData;
  const reply = useActionData<typeof action>();
  const csv = `/admin/payments/statement.csv?${new URLSearchParams({ month, ...(franchiseeId ? { franchisee: franchiseeId } : {}) })}`;
  return (
    <div className="grid gap-8">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Button asChild variant="outline">
            <a href={csv} download>
              {t.exportCsv}
            </a>
          </Button>
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t.month}</span>
          <select name="month" defaultValue={month} className={selectClasses}>
            {months.map((m) => (
              <option key={m} value={m}>
                {formatMonth(m, "long")}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t.franchisee}</span>
          <select name="franchisee" defaultValue={franchiseeId ?? ""} className={selectClasses}>
            <option value="">{t.network}</option>
            {franchisees.map((f) => (
              <option key={f.id} value={f.id}>
                {f.businessName}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          {t.show}
        </Button>
      </Form>
      <h2 className="text-xl font-semibold">
        {t.heading(formatMonth(month, "long"))} ·{" "}
        {franchiseeId ? (franchisees.find((f) => f.id === franchiseeId)?.businessName ?? "") : t.network}
      </h2>
      <TotalsGrid totals={totals} />
      {perFranchisee.length > 0 ? (
        <section aria-labelledby="per-franchisee" className="grid gap-3">
          <h2 id="per-franchisee" className="text-lg font-semibold">
            {t.perFranchisee}
          </h2>
          <FranchiseeAmounts
            label={t.perFranchisee}
            first={t.franchisee}
            columns={[t.collected, t.refunded, t.tips, t.fees, t.net]}
            rows={perFranchisee.map((f) => ({
              franchiseeId: f.franchiseeId,
              businessName: f.businessName,
              cents: [
                f.totals.collectedCents,
                -f.totals.refundedCents,
                f.totals.tipsCents,
                f.totals.feesCents,
                f.totals.netCents,
              ],
            }))}
          />
        </section>
      ) : null}
      <section aria-labelledby="rows-title" className="grid gap-3">
        <h2 id="rows-title" className="text-lg font-semibold">
          {t.rows}
        </h2>
        <StatementRows rows={rows} showFranchisee={!franchiseeId} refund={reply} />
      </section>
      <ShopCreditView
        rows={shop.rows}
        totals={shop.totals}
        perFranchisee={franchiseeId ? undefined : shop.perFranchisee}
        audience="admin"
      />
    </div>
  );
}
