import { CalendarClock, RefreshCw } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import {
  buildDayStrip,
  groupByDayPart,
  initialDay,
  nearestFreeSlots,
  PICKER_DAYS,
} from "~/domain/booking/slot-picker";
import { localDate } from "~/domain/time/zoned";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { slotPickerMessages } from "~/lib/messages/slot-picker.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { useHydrated } from "~/lib/use-hydrated";
import { formatDuration, formatSlotWhen, chipText, formatSlotTime, formatSlotDay } from "./slot-format";
import { DayStrip } from "./day-strip";

const w = wizardMessages;
const p = slotPickerMessages;

/** Search parameter of the day links: without JavaScript, a day is chosen by a GET. */
const DAY_PARAM = "jour";

export interface SlotDay {
  /** Local calendar day, yyyy-MM-dd. */
  date: string;
  /** ISO 8601 instants with their offset. */
  slots: readonly { start: string; end: string }[];
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
  /** The appointment being moved (manage page): the picker opens on its day and marks its time. */
  current?: string | undefined;
  /**
   * A start the server just refused as taken (409 SLOT_TAKEN). By default, `defaultValue` when the
   * days no longer offer it.
   */
  taken?: string | undefined;
  /** The taken notice's first line; the booking's « créneau vient d'être réservé » by default. */
  takenText?: string | undefined;
  /** With a taken start, reload the days from GET /api/slots for this zone and car count. */
  refresh?: { zone: string; cars: number } | undefined;
  /** The group's name; 'Date et heure' by default. */
  legend?: string | undefined;
  required?: boolean | undefined;
}

type Time = { start: string; current?: boolean };

/**
 * Day, then time (issue 14, ADR 045). A strip of the next 30 days (a calendar from 640 px), the
 * days without a free time shown disabled with the reason, then the chosen day's times as native
 * radios grouped by morning, afternoon and evening (America/Toronto). Without JavaScript, the days
 * are links (?jour=yyyy-MM-dd) and the times still post with the form. When the chosen time was
 * taken meanwhile, the picker says so, reloads the slots and offers the nearest free times.
 */
