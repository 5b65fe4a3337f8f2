import { parseWithZod } from "@conform-to/zod/v4";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { data, Link } from "react-router";

import type { FranchiseeActionData } from "~/components/franchisee/action-data";
import { AppointmentCard } from "~/components/franchisee/appointment-card";
import { dayColumns, memberColumns, ScheduleGrid } from "~/components/franchisee/schedule-grid";
import { useLiveSchedule } from "~/components/franchisee/use-live-schedule";
import { Button } from "~/components/ui/button";
import { FranchiseeCancelSchema, ReassignSchema } from "~/domain/franchisee/schemas";
import { dayPeriod, daysOf, isLocalDate, weekPeriod } from "~/domain/time/periods";
import { addDaysToDateString, localDate } from "~/domain/time/zoned";
import { cn } from "~/lib/utils";
import { flashHeaders } from "~/server/flash.server";
import { cancelAppointment } from "~/server/services/appointments/cancel-appointment.server";
import { completeAppointment } from "~/server/services/appointments/complete-appointment.server";
import { markNoShow } from "~/server/services/appointments/mark-no-show.server";
import { reassignAppointment } from "~/server/services/appointments/reassign-appointment.server";
import { listSchedule } from "~/server/services/franchisee/list-schedule.server";
import { loadCrewStatuses, loadDelays } from "~/server/services/crew/record-crew-status.server";
import { loadWeatherStates } from "~/server/services/weather/weather-move.server";
import { weatherMessages } from "~/lib/messages/weather.fr";
import type { Route } from "./+types/schedule";
import { requireFranchisee, scheduleFailure } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { formatDay } from "~/lib/format";

const s = franchiseeMessages.schedule;
const c = backOfficeMessages.calendar;

export const meta: Route.MetaFunction = () => [
  { title: s.metaTitle },
  { name: "robots", content: "noindex" },
];

