/**
 * The customer's words for a moment ("jeudi après-midi", "demain matin", "la semaine prochaine",
 * "samedi vers 10 h") read into the days and hours they ask for (issue 33, item 6; ADR 097).
 *
 * The day comes from chrono-node's French parser (`chrono.fr`), given the business day as its
 * reference; a small layer of our own reads what chrono does not: the parts of the day (matin
 * 8 h–12 h, midi 11 h–13 h, après-midi 12 h–17 h, soir 17 h–21 h), a time written "10 h 30",
 * "après-demain", a weekday that may be today, "la semaine prochaine", "cette semaine" and
 * "la fin de semaine" (Saturday and Sunday, as said in Quebec).
 *
 * Everything is a wall-clock day or time in the business time zone: the clock passed in is
 * turned into its day there first, so the answer is the same whatever the server's own zone.
 */
import * as chrono from "chrono-node";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  dayOfWeekOf,
  instantToZonedParts,
  localDate,
} from "~/domain/time/zoned";
import { formatClock, formatDay } from "~/lib/format";

export type DayPart = "matin" | "midi" | "apres-midi" | "soir";

/** A part of the day: the slot starts it holds, in minutes after midnight, [start, end). */
export const DAY_PARTS: Record<DayPart, { start: number; end: number; label: string }> = {
  matin: { start: 8 * 60, end: 12 * 60, label: "le matin" },
  midi: { start: 11 * 60, end: 13 * 60, label: "vers midi" },
  "apres-midi": { start: 12 * 60, end: 17 * 60, label: "l'après-midi" },
  soir: { start: 17 * 60, end: 21 * 60, label: "le soir" },
};

/** How far from a time asked for ("vers 10 h") a slot may start, in minutes. */
export const AROUND_MINUTES = 60;

export interface WhenWish {
  /** First and last day wanted (`yyyy-MM-dd`, inclusive); null: any day. */
  from: string | null;
  to: string | null;
  /** A part of the day; null: any. */
  part: DayPart | null;
  /** A time asked for, in minutes after midnight; null: none. */
  around: number | null;
}

/** Lower case, no accents, one space between words, apostrophes straight. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

function partOf(t: string): DayPart | null {
  if (/apres[- ]?midi|\bpm\b/.test(t)) return "apres-midi";
  if (/avant[- ]?midi|\bmatin|matinee|\bam\b/.test(t)) return "matin";
  if (/\bsoir|soiree/.test(t)) return "soir";
  if (/\bmidi\b|heure du diner|\bdiner\b/.test(t)) return "midi";
  return null;
}

/** "10 h", "10h30", "9 h 30", "14:15" -> minutes after midnight. */
function timeOf(t: string): number | null {
  const match = /\b([01]?\d|2[0-3])\s*(?:h|:)\s*([0-5]\d)?(?![\d])/.exec(t);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2] ?? 0);
}

const WEEKDAY_WORDS = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"];

/** The next day (today included, unless `after`) that is this weekday. */
function nextWeekday(today: string, weekday: number, after: boolean): string {
  let gap = (weekday - dayOfWeekOf(today) + 7) % 7;
  if (gap === 0 && after) gap = 7;
  return addDaysToDateString(today, gap);
}

