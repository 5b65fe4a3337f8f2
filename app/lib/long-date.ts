// A calendar date in words, apart from ~/lib/format so that a page that shows only this (the legal
// pages' update date) does not load the time-zone code format.ts needs (ADR 054; scripts/bench-measurements.md, tenth pass).

/** The months' names, in French, January first. */
export const MONTHS = [
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

/** '2025-09-23' -> '23 septembre 2025', '2025-10-01' -> '1er octobre 2025' (a calendar date, no time zone involved). */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return `${day === 1 ? "1er" : day} ${MONTHS[month - 1]} ${year}`;
}
