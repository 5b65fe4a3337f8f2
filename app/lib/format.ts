/**
 * Formatting without Intl on the public pages' path: the first `Intl` formatter of a locale makes
 * the browser load that locale's data, a ~25 ms task on a phone before the page can respond
 * (ADR 040). These functions give exactly what `Intl` gives for fr-CA (tests compare them).
 */

const NO_BREAK_SPACE = "\u00a0";

/** 1234567 -> '1 234 567', with fr-CA's no-break space between groups of three digits. */
function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
}

/** 14999 -> '149,99 $' (fr-CA). Money is integer cents everywhere. */
export function formatMoney(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const absolute = Math.abs(rounded);
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, "0");
  return `${sign}${groupDigits(whole)},${fraction}${NO_BREAK_SPACE}$`;
}

const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;

/** '2025-09-23' -> '23 septembre 2025' (a calendar date, no time zone involved). */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** ['Granby', 'Sherbrooke', 'Gatineau'] -> 'Granby, Sherbrooke et Gatineau'. */
export function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}
