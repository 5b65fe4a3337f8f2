import {
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  DollarSign,
  MapPinned,
  PackageOpen,
  Star,
  Truck,
  Users,
} from "lucide-react";
import { Link } from "react-router";

import { StatCard } from "~/components/franchisee/stat-card";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { formatMoney, formatNumber } from "~/lib/format";
import { formatDateTime, formatTime } from "~/domain/time/format-instant";
import { getDashboard } from "~/server/services/franchisee/get-dashboard.server";
import type { Route } from "./+types/dashboard";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const d = franchiseeMessages.dashboard;

export const meta: Route.MetaFunction = () => [
  { title: d.metaTitle },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const figures = await getDashboard(db, { franchiseeId: franchisee.id });
  return { businessName: franchisee.businessName, figures };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { figures, businessName } = loaderData;
  const actions = [
    { to: "/franchisee/schedule", label: d.actions.schedule, icon: CalendarDays },
    { to: "/franchisee/clients", label: d.actions.clients, icon: Users },
    { to: "/franchisee/restock", label: d.actions.restock, icon: PackageOpen },
    { to: "/franchisee/reports", label: d.actions.reports, icon: ChartColumn },
    { to: "/franchisee/territory", label: d.actions.territory, icon: MapPinned },
  ];
  // Upcoming appointments after today's (today's are listed first).
  const todayIds = new Set(figures.todayAppointments.map((a) => a.id));
  const upcoming = figures.nextAppointments.filter((a) => !todayIds.has(a.id));
  return (
    <div className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{d.title}</h1>
        <p className="text-muted-foreground">{d.welcome(businessName)}</p>
      </header>

      {/* The day first (issue 33, item 14): on a phone it is what the franchisee opens the page for. */}
      <section aria-labelledby="today-title" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="today-title" className="text-xl font-semibold">
            {d.todayTitle}
          </h2>
          <Link
            to="/franchisee/schedule?view=day"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {d.todaySchedule}
          </Link>
        </div>
        {figures.todayAppointments.length === 0 ? (
          <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">{d.todayEmpty}</p>
        ) : (
          <ol className="grid gap-2" aria-labelledby="today-title">
            {figures.todayAppointments.map((a) => (
              <li key={a.id}>
                <Link
                  to={`/franchisee/bookings/${a.bookingId}`}
                  className="grid gap-1 rounded-lg border bg-card p-3 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:grid-cols-[9rem_1fr_auto] sm:items-center sm:gap-4"
                >
                  <span className="font-semibold tabular-nums">
                    {d.timeRange(formatTime(a.startAt), formatTime(a.endAt))}
                  </span>
                  <span className="min-w-0">
                    <span className="font-medium">{a.customerName}</span>
                    {a.city ? <span className="text-muted-foreground"> · {a.city}</span> : null}
                    <span className="block text-sm text-muted-foreground">{a.memberName}</span>
                  </span>
                  {a.status === "completed" ? (
                    <Badge variant="success" className="w-fit">
                      {d.done}
                    </Badge>
                  ) : null}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-label={d.figures} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <StatCard icon={CalendarCheck} label={d.today} value={String(figures.today)} />
        <StatCard icon={CalendarDays} label={d.week} value={String(figures.week)} />
        <StatCard
          icon={DollarSign}
          label={d.revenue}
          value={formatMoney(figures.monthRevenueCents)}
          hint={d.revenueHint}
        />
        <StatCard
          icon={Star}
          label={d.rating}
          value={
            figures.averageRating === null
              ? "—"
              : d.ratingValue(formatNumber(figures.averageRating, 1), figures.reviewCount)
          }
          hint={figures.averageRating === null ? d.noRating : undefined}
        />
        <StatCard
          icon={Truck}
          label={d.restock}
          value={formatMoney(figures.monthRestockCents)}
          hint={d.restockHint}
        />
      </section>

      <section aria-labelledby="quick-actions" className="grid gap-3">
        <h2 id="quick-actions" className="text-xl font-semibold">
          {d.quickActions}
        </h2>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {actions.map(({ to, label, icon: Icon }) => (
            <Button key={to} asChild variant="outline" className="h-auto justify-start py-3">
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          ))}
        </div>
      </section>

      {upcoming.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{d.upcoming}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {upcoming.map((a) => (
                <li key={a.id} className="flex flex-wrap justify-between gap-2 border-b pb-2 last:border-0">
                  <span className="font-medium">{formatDateTime(a.startAt, "weekdayShort")}</span>
                  <span>
                    {a.customerName}
                    {a.city ? ` · ${a.city}` : ""}
                  </span>
                  <span className="text-muted-foreground">{a.memberName}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
