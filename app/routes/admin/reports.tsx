import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { TableScroller } from "~/components/ui/data-table";
import { BarChart, CHART_COLOURS } from "~/components/charts/bar-chart";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { reportChartSeries } from "~/domain/admin/report-chart";
import { REPORT_MONTHS, ReportQuerySchema } from "~/domain/admin/schemas";
import { formatMoney, formatMonth } from "~/lib/format";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { getNetworkChart } from "~/server/services/admin/get-network-report.server";
import type { Route } from "./+types/reports";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.reports;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** The zones drawn one by one: one colour each (CHART_COLOURS), the last colour for the others. */
const CHART_ZONES = CHART_COLOURS.length - 1;

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const query = ReportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const months = query.success ? query.data.months : 6;
  // The first zones by revenue and the others together, summed by the database (ADR 105); the
  // CSV export keeps every zone.
  const report = await getNetworkChart(getDb(), { actor, now: new Date(), months, topZones: CHART_ZONES });
  return { ...report, monthCount: months };
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { months, rows, restock, monthCount, zones, otherZones } = loaderData;
  const labels = months.map((key) => formatMonth(key, "short"));
  const others = otherZones > 0 ? t.otherZones(otherZones) : null;
  const exportUrl = (type: string) => `/admin/reports/export?type=${type}&months=${monthCount}`;
  const chartText = {
    categoryLabel: t.month,
    tableLabel: adminMessages.common.showTable,
    totalLabel: t.total,
  };
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.description} />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Field label={t.months} className="w-56">
          <NativeSelect name="months" defaultValue={String(monthCount)}>
            {REPORT_MONTHS.map((count) => (
              <option key={count} value={count}>
                {t.monthsOption(count)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          {t.apply}
        </Button>
      </Form>

      <section aria-labelledby="zones-title" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="zones-title" className="text-xl font-semibold">
            {t.byZone}
          </h2>
          <Button asChild variant="outline" size="sm">
            <Link to={exportUrl("revenue")} reloadDocument download>
              <Download aria-hidden />
              {t.exportRevenue}
            </Link>
          </Button>
        </div>
        {otherZones > 0 ? (
          <p className="text-sm text-muted-foreground">{t.chartZones(zones - otherZones, otherZones)}</p>
        ) : null}
        {rows.length === 0 ? (
          <EmptyState>{t.noData}</EmptyState>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardContent className="pt-6">
                <BarChart
                  title={t.revenueChart}
                  categories={labels}
                  series={reportChartSeries(months, rows, others, (row) => row.revenueCents)}
                  formatValue={formatMoney}
                  {...chartText}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-6">
                <BarChart
                  title={t.bookingsChart}
                  categories={labels}
                  series={reportChartSeries(months, rows, others, (row) => row.bookings)}
                  integer
                  {...chartText}
                />
              </CardContent>
            </Card>
          </div>
        )}
      </section>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle as="h2">{t.restock}</CardTitle>
            <CardDescription>{t.restockText}</CardDescription>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to={exportUrl("restock")} reloadDocument download>
              <Download aria-hidden />
              {t.exportRestock}
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          {restock.length === 0 ? (
            <EmptyState>{t.noRestock}</EmptyState>
          ) : (
            <TableScroller label={t.restock}>
              <table className="w-full text-sm">
                <caption className="sr-only">{t.restock}</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t.franchisee}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t.orders}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t.toDeduct}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {restock.map((row) => (
                    <tr key={row.franchiseeId} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-4 text-left font-normal">
                        {row.businessName}
                      </th>
                      <td className="py-2 pr-4 text-right tabular-nums">{row.orders}</td>
                      <td className="py-2 text-right font-medium tabular-nums">
                        {formatMoney(row.totalCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
