import {
  addDays,
  addMonths,
  addYears,
  eachDayOfInterval,
  eachWeekOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfToday,
  startOfWeek,
} from "date-fns";
import { frCA } from "date-fns/locale/fr-CA";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { Button } from "./button";

const locale = { locale: frCA };

type CalendarProps = {
  selected: Date | undefined;
  onSelect: (date: Date) => void;
  /** Days that cannot be picked; they stay reachable by keyboard but do nothing. */
  isDisabled?: (date: Date) => boolean;
  /** Moves the focus to the selected day (or today) when the calendar appears. */
  autoFocus?: boolean;
  className?: string;
};

/** Month grid in fr-CA (weeks start on Sunday), navigable with the keyboard like a date grid. */
export function Calendar({
  selected,
  onSelect,
  isDisabled = () => false,
  autoFocus = false,
  className,
}: CalendarProps) {
  const titleId = useId();
  const today = startOfToday();
  const [focused, setFocused] = useState(() => selected ?? today);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusAfterRender = useRef(autoFocus);
  const month = startOfMonth(focused);
  const weeks = eachWeekOfInterval({ start: month, end: endOfMonth(month) }, locale).map((weekStart) =>
    eachDayOfInterval({ start: weekStart, end: endOfWeek(weekStart, locale) }),
  );

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus({ preventScroll: true });
  });

  function moveFocus(date: Date) {
    focusAfterRender.current = true;
    setFocused(date);
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const targets: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => startOfWeek(focused, locale),
      End: () => endOfWeek(focused, locale),
      PageUp: () => (event.shiftKey ? addYears(focused, -1) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addYears(focused, 1) : addMonths(focused, 1)),
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    moveFocus(target());
  }

  return (
    <div className={cn("w-fit", className)}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={messages.ui.previousMonth}
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 id={titleId} aria-live="polite" className="text-sm font-semibold first-letter:uppercase">
          {format(month, "LLLL yyyy", locale)}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={messages.ui.nextMonth}
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        onKeyDown={onGridKeyDown}
        className="border-collapse"
      >
        <thead>
          <tr>
            {(weeks[0] ?? []).map((day) => (
              <th
                key={day.toISOString()}
                scope="col"
                abbr={format(day, "EEEE", locale)}
                className="size-10 text-xs font-normal text-muted-foreground"
              >
                {format(day, "EEEEEE", locale)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                if (!isSameMonth(day, month)) return <td key={day.toISOString()} />;
                const isSelected = selected !== undefined && isSameDay(day, selected);
                const disabled = isDisabled(day);
                return (
                  <td key={day.toISOString()} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      tabIndex={isSameDay(day, focused) ? 0 : -1}
                      aria-label={format(day, "EEEE d MMMM yyyy", locale)}
                      aria-current={isSameDay(day, today) ? "date" : undefined}
                      aria-disabled={disabled || undefined}
                      onClick={() => {
                        setFocused(day);
                        if (!disabled) onSelect(day);
                      }}
                      className={cn(
                        "size-10 rounded-md text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring",
                        "aria-[current=date]:font-bold aria-[current=date]:text-primary",
                        isSelected &&
                          "bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground aria-[current=date]:text-primary-foreground",
                        disabled && "cursor-not-allowed opacity-40 hover:bg-transparent",
                      )}
                    >
                      {format(day, "d")}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
