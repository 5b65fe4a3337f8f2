import { BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/utils";
import type { ScheduleItem } from "./appointment-card";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { formatDay, formatTime } from "~/lib/format";
import { crewMessages } from "~/lib/messages/crew.fr";

const c = backOfficeMessages.calendar;
const s = franchiseeMessages.schedule;

/** Pixels per minute of the grid: an hour is 64 px, a 30 min wash a comfortable touch target. */
const PX_PER_MINUTE = 64 / 60;
/** Width of the hours' gutter, kept in view while the grid scrolls sideways. */
const GUTTER = 48;

/** Minutes since local midnight (business time zone). */
function minutesOf(instant: Date): number {
  const [hour = 0, minute = 0] = instantToZonedParts(instant, BUSINESS_TIME_ZONE).time.split(":").map(Number);
  return hour * 60 + minute;
}

export interface GridColumn {
  key: string;
  label: string;
  /** The day of the column (yyyy-MM-dd), for the week grid. */
  day?: string;
  isToday?: boolean;
  items: ScheduleItem[];
}

/** The shortest block drawn, in pixels: a readable time and name, and a touch target. */
const MIN_BLOCK = 44;
/** The narrowest lane: the start time and a customer's name on two lines stay readable. */
const LANE_MIN_WIDTH = 96;
const COLUMN_MIN_WIDTH = 104;

/**
 * Side-by-side lanes for the blocks of one column, as calendars do (ADR 056): blocks that overlap
 * on screen (a short job is drawn at least MIN_BLOCK tall) form a cluster; within it each block
 * takes the first free lane, and the cluster's blocks share its width by its number of lanes.
 * A block alone in its time keeps the whole width.
 */
export function lanes(
  items: { id: string; startAt: Date | string; endAt: Date | string }[],
  minMinutes = MIN_BLOCK / PX_PER_MINUTE,
): Map<string, { lane: number; of: number }> {
  const sorted = [...items].sort(
    (a, b) => +new Date(a.startAt) - +new Date(b.startAt) || +new Date(b.endAt) - +new Date(a.endAt),
  );
  const layout = new Map<string, { lane: number; of: number }>();
  let cluster: { id: string; lane: number }[] = [];
  let ends: number[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    for (const member of cluster) layout.set(member.id, { lane: member.lane, of: ends.length });
    cluster = [];
    ends = [];
  };
  for (const item of sorted) {
    const start = +new Date(item.startAt);
    const end = Math.max(+new Date(item.endAt), start + minMinutes * 60_000);
    if (start >= clusterEnd) close();
    let index = ends.findIndex((laneEnd) => laneEnd <= start);
    if (index === -1) index = ends.push(0) - 1;
    ends[index] = end;
    cluster.push({ id: item.id, lane: index });
    clusterEnd = cluster.length === 1 ? end : Math.max(clusterEnd, end);
  }
  close();
  return layout;
}

/** The most lanes any cluster of the column needs (1 without overlap). */
function widestOf(layout: Map<string, { of: number }>): number {
  return Math.max(1, ...[...layout.values()].map((l) => l.of));
}

const STATUS_CLASS: Record<ScheduleItem["status"], string> = {
  scheduled: "border-primary bg-primary/10 text-foreground",
  completed: "border-emerald-600 bg-emerald-600/10 text-foreground",
  cancelled: "border-muted-foreground/40 bg-muted text-muted-foreground line-through",
  no_show: "border-muted-foreground/60 bg-muted text-muted-foreground",
};

/**
 * The schedule as a calendar (ADR 052): a time gutter and one column per day (week) or per team
 * member (day), each appointment placed at its time and height. A block links to the
 * appointment's card below, which carries the call, text, e-mail and directions buttons and the
 * actions. Wider than a phone, the grid scrolls sideways inside its own frame.
 */
export function ScheduleGrid({
  columns,
  label,
  focus,
}: {
  columns: GridColumn[];
  label: string;
  /** The column to bring into view when the grid is wider than the screen (the chosen day). */
  focus?: string;
}) {
  const frame = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = frame.current;
    if (!box || box.scrollWidth <= box.clientWidth || !focus) return;
    const column = box.querySelector<HTMLElement>(`[data-column="${focus}"]`);
    if (column) box.scrollLeft = column.offsetLeft - GUTTER;
  }, [focus]);
  const all = columns.flatMap((col) => col.items);
  const starts = all.map((a) => minutesOf(new Date(a.startAt)));
  const ends = all.map((a) => {
    const end = minutesOf(new Date(a.endAt));
    return end === 0 ? 24 * 60 : end;
  });
  const first = Math.min(8 * 60, ...starts.map((m) => Math.floor(m / 60) * 60));
  const last = Math.max(18 * 60, ...ends.map((m) => Math.ceil(m / 60) * 60));
  const hours = Array.from({ length: (last - first) / 60 }, (_, i) => first / 60 + i);
  const height = (last - first) * PX_PER_MINUTE;
  // A column with concurrent blocks is wider (and the grid scrolls sideways sooner) so that each
  // block keeps a readable width, whatever the screen.
  const layouts = columns.map((col) => lanes(col.items));
  const widths = layouts.map((layout) => {
    const widest = widestOf(layout);
    return { min: Math.max(COLUMN_MIN_WIDTH, widest * LANE_MIN_WIDTH), share: widest };
  });
  const minWidth = GUTTER + widths.reduce((sum, w) => sum + w.min, 0);
  const template = `${GUTTER}px ${widths.map((w) => `minmax(${w.min}px, ${w.share}fr)`).join(" ")}`;

  return (
    <section
      ref={frame}
      aria-label={label}
      // A keyboard user scrolls the week sideways even on a day without appointments to tab to.
      tabIndex={0}
      className="overflow-x-auto overscroll-x-contain rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
      data-testid="schedule-grid"
    >
      <div style={{ minWidth }} className="grid" role="presentation">
        <div
          className="sticky top-0 z-10 grid border-b bg-background"
          style={{ gridTemplateColumns: template }}
        >
          <span aria-hidden="true" className="sticky left-0 z-10 bg-background" />
          {columns.map((col) => (
            <p
              key={col.key}
              className={cn(
                "truncate border-l px-2 py-2 text-center text-sm font-semibold first-letter:uppercase",
                col.isToday && "text-primary",
              )}
              title={col.label}
            >
              {col.label}
            </p>
          ))}
        </div>
        <div className="grid" style={{ gridTemplateColumns: template, height }}>
          <div className="sticky left-0 z-10 bg-background" aria-hidden="true">
            {hours.map((h) => (
              <span
                key={h}
                className="absolute right-2 -translate-y-1/2 text-xs text-muted-foreground tabular-nums"
                style={{ top: (h * 60 - first) * PX_PER_MINUTE }}
              >
                {h > first / 60 ? `${h} h` : ""}
              </span>
            ))}
          </div>
          {columns.map((col, index) => {
            const layout = layouts[index]!;
            return (
              <div
                key={col.key}
                className={cn("relative border-l", col.isToday && "bg-primary/5")}
                data-column={col.day ?? col.key}
                aria-label={col.label}
                role="group"
              >
                {hours.map((h) => (
                  <span
                    key={h}
                    aria-hidden="true"
                    className="absolute inset-x-0 border-t border-dashed border-border/70"
                    style={{ top: (h * 60 - first) * PX_PER_MINUTE }}
                  />
                ))}
                {col.items.length === 0 ? <span className="sr-only">{c.noneThatDay}</span> : null}
                <div>
                  {col.items.map((item) => {
                    const start = new Date(item.startAt);
                    const end = new Date(item.endAt);
                    const top = (minutesOf(start) - first) * PX_PER_MINUTE;
                    const endMinutes = minutesOf(end) === 0 ? 24 * 60 : minutesOf(end);
                    const blockHeight = Math.max(44, (endMinutes - minutesOf(start)) * PX_PER_MINUTE);
                    const { lane, of } = layout.get(item.id) ?? { lane: 0, of: 1 };
                    const time = `${formatTime(start)}–${formatTime(end)}`;
                    const shown = of > 1 ? formatTime(start) : time;
                    return (
                      <div
                        key={item.id}
                        className="absolute px-0.5"
                        style={{
                          top,
                          height: blockHeight,
                          left: `${(lane / of) * 100}%`,
                          width: `${100 / of}%`,
                        }}
                      >
                        {/* Named by its content (WCAG 2.5.3: the name holds the visible text). */}
                        <a
                          href={`#rdv-${item.id}`}
                          data-booking-id={item.bookingId}
                          className={cn(
                            "flex h-full flex-col gap-0.5 overflow-hidden rounded-md border-l-4 px-2 py-1 text-xs shadow-sm hover:brightness-95 focus-visible:outline-2 focus-visible:outline-ring dark:hover:brightness-125",
                            STATUS_CLASS[item.status],
                          )}
                        >
                          <span className="sr-only">{c.openDetailsLead}</span>
                          <span className="font-semibold tabular-nums">{shown}</span>
                          <span
                            className={cn("font-medium", of > 1 ? "line-clamp-2 break-words" : "truncate")}
                          >
                            {item.customerName}
                          </span>
                          <span className="truncate text-muted-foreground">{item.city ?? item.address}</span>
                          {col.day ? (
                            <span className="truncate text-muted-foreground">{item.memberName}</span>
                          ) : null}
                          {/* The crew's last step or the late flag (ADR 078). */}
                          {item.status === "scheduled" && item.crewStep ? (
                            <span className="truncate font-medium text-primary" data-testid="grid-crew-step">
                              {crewMessages.status.steps[item.crewStep.status]}
                            </span>
                          ) : item.status === "scheduled" && item.late ? (
                            <span className="truncate font-medium text-destructive">
                              {crewMessages.schedule.lateShort(item.late.minutesLate)}
                            </span>
                          ) : null}
                          <span className="sr-only">{` (${s.status[item.status]})`}</span>
                        </a>
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** The week grid's columns: one per day. */
export function dayColumns(
  days: string[],
  items: ScheduleItem[],
  today: string,
  dayOf: (i: ScheduleItem) => string,
) {
  return days.map<GridColumn>((day) => ({
    key: day,
    day,
    label: formatDay(day, "shortWeekday"),
    isToday: day === today,
    items: items.filter((i) => dayOf(i) === day),
  }));
}

/** The day grid's columns: one per team member with an appointment that day. */
export function memberColumns(items: ScheduleItem[]) {
  const members = new Map<string, string>();
  for (const i of items) members.set(i.teamMemberId ?? i.memberName, i.memberName);
  return [...members]
    .sort((a, b) => a[1].localeCompare(b[1], "fr-CA"))
    .map<GridColumn>(([key, name]) => ({
      key,
      label: name || c.unassigned,
      items: items.filter((i) => (i.teamMemberId ?? i.memberName) === key),
    }));
}