/** The days chrono-node reads (a date, "demain", "dans 3 jours"), with our rules for weekdays. */
function daysOf(t: string, today: string): { from: string; to: string } | null {
  if (/apres[- ]demain/.test(t)) {
    const day = addDaysToDateString(today, 2);
    return { from: day, to: day };
  }
  if (/\bce (soir|matin|midi)|\bcet (apres[- ]?midi|avant[- ]?midi)/.test(t)) {
    return { from: today, to: today };
  }
  const monday = nextWeekday(today, 1, true);
  const weekday = new RegExp(`\\b(${WEEKDAY_WORDS.join("|")})\\b( prochain)?`).exec(t);
  if (/semaine (prochaine|suivante|d'apres)/.test(t)) {
    if (weekday) {
      const day = addDaysToDateString(monday, (WEEKDAY_WORDS.indexOf(weekday[1]!) + 6) % 7);
      return { from: day, to: day };
    }
    return { from: monday, to: addDaysToDateString(monday, 6) };
  }
  if (/fin de semaine|week-?end/.test(t)) {
    const weekday = dayOfWeekOf(today);
    if (weekday === 0) return { from: today, to: today };
    return { from: nextWeekday(today, 6, false), to: nextWeekday(today, 0, false) };
  }
  if (/cette semaine/.test(t)) {
    return { from: today, to: addDaysToDateString(monday, -1) };
  }
  // A weekday alone: the next one, today included ("jeudi" said on a Thursday morning is today),
  // the one after with "prochain" when it is today.
  const hasDate = /\b\d{1,2}(er)? (janv|fevr|mars|avr|mai|juin|juil|aout|sept|oct|nov|dec)/.test(t);
  if (weekday && !hasDate) {
    const day = nextWeekday(today, WEEKDAY_WORDS.indexOf(weekday[1]!), Boolean(weekday[2]));
    return { from: day, to: day };
  }
  // chrono-node reckons in the process's own zone: its reference is the business day's noon
  // written as a local time, and only the day it finds is read back (never an instant).
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const reference = new Date(y, m - 1, d, 12, 0, 0);
  for (const result of chrono.fr.parse(t, reference, { forwardDate: true })) {
    if (!result.start.isCertain("day") && !result.start.isCertain("weekday")) continue;
    const day = [
      String(result.start.get("year")).padStart(4, "0"),
      String(result.start.get("month")).padStart(2, "0"),
      String(result.start.get("day")).padStart(2, "0"),
    ].join("-");
    return { from: day, to: day };
  }
  return null;
}

/**
 * What the words ask for, with `now` the clock (its day in the business time zone is "today"),
 * or null when they name no day, part of the day or time.
 */
export function parseWhen(text: string, now: Date): WhenWish | null {
  const t = fold(text);
  if (!t) return null;
  const today = localDate(now);
  const days = daysOf(t, today);
  const part = partOf(t);
  const around = timeOf(t);
  if (!days && !part && around === null) return null;
  // A day already gone ("hier") asks for nothing we can offer: from today on.
  const from = days && days.from < today ? today : (days?.from ?? null);
  const to = days ? (days.to < today ? today : days.to) : null;
  return { from, to, part: around === null ? part : null, around };
}

/** Whether a slot's start (an instant) is one the wish asks for. */
export function startMatches(start: string | Date, wish: WhenWish): boolean {
  const parts = instantToZonedParts(new Date(start), BUSINESS_TIME_ZONE);
  if (wish.from && parts.date < wish.from) return false;
  if (wish.to && parts.date > wish.to) return false;
  const minutes = Number(parts.time.slice(0, 2)) * 60 + Number(parts.time.slice(3, 5));
  if (wish.around !== null) return Math.abs(minutes - wish.around) <= AROUND_MINUTES;
  if (wish.part) return minutes >= DAY_PARTS[wish.part].start && minutes < DAY_PARTS[wish.part].end;
  return true;
}

/** The starts a wish asks for, the closest to its time first when it names one. */
export function narrowStarts(starts: readonly string[], wish: WhenWish): string[] {
  const kept = starts.filter((start) => startMatches(start, wish));
  if (wish.around === null) return kept;
  const distance = (start: string) => {
    const time = instantToZonedParts(new Date(start), BUSINESS_TIME_ZONE).time;
    return Math.abs(Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) - wish.around!);
  };
  // By day first, then by closeness within the day.
  return kept.sort((a, b) => {
    const dayA = localDate(new Date(a));
    const dayB = localDate(new Date(b));
    return dayA === dayB ? distance(a) - distance(b) : dayA < dayB ? -1 : 1;
  });
}

function clock(minutes: number): string {
  return formatClock(
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`,
  );
}

/** The wish said back in French: 'le jeudi 3 décembre, l'après-midi', 'vers 10 h'. */
export function describeWish(wish: WhenWish): string {
  const pieces: string[] = [];
  if (wish.from && wish.to && wish.from === wish.to) pieces.push(`le ${formatDay(wish.from, "weekday")}`);
  else if (wish.from && wish.to) {
    pieces.push(`du ${formatDay(wish.from, "weekday")} au ${formatDay(wish.to, "weekday")}`);
  }
  if (wish.around !== null) pieces.push(`vers ${clock(wish.around)}`);
  else if (wish.part) {
    const part = DAY_PARTS[wish.part];
    pieces.push(`${part.label} (de ${clock(part.start)} à ${clock(part.end)})`);
  }
  return pieces.join(", ");
}

/** Whether the words ask to see more hours: "autres heures", "d'autres heures", "plus d'heures". */
export function asksForMore(text: string): boolean {
  const t = fold(text);
  return /\bautres? (heures?|creneaux|choix|moments?|dates?)\b|plus d'heures|encore\b|\bsuivant/.test(t);
}
