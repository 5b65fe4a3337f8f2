import { formatDateTime } from "~/lib/format";
import { csvAmount, csvHeaders, toCsv } from "~/lib/csv";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { requireRole } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { networkStatement } from "~/server/services/payments/payment-statement.server";
import { statementQuery } from "~/domain/payments/statement";
import type { Route } from "./+types/payment-statement-csv";

const c = paymentsOfficeMessages.csv;

/**
 * GET /admin/payments/statement.csv?month=2026-11[&franchisee=<id>]: the month's settled rows
 * with the accountant's columns (date, booking, customer, subtotal, TPS, TVQ, tip, fee, net),
 * a refund negative; Excel in French (app/lib/csv.ts). Admins only.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const query = statementQuery(url, new Date());
  const statement = await networkStatement(getDb(), { actor, ...query });
  const rows = statement.rows
    .filter((row) => row.status === "succeeded")
    .map((row) => [
      formatDateTime(row.at, "short"),
      row.bookingId,
      row.customerName,
      csvAmount(row.subtotalCents),
      csvAmount(row.tpsCents),
      csvAmount(row.tvqCents),
      csvAmount(row.tipCents),
      csvAmount(row.feeCents),
      csvAmount(row.netCents),
    ]);
  const who = query.franchiseeId
    ? (statement.franchisees.find((f) => f.id === query.franchiseeId)?.businessName ?? "franchise")
    : "reseau";
  const body = toCsv([c.date, c.booking, c.customer, c.subtotal, c.tps, c.tvq, c.tip, c.fee, c.net], rows);
  return new Response(body, { headers: csvHeaders(c.filename(query.month, who)) });
}
