import { csvMoney, parseGrouping, periodLabel, toCsv } from "~/domain/franchisee/reports";
import { messages } from "~/lib/messages.fr";
import { getReport } from "~/server/services/franchisee/get-reports.server";
import type { Route } from "./+types/reports-csv";
import { requireFranchisee } from "./guard.server";

const r = messages.franchisee.reports;

/**
 * GET /franchisee/reports.csv?group=week|month: the report of the signed-in franchisee as CSV
 * (UTF-8 with a byte order mark, RFC 4180 quoting), then the extras sold.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee(request);
  const grouping = parseGrouping(new URL(request.url).searchParams.get("group"));
  const report = await getReport(db, { franchiseeId: franchisee.id, grouping });
  const csv = toCsv([
    r.csvHeader,
    ...report.rows.map((row) => [
      periodLabel(grouping, row.from),
      row.from,
      row.appointments,
      csvMoney(row.revenueCents),
    ]),
    [],
    r.csvExtrasHeader,
    ...report.extras.map((e) => [e.name, e.quantity, csvMoney(e.revenueCents)]),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="rapport-${grouping === "week" ? "semaines" : "mois"}-${today}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
