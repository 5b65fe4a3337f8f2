import { parseGrouping, reportCsv } from "~/domain/franchisee/reports";
import { csvHeaders } from "~/lib/csv";
import { getReport } from "~/server/services/franchisee/get-reports.server";
import type { Route } from "./+types/reports-csv";
import { requireFranchisee } from "./guard.server";

/**
 * GET /franchisee/reports.csv?group=week|month: the report of the signed-in franchisee as CSV
 * for Excel (app/lib/csv.ts: byte order mark, ';' between fields, amounts '149,99'), then the
 * extras sold.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const grouping = parseGrouping(new URL(request.url).searchParams.get("group"));
  const report = await getReport(db, { franchiseeId: franchisee.id, grouping });
  const today = new Date().toISOString().slice(0, 10);
  return new Response(reportCsv(report), {
    headers: csvHeaders(`rapport-${grouping === "week" ? "semaines" : "mois"}-${today}.csv`),
  });
}
