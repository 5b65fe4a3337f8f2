import { localDate } from "~/domain/time/zoned";
/**
 * A disabled zone's status label is text the admin writes ('Retour en 2026'); the site never shows
 * a date already past (docs/product-decisions.md, 'Zones and regions'; ADR 046). Pure.
 *
 * Each year the label names (2000-2099) is read with the word before it:
 * - a month ('mars 2027') or a season ('printemps 2027'): past once that month or season is over;
 * - a year alone ('Retour en 2026'): a vague promise that goes stale before the year ends, so it
 *   is no longer shown from October 1 of that year (its last quarter): in late November 2026,
 *   'Retour en 2026' is not shown.
 * A label naming no year is shown as written. Months are read in the business time zone.
 */

const MONTHS = [
  "janvier",
  "fevrier",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "aout",
  "septembre",
  "octobre",
  "novembre",
  "decembre",
] as const;

/** The last month (1-12) of each season of the named year ('hiver 2027' ends in March 2027). */
const SEASON_LAST_MONTH: Readonly<Record<string, number>> = {
  hiver: 3,
  printemps: 6,
  ete: 9,
  automne: 12,
};

/** From October 1 of the named year, a year-only label is no longer shown. */
const YEAR_ONLY_LAST_MONTH = 9;

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The last month (year, 1-12) each date of the label covers; empty when it names no year. */
export function labelDeadlines(label: string): { year: number; month: number }[] {
  const words = fold(label)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const deadlines: { year: number; month: number }[] = [];
  words.forEach((word, index) => {
    if (!/^20\d\d$/.test(word)) return;
    const year = Number(word);
    let before = words[index - 1];
    if (before === "de" || before === "d") before = words[index - 2];
    const month = MONTHS.indexOf(before as (typeof MONTHS)[number]);
    const seasonEnd = before === undefined ? undefined : SEASON_LAST_MONTH[before];
    deadlines.push({ year, month: month >= 0 ? month + 1 : (seasonEnd ?? YEAR_ONLY_LAST_MONTH) });
  });
  return deadlines;
}

/** True when the label names a date that is over at `now`. */
export function isStaleStatusLabel(label: string, now: Date): boolean {
  const [year = 0, month = 0] = localDate(now).split("-").map(Number);
  const current = year * 12 + month;
  return labelDeadlines(label).some(({ year, month }) => year * 12 + month < current);
}

/** The label to show: the admin's text, or null (the catalogue's 'Bientôt disponible') when empty or past. */
export function shownStatusLabel(label: string | null | undefined, now: Date): string | null {
  const text = label?.trim();
  if (!text) return null;
  return isStaleStatusLabel(text, now) ? null : text;
}
