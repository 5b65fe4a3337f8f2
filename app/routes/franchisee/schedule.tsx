import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";

import { useFailureToast, type FranchiseeActionData } from "~/components/franchisee/action-data";
import { AppointmentCard, type ScheduleItem } from "~/components/franchisee/appointment-card";
import { ScheduleGrid } from "~/components/franchisee/schedule-grid";
import { dayColumns, memberColumns, type GridDrop } from "~/components/franchisee/schedule-grid-layout";
import { useLiveSchedule } from "~/components/franchisee/use-live-schedule";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/input";
import { freeRanges } from "~/domain/franchisee/schedule-day";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  dayOfWeekOf,
  instantToZonedParts,
  localDate,
} from "~/domain/time/zoned";
import { cn } from "~/lib/utils";
import { weatherMessages } from "~/lib/messages/weather.fr";
import type { Route } from "./+types/schedule";
import { loadSchedule, scheduleAction } from "./schedule-data.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { formatDay } from "~/lib/format";

const s = franchiseeMessages.schedule;
const c = backOfficeMessages.calendar;

export const meta: Route.MetaFunction = () => [
  { title: s.metaTitle },
  { name: "robots", content: "noindex" },
];

/** The schedule's loader and actions live in schedule-data.server.ts (ADR 104). */
export function loader({ request, url }: Route.LoaderArgs) {
  return loadSchedule({ request, url });
}

export function action({ request, url }: Route.ActionArgs) {
  return scheduleAction({ request, url });
}

