import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/** A Granby street address the zone serves. */
export const GRANBY_ADDRESS = "120 rue Principale, Granby J2G 2T5";

export interface Slot {
  start: string;
  end: string;
}

/**
 * The open Granby slots for `cars` cars (`query` adds parameters: from, days, address), every
 * day's in turn.
 */
export async function openSlots(
  request: APIRequestContext,
  { cars = 1, ...query }: { cars?: number; from?: string; days?: number; address?: string } = {},
): Promise<Slot[]> {
  const params = new URLSearchParams({ zone: "granby", cars: String(cars) });
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const response = await request.get(`/api/slots?${params.toString()}`);
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as { days: { slots: Slot[] }[] };
  return answer.days.flatMap((d) => d.slots);
}

/** The starts of the open Granby slots of one car on `date`. */
export async function startsOn(request: APIRequestContext, date: string): Promise<string[]> {
  return (await openSlots(request, { from: date, days: 1 })).map((s) => s.start);
}

/** The same call as `bookThroughApi`, its answer whatever it is (a 409 when the time was taken). */
export function tryBookThroughApi(
  request: APIRequestContext,
  baseURL: string,
  fields: { start: string; name: string; email: string } & Record<string, unknown>,
) {
  return request.post("/api/bookings", {
    data: { zone: "granby", cars: 1, phone: "450 555 0199", address: GRANBY_ADDRESS, ...fields },
    headers: { origin: baseURL },
  });
}

/**
 * Books through the public API, as a guest: one car at GRANBY_ADDRESS from 450 555 0199 unless
 * `fields` say otherwise; the booking must be made (201).
 */
export async function bookThroughApi(
  request: APIRequestContext,
  baseURL: string,
  fields: { start: string; name: string; email: string } & Record<string, unknown>,
): Promise<{ booking_id: string; manage_url: string }> {
  const response = await tryBookThroughApi(request, baseURL, fields);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { booking_id: string; manage_url: string };
}

/** A `weekday` (0 Sunday … 6 Saturday) 100 to 170 days ahead: within the horizon, past what other specs book. */
export function farWeekday(weekday: number): string {
  const date = new Date(Date.now() + (100 + Math.floor(Math.random() * 70)) * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * An instant's day as the pages and e-mails write it, on the business clock: 'lundi 9 mars 2026',
 * and 'lundi 1er février 2027' for the first of a month (the OQLF's ordinal, which `Intl` omits).
 */
export function writtenDay(iso: string): string {
  const written = new Intl.DateTimeFormat("fr-CA", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "America/Toronto",
  }).format(new Date(iso));
  return written.replace(/^(\S+) 1 /, "$1 1er ");
}
