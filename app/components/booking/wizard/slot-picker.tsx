import { CalendarClock, ChevronDown } from "lucide-react";
import { useState } from "react";

import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { BUSINESS_TIME_ZONE, zonedWallTimeToInstant } from "~/domain/time/zoned";
import { messages } from "~/lib/messages.fr";

const w = messages.wizard;

/** Days revealed at a time by 'Plus de dates'. */
const DAYS_PER_PAGE = 7;

export interface SlotDay {
  /** Local calendar day, yyyy-MM-dd. */
  date: string;
  /** ISO 8601 instants with their offset. */
  slots: readonly { start: string; end: string }[];
}

const longDate = new Intl.DateTimeFormat("fr-CA", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: BUSINESS_TIME_ZONE,
});

const clockTime = new Intl.DateTimeFormat("fr-CA", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: BUSINESS_TIME_ZONE,
});

/** '2026-03-09' -> 'lundi 9 mars 2026' (noon local time: the same day in every offset). */
export function formatSlotDay(date: string): string {
  return longDate.format(zonedWallTimeToInstant(date, "12:00", BUSINESS_TIME_ZONE));
}

/** '2026-03-09T09:00:00-04:00' -> '09 h 00', on the business clock. */
export function formatSlotTime(iso: string): string {
  return clockTime.format(new Date(iso));
}

/** 90 -> '1 h 30', 180 -> '3 h', 45 -> '45 min'. */
function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
}

interface SlotPickerProps {
  /** Field name of the chosen start. */
  name: string;
  days: readonly SlotDay[];
  durationMinutes: number;
  /** The start chosen before (kept after a failed submission), if still offered. */
  defaultValue?: string | undefined;
  error?: readonly string[] | undefined;
  errorId: string;
  phone: string;
}

/**
 * The open slots grouped by day (fr-CA, America/Toronto), as one group of native radios: arrow
 * keys move between times, and the form posts without JavaScript. Days with a slot are shown
 * seven at a time; 'Plus de dates' reveals the next ones.
 */
export function SlotPicker({
  name,
  days,
  durationMinutes,
  defaultValue,
  error,
  errorId,
  phone,
}: SlotPickerProps) {
  const open = days.filter((day) => day.slots.length > 0);
  const chosenDay = open.findIndex((day) => day.slots.some((slot) => slot.start === defaultValue));
  const [shown, setShown] = useState(() =>
    Math.max(DAYS_PER_PAGE, Math.ceil((chosenDay + 1) / DAYS_PER_PAGE) * DAYS_PER_PAGE),
  );
  const invalid = (error?.length ?? 0) > 0;

  if (open.length === 0) {
    return (
      <Alert>
        <AlertDescription className="text-foreground">{w.noSlots(phone)}</AlertDescription>
      </Alert>
    );
  }

  return (
    <fieldset className="grid gap-4" aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1 text-lg font-semibold">{w.slotsLegend}</legend>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        {w.duration(formatDuration(durationMinutes))}
      </p>
      {invalid ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error?.join(" ")}
        </p>
      ) : null}
      {open.slice(0, shown).map((day) => (
        <fieldset key={day.date} className="grid gap-2">
          <legend className="mb-2 text-sm font-semibold first-letter:uppercase">
            {formatSlotDay(day.date)}
          </legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5">
            {day.slots.map((slot) => (
              <label
                key={slot.start}
                className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-md border bg-card px-2 text-sm font-medium tabular-nums transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  name={name}
                  value={slot.start}
                  defaultChecked={slot.start === defaultValue}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md focus-visible:outline-none"
                />
                {formatSlotTime(slot.start)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {shown < open.length ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setShown((count) => count + DAYS_PER_PAGE)}
        >
          <ChevronDown aria-hidden="true" />
          {w.moreDates}
        </Button>
      ) : null}
    </fieldset>
  );
}
