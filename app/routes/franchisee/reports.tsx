import { Download } from "lucide-react";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { Link } from "react-router";

import { BarChart } from "~/components/charts/bar-chart";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { parseGrouping, periodLabel, shortPeriodLabel } from "~/domain/franchisee/reports";
import { formatMoney } from "~/lib/format";
import { cn } from "~/lib/utils";
import { getReport } from "~/server/services/franchisee/get-reports.server";
import type { Route } from "./+types/reports";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const r = franchiseeMessages.reports;

export const meta: Route.MetaFunction = () => [
  { title: r.metaTitle },
  { name: "robots", content: "noindex" },
];

/** ?group=week|month (week by default). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const grouping = parseGrouping(new URL(request.url).searchParams.get("group"));
  return { report: await getReport(db, { franchiseeId: franchisee.id, grouping }) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const grouping = report.grouping;
  const groupingLabel = grouping === "week" ? r.byWeek : r.byMonth;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{r.title}</h1>
        <p className="text-muted-foreground">{r.description}</p>
      </header>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={r.period} className="flex rounded-md border p-0.5">
          {(["week", "month"] as const).map((g) => (
            <Link
              key={g}
              to={`?group=${g}`}
              aria-current={grouping === g ? "page" : undefined}
              className={cn(
                "rounded px-3 py-1.5 text-sm font-medium",
                grouping === g
                  ? "bg-primary text-primary-foreground"
                  : "text-muted-foreground hover:bg-accent",
              )}
            >
              {g === "week" ? r.byWeek : r.byMonth}
            </Link>
          ))}
        </nav>
        <Button asChild variant="outline">
          <a href={`/franchisee/reports.csv?group=${grouping}`} download>
            <Download aria-hidden="true" />
            {r.exportCsv}
          </a>
        </Button>
      </div>
      <BarChart
        title={r.chartTitle(groupingLabel)}
        categories={report.rows.map((row) => shortPeriodLabel(grouping, row.from))}
        series={[{ name: r.revenue, values: report.rows.map((row) => row.revenueCents) }]}
        formatValue={formatMoney}
        categoryLabel={r.period}
        tableLabel={r.chartTable}
        totalLabel={r.total}
      />
      <DataTable
        label={r.tableCaption}
        caption={r.tableCaption}
        captionVisible
        columns={[
          { label: r.period },
          { label: r.appointments, align: "right" as const },
          { label: r.revenue, align: "right" as const },
        ]}
        footer={
          <tr className="border-t font-semibold">
            <th scope="row" className="p-3 text-left">
              {r.total}
            </th>
            <td className="p-3 text-right tabular-nums">{report.totals.appointments}</td>
            <td className="p-3 text-right tabular-nums">{formatMoney(report.totals.revenueCents)}</td>
          </tr>
        }
      >
        {report.rows.map((row) => (
          <tr key={row.from} className="border-t">
            <th scope="row" className="p-3 text-left font-medium first-letter:uppercase">
              {periodLabel(grouping, row.from)}
            </th>
            <td className="p-3 text-right tabular-nums">{row.appointments}</td>
            <td className="p-3 text-right tabular-nums">{formatMoney(row.revenueCents)}</td>
          </tr>
        ))}
      </DataTable>
      <section aria-labelledby="extras-title" className="grid gap-3">
        <h2 id="extras-title" className="text-xl font-semibold">
          {r.extras}
        </h2>
        {report.extras.length === 0 ? (
          <p className="text-sm text-muted-foreground">{r.noExtras}</p>
        ) : (
          <DataTable
            label={r.extras}
            caption={r.extras}
            columns={[
              { label: r.extra },
              { label: r.quantity, align: "right" as const },
              { label: r.extrasRevenue, align: "right" as const },
            ]}
          >
            {report.extras.map((extra) => (
              <tr key={extra.name} className="border-t">
                <th scope="row" className="p-3 text-left font-medium">
                  {extra.name}
                </th>
                <td className="p-3 text-right tabular-nums">{extra.quantity}</td>
                <td className="p-3 text-right tabular-nums">{formatMoney(extra.revenueCents)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {report.sizeClasses.length > 0 ? (
        <section aria-labelledby="size-classes-title" className="grid gap-3">
          <h2 id="size-classes-title" className="text-xl font-semibold">
            {vehiclesMessages.report.title}
          </h2>
          <DataTable
            label={vehiclesMessages.report.title}
            caption={vehiclesMessages.report.title}
            columns={[
              { label: vehiclesMessages.report.sizeClass },
              { label: vehiclesMessages.report.cars, align: "right" as const },
              { label: vehiclesMessages.report.revenue, align: "right" as const },
            ]}
          >
            {report.sizeClasses.map((sizeClass) => (
              <tr key={sizeClass.name} className="border-t">
                <th scope="row" className="p-3 text-left font-medium">
                  {sizeClass.name}
                </th>
                <td className="p-3 text-right tabular-nums">{sizeClass.cars}</td>
                <td className="p-3 text-right tabular-nums">{formatMoney(sizeClass.revenueCents)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
    </div>
  );
}
