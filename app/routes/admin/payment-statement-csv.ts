import { statementCsv, statementQuery } from "~/domain/payments/statement";
import { csvHeaders } from "~/lib/csv";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { networkStatement } from "~/server/services/payments/payment-statement.server";
import type { Route } from "./+types/payment-statement-csv";

const c = paymentsOfficeMessages.csv;

/**
 * GET /admin/payments/statement.csv?month=2026-11[&franchisee=<id>]: the month's settled rows
 * with the accountant's columns (date, booking, customer, subtotal, TPS, TVQ, tip, fee, net),
 * a refund negative. Admins only.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const query = statementQuery(url, new Date());
  const statement = await networkStatement(getDb(), { actor, ...query });
  const who = query.franchiseeId
    ? (statement.franchisees.find((f) => f.id === query.franchiseeId)?.businessName ?? "franchise")
    : "reseau";
  const body = statementCsv(statement.rows.filter((row) => row.status === "succeeded"));
  return new Response(body, { headers: csvHeaders(c.filename(query.month, who)) });
}
