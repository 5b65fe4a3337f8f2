import { ReportQuerySchema } from "~/domain/admin/schemas";
import { csvAmount, csvHeaders, toCsv } from "~/lib/csv";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { getNetworkReport } from "~/server/services/admin/get-network-report.server";
import type { Route } from "./+types/reports-export";
import { adminMessages } from "~/lib/messages/admin.fr";

const c = adminMessages.reports.csv;

/**
 * GET /admin/reports/export?type=revenue|restock&months=3|6|12: the report as a CSV file for
 * Excel (app/lib/csv.ts, ADR 024). Admins only, like every admin route.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const params = new URL(request.url).searchParams;
  const query = ReportQuerySchema.safeParse(Object.fromEntries(params));
  const type = params.get("type");
  if (!query.success || (type !== "revenue" && type !== "restock")) {
    return new Response(adminMessages.common.invalidRequest, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const now = new Date();
  const report = await getNetworkReport(getDb(), { actor, now, months: query.data.months });
  const period = `${report.months[0]}_${report.months[report.months.length - 1]}`;
  if (type === "revenue") {
    const body = toCsv(
      [c.month, c.zone, c.bookings, c.revenue],
      report.rows.map((row) => [row.month, row.zoneName, row.bookings, csvAmount(row.revenueCents)]),
    );
    return new Response(body, { headers: csvHeaders(`revenus-par-zone_${period}.csv`) });
  }
  const body = toCsv(
    [c.franchisee, c.orders, c.toDeduct],
    report.restock.map((row) => [row.businessName, row.orders, csvAmount(row.totalCents)]),
  );
  return new Response(body, { headers: csvHeaders(`reapprovisionnement-a-deduire_${period}.csv`) });
}
