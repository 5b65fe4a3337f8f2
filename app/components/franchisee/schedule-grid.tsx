import { BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { cn } from "~/lib/utils";
import type { ScheduleItem } from "./appointment-card";
import { ScheduleGridHeader } from "./schedule-grid-header";
import {
  clockLabel,
  COLUMN_MIN_WIDTH,
  DRAG_THRESHOLD,
  GUTTER,
  lanes,
  LANE_MIN_WIDTH,
  MIN_BLOCK,
  minutesOf,
  PX_PER_MINUTE,
  SNAP_MINUTES,
  widestOf,
  type GridColumn,
  type GridDrop,
} from "./schedule-grid-layout";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { formatTime } from "~/domain/time/format-instant";
import { crewMessages } from "~/lib/messages/crew.fr";

const c = backOfficeMessages.calendar;
const s = franchiseeMessages.schedule;

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
  onMove,
}: {
  columns: GridColumn[];
  label: string;
  /** The column to bring into view when the grid is wider than the screen (the chosen day). */
  focus?: string;
  /**
   * A scheduled block dragged with a mouse or a pen to another column or time (ADR 104): the
   * page submits the move, which the server re-checks. Touch keeps scrolling; « Déplacer » on
   * the card is the way on a phone and from the keyboard.
   */
  onMove?: (item: ScheduleItem, drop: GridDrop) => void;
}) {
  const [drag, setDrag] = useState<{
    id: string;
    key: string | null;
    minutes: number;
    length: number;
  } | null>(null);
  const justDropped = useRef(false);
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

  /** The column and half hour under the pointer, the block's grab point kept. */
  const dropAt = (x: number, y: number, grab: number) => {
    const column = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-drop-key]");
    if (!column || !frame.current?.contains(column)) return null;
    const top = column.getBoundingClientRect().top;
    const raw = first + (y - grab - top) / PX_PER_MINUTE;
    const minutes = Math.min(
      last - SNAP_MINUTES,
      Math.max(first, Math.round(raw / SNAP_MINUTES) * SNAP_MINUTES),
    );
    return { key: column.dataset.dropKey!, minutes };
  };

  const startDrag = (event: ReactPointerEvent<HTMLElement>, item: ScheduleItem) => {
    if (!onMove || item.status !== "scheduled" || event.pointerType === "touch" || event.button !== 0) return;
    const origin = { x: event.clientX, y: event.clientY };
    const grab = event.clientY - event.currentTarget.getBoundingClientRect().top;
    const length = (new Date(item.endAt).getTime() - new Date(item.startAt).getTime()) / 60_000;
    let active = false;
    let target: { key: string; minutes: number } | null = null;
    const stop = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("keydown", escape);
      setDrag(null);
    };
    const move = (e: PointerEvent) => {
      if (!active && Math.hypot(e.clientX - origin.x, e.clientY - origin.y) < DRAG_THRESHOLD) return;
      active = true;
      e.preventDefault();
      target = dropAt(e.clientX, e.clientY, grab);
      setDrag({ id: item.id, key: target?.key ?? null, minutes: target?.minutes ?? 0, length });
    };
    const up = (e: PointerEvent) => {
      stop();
      if (!active) return;
      justDropped.current = true;
      target = dropAt(e.clientX, e.clientY, grab) ?? target;
      const column = columns.find((c) => c.key === target?.key);
      if (!target || !column?.day) return;
      const teamMemberId = column.memberId ?? item.teamMemberId;
      if (!teamMemberId) return;
      const unchanged =
        teamMemberId === item.teamMemberId &&
        column.day === instantToZonedParts(new Date(item.startAt), BUSINESS_TIME_ZONE).date &&
        target.minutes === minutesOf(new Date(item.startAt));
      if (!unchanged) onMove(item, { teamMemberId, day: column.day, minutes: target.minutes });
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        active = false;
        stop();
      }
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("keydown", escape);
  };

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
        <ScheduleGridHeader columns={columns} template={template} focus={focus} />
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
                className={cn(
                  "relative border-l",
                  col.isToday && !col.memberId && "bg-primary/5",
                  col.off &&
                    "bg-[repeating-linear-gradient(135deg,var(--color-muted)_0_6px,transparent_6px_12px)]",
                  drag?.key === col.key && "bg-accent/60",
                )}
                data-column={col.memberId ?? col.day ?? col.key}
                data-drop-key={onMove ? col.key : undefined}
                aria-label={col.label}
                role="group"
              >
                {col.off ? (
                  <p className="absolute inset-x-1 top-1 z-[1] rounded bg-background/90 px-1.5 py-1 text-xs font-medium">
                    {s.dayOff} · {col.off}
                  </p>
                ) : null}
                {/* Free time (the member's hours minus their appointments, ADR 104). */}
                {(col.free ?? []).map((range) => (
                  <p
                    key={range.start}
                    className="absolute inset-x-1 overflow-hidden rounded-md border border-dashed border-emerald-600/50 bg-emerald-500/5 px-1.5 py-0.5 text-[0.7rem] text-emerald-800 dark:text-emerald-300"
                    style={{
                      top: (range.start - first) * PX_PER_MINUTE,
                      height: (range.end - range.start) * PX_PER_MINUTE,
                    }}
                    data-testid="free-time"
                  >
                    {s.freeRange(clockLabel(range.start), clockLabel(range.end))}
                  </p>
                ))}
                {drag?.key === col.key ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-1 z-20 rounded-md border-2 border-dashed border-primary bg-primary/10 px-1.5 text-xs font-semibold text-primary"
                    style={{
                      top: (drag.minutes - first) * PX_PER_MINUTE,
                      height: Math.max(MIN_BLOCK, drag.length * PX_PER_MINUTE),
                    }}
                    data-testid="drop-preview"
                  >
                    {clockLabel(drag.minutes)}
                  </span>
                ) : null}
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
                          href={col.blockHref?.(item) ?? `#rdv-${item.id}`}
                          data-booking-id={item.bookingId}
                          draggable={false}
                          onPointerDown={(event) => startDrag(event, item)}
                          onClick={(event) => {
                            // The click that ends a drag opens nothing.
                            if (justDropped.current) event.preventDefault();
                            justDropped.current = false;
                          }}
                          className={cn(
                            "relative z-10 flex h-full flex-col gap-0.5 overflow-hidden rounded-md border-l-4 px-2 py-1 text-xs shadow-sm hover:brightness-95 focus-visible:outline-2 focus-visible:outline-ring dark:hover:brightness-125",
                            STATUS_CLASS[item.status],
                            onMove && item.status === "scheduled" && "cursor-grab select-none",
                            drag?.id === item.id && "opacity-50",
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
                          {col.memberId ? null : (
                            <span className="truncate text-muted-foreground">{item.memberName}</span>
                          )}
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