/** ?view=day|week&date=yyyy-MM-dd (default: this week, business time zone). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const params = new URL(request.url).searchParams;
  const view = params.get("view") === "day" ? "day" : "week";
  const now = new Date();
  const today = localDate(now);
  const date = isLocalDate(params.get("date")) ? params.get("date")! : today;
  const period = view === "day" ? dayPeriod(date) : weekPeriod(date);
  const listed = await listSchedule(db, { franchiseeId: franchisee.id, period });
  // The crew's last step and late flags (ADR 078), of this franchisee's listed appointments only.
  const ids = listed.map((a) => a.id);
  const [steps, delays, weather] = await Promise.all([
    loadCrewStatuses(db, ids),
    loadDelays(db, ids),
    loadWeatherStates(db, ids),
  ]);
  const appointments = listed.map((a) => ({
    ...a,
    // A day moved for the weather (ADR 090): waiting for the customer's new time, or rebooked.
    weather: weather.get(a.id) ?? null,
    crewStep: steps.get(a.id)?.at(-1) ?? null,
    late: delays.get(a.id) ?? null,
  }));
  return { view, date, today, period, days: daysOf(period), appointments, now: now.getTime() };
}

/** Schedule actions, each limited on the server to the franchisee's own appointments and members. */
export async function action({ request, url }: Route.ActionArgs) {
  const { franchisee, db, user: actor } = await requireFranchisee({ request, url });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const franchiseeId = franchisee.id;
  const fail = (error: string, status: number) =>
    data<FranchiseeActionData>({ intent, ok: false, error }, { status });
  const done = async (title: string, description?: string) =>
    data<FranchiseeActionData>({ intent, ok: true }, { headers: await flashHeaders({ title, description }) });
  const appointmentId = String(formData.get("appointmentId") ?? "");
  const validId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(appointmentId);
  if (!validId) return fail(s.notFound, 404);
  try {
    switch (intent) {
      case "complete": {
        const { pointsCredited } = await completeAppointment(db, { appointmentId, franchiseeId });
        return done(s.completed, s.completedPoints(pointsCredited));
      }
      case "noShow":
        await markNoShow(db, { appointmentId, franchiseeId });
        return done(s.noShowDone);
      case "cancel": {
        const parsed = FranchiseeCancelSchema.safeParse(Object.fromEntries(formData));
        if (!parsed.success) return fail(s.cancelReasonRequired, 400);
        await cancelAppointment(db, { appointmentId, franchiseeId, actor, reason: parsed.data.reason });
        return done(s.cancelled, s.cancelledText);
      }
      case "reassign": {
        const submission = parseWithZod(formData, { schema: ReassignSchema });
        if (submission.status !== "success") return fail(s.memberNotFound, 400);
        await reassignAppointment(db, { ...submission.value, franchiseeId, actor });
        return done(s.reassigned);
      }
      default:
        return fail(s.actionError, 400);
    }
  } catch (error) {
    const failure = scheduleFailure(error);
    return fail(failure.message, failure.status);
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { view, date, today, period, days, appointments, now } = loaderData;
  const step = view === "day" ? 1 : 7;
  // The crew's steps show without a reload (ADR 078).
  useLiveSchedule();
  const href = (v: string, d: string) => `?view=${v}&date=${d}`;
  const label =
    view === "day"
      ? formatDay(date, "weekday")
      : `${formatDay(period.from, "medium")} – ${formatDay(addDaysToDateString(period.to, -1), "medium")}`;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{s.title}</h1>
        <p className="text-muted-foreground">{s.description}</p>
      </header>
      <nav aria-label={s.period} className="flex flex-wrap items-center gap-2">
        <div className="flex rounded-md border p-0.5">
          {(["day", "week"] as const).map((v) => (
            <Link
              key={v}
              to={href(v, date)}
              aria-current={view === v ? "page" : undefined}
              className={cn(
                "rounded px-3 py-1.5 text-sm font-medium",
                view === v ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent",
              )}
            >
              {v === "day" ? s.dayView : s.weekView}
            </Link>
          ))}
        </div>
        <Button asChild variant="outline" size="icon">
          <Link
            to={href(view, addDaysToDateString(date, -step))}
            aria-label={view === "day" ? s.previousDay : s.previousWeek}
          >
            <ChevronLeft aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={href(view, today)}>{s.today}</Link>
        </Button>
        <Button asChild variant="outline" size="icon">
          <Link
            to={href(view, addDaysToDateString(date, step))}
            aria-label={view === "day" ? s.nextDay : s.nextWeek}
          >
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
        <p className="font-medium first-letter:uppercase" aria-live="polite">
          {label}
        </p>
        <Link
          to={`/franchisee/route?date=${date}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {franchiseeMessages.route.link}
        </Link>
        <Link
          to="/franchisee/weather"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {weatherMessages.schedule.link}
        </Link>
      </nav>
      {view === "week" || appointments.length > 0 ? (
        <ScheduleGrid
          label={view === "week" ? c.grid : c.dayGrid}
          focus={view === "week" ? date : undefined}
          columns={
            view === "week"
              ? dayColumns(days, appointments, today, (a) => localDate(a.startAt))
              : memberColumns(appointments)
          }
        />
      ) : null}
      {appointments.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{s.empty}</p>
      ) : (
        <div className="grid gap-6">
          {days.map((day) => {
            const ofDay = appointments.filter((a) => localDate(a.startAt) === day);
            if (ofDay.length === 0) return null;
            return (
              <section key={day} aria-labelledby={`day-${day}`} className="grid gap-3">
                <h2 id={`day-${day}`} className="text-lg font-semibold first-letter:uppercase">
                  {formatDay(day, "weekday")}
                </h2>
                <ul className="grid gap-3">
                  {ofDay.map((appointment) => (
                    <AppointmentCard key={appointment.id} appointment={appointment} now={now} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