export function SlotPicker({
  name,
  days,
  durationMinutes,
  defaultValue,
  error,
  errorId,
  phone,
  current,
  taken,
  takenText = bookingMessages.slotTaken,
  refresh,
  legend = w.slotsLegend,
  required,
}: SlotPickerProps) {
  const id = useId();
  const hydrated = useHydrated();
  const location = useLocation();
  // The days reloaded after a taken time (null days: the reload failed, the shown ones stay).
  const [fresh, setFresh] = useState<{ lost: string; days: readonly SlotDay[] | null } | null>(null);
  const freshDays = fresh?.days ?? null;

  // The current appointment's own time is never offered as a new one.
  const shownDays = useMemo(
    () =>
      (freshDays ?? days).map((day) => ({
        date: day.date,
        slots: day.slots.filter((slot) => slot.start !== current),
      })),
    [freshDays, days, current],
  );
  const strip = useMemo(
    () =>
      shownDays[0]
        ? buildDayStrip(shownDays, shownDays[0].date, Math.max(PICKER_DAYS, shownDays.length))
        : [],
    [shownDays],
  );
  const offered = useMemo(() => new Set(shownDays.flatMap((d) => d.slots.map((s) => s.start))), [shownDays]);
  // Latched at mount: the form may forget the start it sent once its radio is gone.
  const [lostBefore] = useState(() =>
    defaultValue && !offered.has(defaultValue) ? defaultValue : undefined,
  );
  const lost = taken ?? lostBefore;
  const nearest = useMemo(() => (lost ? nearestFreeSlots(shownDays, lost) : []), [shownDays, lost]);
  const refreshing = Boolean(lost && refresh && fresh?.lost !== lost);

  const [chosen, setChosen] = useState<string | undefined>(() =>
    defaultValue && offered.has(defaultValue) ? defaultValue : undefined,
  );
  const requested = new URLSearchParams(location.search).get(DAY_PARAM);
  const [day, setDay] = useState(() =>
    initialDay(strip, { requested, chosen: chosen ?? nearest[0]?.start ?? lost, current }),
  );

  const stripRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const focusTime = useRef<string | null>(null);

  // A taken time: reload the open slots (the page's own data may be older than the refusal).
  const refreshZone = refresh?.zone;
  const refreshCars = refresh?.cars;
  useEffect(() => {
    if (!lost || !refreshZone || !refreshCars) return;
    const controller = new AbortController();
    const query = new URLSearchParams({
      zone: refreshZone,
      cars: String(refreshCars),
      days: String(PICKER_DAYS),
    });
    fetch(`/api/slots?${query.toString()}`, { signal: controller.signal })
      .then(async (response) => (response.ok ? ((await response.json()) as { days: SlotDay[] }) : null))
      .then((answer) => setFresh({ lost, days: answer?.days ?? null }))
      .catch(() => {
        // Aborted, or offline: the slots already shown stay.
        if (!controller.signal.aborted) setFresh({ lost, days: null });
      });
    return () => controller.abort();
  }, [lost, refreshZone, refreshCars]);

  // The notice of a taken time is read first.
  useEffect(() => {
    if (lost) noticeRef.current?.focus();
  }, [lost]);

  // Keep the chosen day in view inside the strip (never scrolls the page itself).
  useEffect(() => {
    const box = stripRef.current;
    const chip = box?.querySelector<HTMLElement>("[data-selected='true']");
    if (!box || !chip || box.scrollWidth <= box.clientWidth) return;
    box.scrollLeft = chip.offsetLeft - (box.clientWidth - chip.offsetWidth) / 2;
  }, [day, hydrated]);

  // A nearest time picked from the notice: focus its radio once the day is shown.
  useEffect(() => {
    if (!focusTime.current) return;
    const radio = document.querySelector<HTMLInputElement>(
      `input[type='radio'][name='${CSS.escape(name)}'][value='${CSS.escape(focusTime.current)}']`,
    );
    focusTime.current = null;
    radio?.focus();
  }, [day, chosen, name]);

  const invalid = (error?.length ?? 0) > 0;
  const hasOpenDay = strip.some((d) => d.open);

  if (!hasOpenDay && !current) {
    return (
      <Alert>
        <AlertDescription className="text-foreground">{w.noSlots(phone)}</AlertDescription>
      </Alert>
    );
  }

  const selected = strip.find((d) => d.date === day) ?? null;
  const times: Time[] = [
    ...(selected?.slots ?? []).map((slot) => ({ start: slot.start })),
    ...(current && selected && localDate(current) === selected.date
      ? [{ start: current, current: true }]
      : []),
  ];
  const groups = groupByDayPart(times);
  const visible = new Set(times.map((t) => t.start));
  const timesId = `${name}-heures`;

  function pickNearest(start: string) {
    focusTime.current = start;
    setDay(localDate(start));
    setChosen(start);
  }

  return (
    <fieldset className="grid min-w-0 gap-5" aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1 text-lg font-semibold">{legend}</legend>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        {w.duration(formatDuration(durationMinutes))}
      </p>
      {current ? <p className="text-sm">{p.currentNote(formatSlotWhen(current))}</p> : null}
      {/* A taken time: the notice below carries the message (once) and the error's id. */}
      {invalid && !lost ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error?.join(" ")}
        </p>
      ) : null}

      {lost ? (
        <div
          ref={noticeRef}
          id={invalid ? errorId : undefined}
          tabIndex={-1}
          role="status"
          className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="slot-taken"
        >
          <p className="font-medium">{takenText}</p>
          {refreshing ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <RefreshCw aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              {p.refreshing}
            </p>
          ) : nearest.length === 0 ? (
            <p>{p.nearestNone}</p>
          ) : (
            <div className="grid gap-2">
              <p>{p.nearestTitle}</p>
              <ul className="flex flex-wrap gap-2">
                {nearest.map((slot) => {
                  const label = `${chipText(localDate(slot.start))}, ${formatSlotTime(slot.start)}`;
                  return (
                    <li key={slot.start}>
                      {hydrated ? (
                        <button
                          type="button"
                          onClick={() => pickNearest(slot.start)}
                          aria-label={formatSlotWhen(slot.start)}
                          className="min-h-11 rounded-md border border-input bg-background px-3 text-sm font-medium tabular-nums transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                        >
                          {label}
                        </button>
                      ) : (
                        <span className="inline-flex min-h-11 items-center rounded-md border border-input bg-background px-3 font-medium tabular-nums">
                          {label}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      ) : null}

      <DayStrip
        strip={strip}
        day={day}
        groupName={`${name}-jour`}
        hydrated={hydrated}
        hrefFor={(date) => {
          const search = new URLSearchParams(location.search);
          search.set(DAY_PARAM, date);
          return `?${search.toString()}#${timesId}`;
        }}
        onChange={setDay}
        stripRef={stripRef}
        describedBy={`${id}-day-hint`}
      />
      <p id={`${id}-day-hint`} className="-mt-3 text-xs text-muted-foreground">
        {p.dayHint}
        {hydrated ? <span className="sr-only"> {p.dayKeysHint}</span> : null}
      </p>

      {selected ? (
        <fieldset id={timesId} className="grid min-w-0 scroll-mt-24 gap-4">
          <legend className="mb-2 text-base font-semibold first-letter:uppercase">
            {formatSlotDay(selected.date)}
          </legend>
          {selected.slots.length === 0 ? <p className="text-sm text-muted-foreground">{p.noTimes}</p> : null}
          {groups.map((group) => (
            <fieldset key={group.part} className="grid min-w-0 gap-2">
              <legend className="mb-1 text-sm font-medium text-muted-foreground">
                {p.parts[group.part]}
              </legend>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {group.slots.map((time) =>
                  time.current ? (
                    <CurrentTime key={time.start} start={time.start} />
                  ) : (
                    <label
                      key={time.start}
                      className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-md border bg-card px-2 text-sm font-medium tabular-nums transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
                    >
                      <input
                        type="radio"
                        name={name}
                        value={time.start}
                        checked={chosen === time.start}
                        onChange={() => setChosen(time.start)}
                        required={required}
                        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md focus-visible:outline-none"
                      />
                      {formatSlotTime(time.start)}
                    </label>
                  ),
                )}
              </div>
            </fieldset>
          ))}
        </fieldset>
      ) : null}

      {/* A time chosen on another day than the one shown still posts, and is named. */}
      {chosen && !visible.has(chosen) ? <input type="hidden" name={name} value={chosen} /> : null}
      <p aria-live="polite" className="text-sm font-medium">
        {chosen ? p.chosen(formatSlotWhen(chosen)) : null}
      </p>
    </fieldset>
  );
}

/** The appointment's own time: shown in its place, not a choice. */
function CurrentTime({ start }: { start: string }) {
  const time = formatSlotTime(start);
  return (
    <span
      role="img"
      aria-label={p.currentLabel(time)}
      className="flex min-h-11 flex-col items-center justify-center rounded-md border-2 border-dashed border-primary px-2 text-sm font-medium tabular-nums"
      data-testid="current-time"
    >
      <span aria-hidden="true">{time}</span>
      <span aria-hidden="true" className="text-[0.7rem] leading-none font-normal text-primary">
        {p.current}
      </span>
    </span>
  );
}
