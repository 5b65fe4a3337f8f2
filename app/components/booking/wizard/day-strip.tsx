import { type KeyboardEvent, type RefObject } from "react";
import { dayForKey, isDayKey, type StripDay } from "~/domain/booking/slot-picker";
import { dayOfWeekOf } from "~/domain/time/zoned";
import { dayChipParts } from "~/lib/format";
import { slotPickerMessages } from "~/lib/messages/slot-picker.fr";
import { cn } from "~/lib/utils";
import { formatSlotDay } from "./slot-format";

const p = slotPickerMessages;

const CHIP =
  "flex h-16 w-16 shrink-0 flex-col items-center justify-center rounded-md border text-xs leading-tight transition-colors sm:w-auto";

/**
 * The 30 days: a strip that scrolls inside its box on a phone, a Monday-first calendar from 640 px.
 * Hydrated, one group of native radios: Tab reaches the chosen day only (the browser's roving
 * focus), and the calendar's keys (`dayForKey`: arrows, Home/End, PageUp/PageDown) move the choice
 * between open days. Before that, GET links.
 */
export function DayStrip({
  strip,
  day,
  groupName,
  hydrated,
  hrefFor,
  onChange,
  stripRef,
  describedBy,
}: {
  strip: readonly StripDay[];
  day: string | null;
  groupName: string;
  hydrated: boolean;
  hrefFor: (date: string) => string;
  onChange: (date: string) => void;
  stripRef: RefObject<HTMLDivElement | null>;
  describedBy: string;
}) {
  // Blank cells before the first day put each weekday in its calendar column (Monday first).
  const lead = strip[0] ? (dayOfWeekOf(strip[0].date) + 6) % 7 : 0;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || radio.name !== groupName) return;
    if (!isDayKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    // Instead of the browser's radio moves (previous or next, wrapping round): the calendar's.
    event.preventDefault();
    const next = dayForKey(strip, radio.value, event.key);
    if (!next) return;
    onChange(next);
    stripRef.current
      ?.querySelector<HTMLInputElement>(`input[name='${CSS.escape(groupName)}'][value='${next}']`)
      ?.focus();
  }
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-base font-semibold">{p.dayLegend}</legend>
      <div
        ref={stripRef}
        className="relative -mx-1 flex gap-2 overflow-x-auto overscroll-x-contain px-1 pt-1 pb-3 sm:grid sm:grid-cols-7 sm:overflow-visible"
        data-testid="day-strip"
        onKeyDown={hydrated ? onKeyDown : undefined}
      >
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} aria-hidden="true" className="hidden sm:block" />
        ))}
        {strip.map((entry) => {
          const { weekday, day: dayNumber, month } = dayChipParts(entry.date);
          const isSelected = entry.date === day;
          const full = formatSlotDay(entry.date);
          const face = (
            <>
              <span aria-hidden="true">{weekday}</span>
              <span aria-hidden="true" className={cn("text-lg font-semibold", !entry.open && "line-through")}>
                {dayNumber}
              </span>
              <span aria-hidden="true">{month}</span>
            </>
          );
          const closedLabel = `${full}, ${p.closedDay}`;
          if (!hydrated) {
            return entry.open ? (
              <a
                key={entry.date}
                href={hrefFor(entry.date)}
                aria-label={full}
                aria-current={isSelected ? "date" : undefined}
                data-selected={isSelected}
                className={cn(
                  CHIP,
                  "bg-card hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  isSelected && "border-primary bg-primary text-primary-foreground",
                )}
              >
                {face}
              </a>
            ) : (
              <span
                key={entry.date}
                role="img"
                aria-label={closedLabel}
                title={p.closedDay}
                data-selected={isSelected}
                className={cn(CHIP, "border-dashed text-muted-foreground opacity-60")}
              >
                {face}
              </span>
            );
          }
          return (
            <label
              key={entry.date}
              title={entry.open ? undefined : p.closedDay}
              data-selected={isSelected}
              className={cn(
                CHIP,
                "relative",
                entry.open
                  ? "cursor-pointer bg-card hover:border-primary/60 has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
                  : "border-dashed text-muted-foreground opacity-60 has-checked:border-primary has-checked:opacity-100",
              )}
            >
              <input
                type="radio"
                name={groupName}
                value={entry.date}
                checked={isSelected}
                disabled={!entry.open}
                onChange={() => onChange(entry.date)}
                aria-label={entry.open ? full : closedLabel}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md focus-visible:outline-none disabled:cursor-not-allowed"
              />
              {face}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
