import { localDate } from "~/domain/time/zoned";
import { dayChipParts, formatDay } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";

// How the slot picker writes days, times and durations (French, on the business clock).

/** '2026-03-09' -> 'lundi 9 mars 2026'. */
export function formatSlotDay(date: string): string {
  return formatDay(date, "weekdayYear");
}

/** '2026-03-09T09:00:00-04:00' -> '9 h 00', on the business clock. */
export function formatSlotTime(iso: string): string {
  return formatTime(iso);
}

/** 'lundi 9 mars 2026 à 9 h 00'. */
export function formatSlotWhen(iso: string): string {
  return `${formatSlotDay(localDate(iso))} à ${formatSlotTime(iso)}`;
}

/** 90 -> '1 h 30', 180 -> '3 h', 45 -> '45 min'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
}

/** 'jeu. 26 nov.' */
export function chipText(date: string): string {
  const { weekday, day, month } = dayChipParts(date);
  return `${weekday} ${day} ${month}`;
}

/** The slot of a start among the offered ones. */
export function findSlot(
  days: readonly { slots: readonly { start: string; end: string }[] }[],
  start: string | null,
) {
  if (!start) return null;
  for (const day of days) {
    const slot = day.slots.find((s) => s.start === start);
    if (slot) return slot;
  }
  return null;
}