/** `HH:MM` of minutes since midnight. */
function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Minutes since local midnight of an instant. */
function minutesOfDay(instant: Date | string): number {
  const [h = 0, m = 0] = instantToZonedParts(new Date(instant), BUSINESS_TIME_ZONE)
    .time.split(":")
    .map(Number);
  return h * 60 + m;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { view, date, today, period, days, appointments, team, now } = loaderData;
  const step = view === "day" ? 1 : 7;
  // The crew's steps show without a reload (ADR 078).
  useLiveSchedule();
  const mover = useFetcher<FranchiseeActionData>();
  useFailureToast(mover.data);
  const [moving, setMoving] = useState<string | null>(null);
  const [shownMember, setShownMember] = useState("all");
  const onMove = (item: ScheduleItem, drop: GridDrop) => {
    const member = team.find((m) => m.id === drop.teamMemberId);
    setMoving(s.moving(item.customerName, `${member?.name ?? ""} ${hhmm(drop.minutes).replace(":", " h ")}`));
    void mover.submit(
      {
        intent: "move",
        appointmentId: item.id,
        teamMemberId: drop.teamMemberId,
        date: drop.day,
        time: hhmm(drop.minutes),
      },
      { method: "post" },
    );
  };
  const href = (v: string, d: string) => `?view=${v}&date=${d}`;
  const label =
    view === "day"
      ? formatDay(date, "weekday")
      : `${formatDay(period.from, "medium")} – ${formatDay(addDaysToDateString(period.to, -1), "medium")}`;
  const members = team.map((m) => ({ id: m.id, name: m.name }));
  // Cancelled appointments stay out of the grid, folded under each day (ADR 104).
  const live = appointments.filter((a) => a.status !== "cancelled");
  const offOn = (day: string) =>
    team.flatMap((m) => {
      const off = m.timeOff.find((o) => o.startsOn <= day && day <= o.endsOn);
      return off ? [{ name: m.name, reason: off.reason }] : [];
    });
  const columns =
    view === "week"
      ? dayColumns(days, live, today, (a) => localDate(a.startAt)).map((col) => ({
          ...col,
          href: href("week", col.key),
          // Another day's card is not listed on a phone: its block opens that day first.
          blockHref: (item: ScheduleItem) =>
            col.key === date ? `#rdv-${item.id}` : `${href("week", col.key)}#rdv-${item.id}`,
        }))
      : memberColumns(
          live,
          team.map((m) => {
            const off = m.timeOff.find((o) => o.startsOn <= date && date <= o.endsOn);
            return {
              id: m.id,
              name: m.name,
              off: off?.reason ?? null,
              free: freeRanges({
                windows: m.availability,
                dayOfWeek: dayOfWeekOf(date),
                off: !!off,
                taken: live
                  .filter((a) => a.teamMemberId === m.id && a.status === "scheduled")
                  .map((a) => ({ start: minutesOfDay(a.startAt), end: minutesOfDay(a.endAt) || 24 * 60 })),
              }),
            };
          }),
          date,
        );
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
        {/* The day shown (on a phone, the one listed): today, or the first with appointments. */}
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
      {view === "week" ? (
        <nav aria-label={s.daysOfWeek} className="grid grid-cols-7 gap-1 sm:hidden">
          {days.map((day) => {
            const count = live.filter((a) => localDate(a.startAt) === day).length;
            return (
              <Link
                key={day}
                to={href("week", day)}
                aria-current={day === date ? "date" : undefined}
                className={cn(
                  "grid min-h-11 place-items-center rounded-md border px-0.5 py-1 text-center text-xs leading-tight",
                  day === date ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
                  day === today && day !== date && "border-primary text-primary",
                )}
              >
                <span className="first-letter:uppercase">{formatDay(day, "shortWeekday")}</span>
                <span className="font-semibold tabular-nums">
                  {count}
                  {/* Its name holds its visible text (WCAG 2.5.3), then what the figure counts. */}
                  <span className="sr-only"> {s.dayCountUnit}</span>
                </span>
              </Link>
            );
          })}
        </nav>
      ) : null}
      <p className="hidden text-sm text-muted-foreground sm:block">{s.dragHint}</p>
      <p aria-live="polite" className="text-sm font-medium empty:hidden">
        {mover.state === "idle" ? "" : (moving ?? "")}
      </p>
      {view === "day" && team.length > 1 ? (
        // On a phone, one member at a time reads better than every column squeezed (ADR 104).
        <div className="flex items-center gap-2 sm:hidden">
          <label htmlFor="schedule-member" className="text-sm font-medium">
            {s.showMember}
          </label>
          <select
            id="schedule-member"
            value={shownMember}
            onChange={(event) => setShownMember(event.target.value)}
            className={cn(inputClasses, "h-10 min-w-0 flex-1")}
          >
            <option value="all">{s.allMembers}</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={cn("min-w-0", view === "week" && "hidden sm:block")}>
        <ScheduleGrid
          label={view === "week" ? c.grid : c.dayGrid}
          focus={view === "week" ? date : undefined}
          columns={
            view === "day" && shownMember !== "all"
              ? columns.filter((col) => col.key === shownMember)
              : columns
          }
          onMove={onMove}
        />
      </div>
      {appointments.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{s.empty}</p>
      ) : null}
      <div className="grid gap-6">
        {days.map((day) => {
          const ofDay = appointments.filter((a) => localDate(a.startAt) === day);
          const off = offOn(day);
          const shownHere = ofDay.some((a) => a.status !== "cancelled");
          const cancelled = ofDay.filter((a) => a.status === "cancelled");
          if (ofDay.length === 0 && off.length === 0 && !(view === "week" && day === date)) return null;
          return (
            <section
              key={day}
              aria-labelledby={`day-${day}`}
              // On a phone, the week lists the day shown only (the day strip picks another).
              className={cn("grid gap-3", view === "week" && day !== date && "hidden sm:grid")}
            >
              <h2 id={`day-${day}`} className="text-lg font-semibold first-letter:uppercase">
                {formatDay(day, "weekday")}
              </h2>
              {off.map((o) => (
                <p key={o.name} className="text-sm text-muted-foreground">
                  {o.name} · {franchiseeMessages.timeOff.onSchedule(o.reason)}
                </p>
              ))}
              {shownHere ? (
                <ul className="grid gap-3">
                  {ofDay
                    .filter((a) => a.status !== "cancelled")
                    .map((appointment) => (
                      <AppointmentCard
                        key={appointment.id}
                        appointment={appointment}
                        now={now}
                        members={members}
                      />
                    ))}
                </ul>
              ) : ofDay.length === 0 && off.length === 0 ? (
                <p className="text-sm text-muted-foreground">{c.noneThatDay}</p>
              ) : null}
              {cancelled.length > 0 ? (
                <details className="rounded-lg border border-dashed p-3">
                  <summary className="cursor-pointer text-sm font-medium text-muted-foreground">
                    {s.cancelledCount(cancelled.length)}
                  </summary>
                  <ul className="mt-3 grid gap-3">
                    {cancelled.map((appointment) => (
                      <AppointmentCard
                        key={appointment.id}
                        appointment={appointment}
                        now={now}
                        members={members}
                      />
                    ))}
                  </ul>
                </details>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}
