import {
  ArrowRight,
  BarChart3,
  ClipboardList,
  MapPinned,
  Package,
  UserPlus,
  Users,
  TriangleAlert,
} from "lucide-react";
import { Link } from "react-router";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { addDaysToDateString } from "~/domain/time/zoned";
import { formatDay, formatMoney } from "~/lib/format";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { getNetworkDashboard, type PeriodFigures } from "~/server/services/admin/network-figures.server";
import type { Route } from "./+types/dashboard";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.dashboard;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  return getNetworkDashboard(getDb(), { actor, now: new Date() });
}

/** The exclusive end day -> the last day of the period ('16 novembre'). */
const lastDay = (date: string) => formatDay(addDaysToDateString(date, -1), "dayMonth");

const ACTIONS = [
  { to: "/admin/franchisees", icon: Users, ...t.actions.franchisees },
  { to: "/admin/reports", icon: BarChart3, ...t.actions.reports },
  { to: "/admin/services", icon: ClipboardList, ...t.actions.services },
  { to: "/admin/coverage", icon: MapPinned, ...t.actions.coverage },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { week, month, newApplications, pendingRestockOrders, deadJobs } = loaderData;
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.description} />

      <div className="grid gap-4 lg:grid-cols-2">
        <PeriodCard
          id="week"
          title={t.week}
          subtitle={t.weekRange(formatDay(week.startDate, "dayMonth"), lastDay(week.endDate))}
          figures={week}
        />
        <PeriodCard
          id="month"
          title={t.month}
          subtitle={t.weekRange(formatDay(month.startDate, "dayMonth"), lastDay(month.endDate))}
          figures={month}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <UserPlus aria-hidden className="size-5 text-primary" />
              {t.newApplications}
            </CardTitle>
            <CardDescription>{t.newApplicationsText(newApplications)}</CardDescription>
          </CardHeader>
          <CardContent className="flex items-end justify-between gap-4">
            <p className="text-3xl font-bold tabular-nums" data-testid="new-applications">
              {newApplications}
            </p>
            <Link to="/admin/franchisees" className="text-sm font-medium text-primary hover:underline">
              {t.open} <span className="sr-only">{t.newApplications}</span>
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Package aria-hidden className="size-5 text-primary" />
              {t.pendingRestock}
            </CardTitle>
            <CardDescription>{t.pendingRestockText(pendingRestockOrders)}</CardDescription>
          </CardHeader>
          <CardContent className="flex items-end justify-between gap-4">
            <p className="text-3xl font-bold tabular-nums" data-testid="pending-restock">
              {pendingRestockOrders}
            </p>
            <Link to="/admin/restock" className="text-sm font-medium text-primary hover:underline">
              {t.open} <span className="sr-only">{t.pendingRestock}</span>
            </Link>
          </CardContent>
        </Card>
      </div>

      {deadJobs > 0 ? (
        <Link
          to="/admin/jobs"
          className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive hover:underline"
        >
          <TriangleAlert aria-hidden className="size-4" />
          {t.deadJobs(deadJobs)}
        </Link>
      ) : null}

      <section aria-labelledby="quick-actions" className="grid gap-4">
        <h2 id="quick-actions" className="text-xl font-semibold">
          {t.quickActions}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ACTIONS.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col gap-2 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Icon aria-hidden className="size-6 text-primary" />
                <span className="flex items-center gap-1 font-semibold">
                  {title}
                  <ArrowRight
                    aria-hidden
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function PeriodCard({
  id,
  title,
  subtitle,
  figures,
}: {
  id: string;
  title: string;
  subtitle: string;
  figures: PeriodFigures;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription>{subtitle}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-muted-foreground">{t.bookings}</dt>
            <dd className="text-2xl font-bold tabular-nums">{figures.bookings}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t.revenue}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatMoney(figures.revenueCents)}</dd>
          </div>
        </dl>
        {figures.byZone.length === 0 ? (
          <EmptyState>{t.noBookings}</EmptyState>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">
              {title} : {t.byZone}
            </caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 font-medium">
                  {t.zone}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t.bookings}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t.revenue}
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.byZone.map((zone) => (
                <tr key={zone.zoneId} className="border-b last:border-0">
                  <th scope="row" className="py-2 text-left font-normal">
                    {zone.zoneName}
                  </th>
                  <td className="py-2 text-right tabular-nums">{zone.bookings}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(zone.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
