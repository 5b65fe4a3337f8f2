import type { Db } from "../../db.server";
import { listOpenSlots, type ListOpenSlotsInput } from "./list-open-slots.server";
import type { SlotsQuery } from "~/domain/booking/schemas";
import { offlineGeocoder, type Geocoder } from "~/domain/geo/geocoder";
import { pointKey, type GeoPoint } from "~/domain/travel/travel-time";
import { remember } from "../../remember.server";

/**
 * A cache of slot lists for the JSON endpoint that apps and agents poll (GET /api/slots).
 *
 * Any change that can open or close a slot (a booking, a cancellation, a reschedule, a zone, a
 * service, a team member's hours) goes through one of the two helpers of `slot-change.server.ts`, never through the
 * cache directly: `withSlotChange` (the rare writes: NOTIFY inside the transaction) or
 * `withBookedSlot` (a booking: NOTIFY after the commit, ADR 054). Both forget this process's
 * lists once the change has committed, so GET /api/slots answers the new set at once, on PGlite
 * too (one process; nothing receives the NOTIFY); the NOTIFY reaches the other instances, which
 * listen on `SLOTS_CHANNEL` (`slot-notice.server.ts`, bootstrap). Entries also expire after 30 s and are keyed by the
 * minute, so that the minimum notice keeps moving and a lost notification can only leave a list
 * stale for seconds. The booking transaction re-checks every slot, so a stale list can never
 * cause a double booking; pages compute their lists fresh.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

const state = remember(
  "booking.slotCache",
  (): { epoch: number; entries: Map<string, { epoch: number; at: number; json: string }> } => ({
    epoch: 0,
    entries: new Map(),
  }),
);

/** Forgets the cached lists only: a booking changes no zone, service or team. */
export function forgetLists(): void {
  state.epoch += 1;
  state.entries.clear();
}

/**
 * Forgets every cached list and every remembered zone, service and team (`remembered`): on a
 * notification from another instance (bootstrap), and in tests after a write that bypasses the
 * services. A change of this process goes through `withSlotChange` or `withBookedSlot` instead.
 */
export function invalidateOpenSlots(): void {
  forgetLists();
  context.epoch += 1;
}

/**
 * The zone, service and team a booking reads before its transaction, kept for a few seconds
 * (ADR 054): on PGlite every statement waits for the one session, and these rows change only
 * through `withSlotChange` (which forgets them at its commit, as it forgets the lists), or on
 * another instance (its NOTIFY forgets them here; a lost one, after `CONTEXT_TTL_MS`). A booking
 * read the same rows before its transaction already, so a second-old copy changes nothing the
 * transaction relies on: the exclusion constraint and the re-check of busy ranges decide.
 */
const CONTEXT_TTL_MS = 5_000;
const MAX_CONTEXT_ENTRIES = 200;

const context = remember(
  "booking.context",
  (): {
    epoch: number;
    byDb: WeakMap<object, Map<string, { epoch: number; at: number; value: unknown }>>;
  } => ({ epoch: 0, byDb: new WeakMap() }),
);

/**
 * `load()`'s value for `key` in `db`, read again when older than a few seconds or after a change
 * (`withSlotChange`, `invalidateOpenSlots`); a load that throws is not kept.
 */
export async function remembered<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let entries = context.byDb.get(db);
  if (!entries) {
    entries = new Map();
    context.byDb.set(db, entries);
  }
  const hit = entries.get(key);
  const nowMs = Date.now();
  if (hit && hit.epoch === context.epoch && nowMs - hit.at < CONTEXT_TTL_MS) return hit.value as T;
  const epoch = context.epoch;
  const value = await load();
  // A change committed while loading moved the epoch: this value is then not kept.
  if (epoch === context.epoch) {
    if (entries.size >= MAX_CONTEXT_ENTRIES) entries.clear();
    entries.set(key, { epoch, at: nowMs, value });
  }
  return value;
}

/** The slot list as the JSON body of GET /api/slots (serialised once per cached list). */
export async function openSlotsJson(db: Db, input: ListOpenSlotsInput): Promise<string> {
  const minute = Math.floor(input.now.getTime() / 60_000);
  const key = [
    input.zoneSlug,
    input.cars,
    input.from ?? "",
    input.days ?? "",
    input.serviceId ?? "",
    // The address's area: the times depend on the drive to it (ADR 048).
    input.site ? pointKey(input.site) : "",
    minute,
  ].join("|");
  const hit = state.entries.get(key);
  const nowMs = Date.now();
  if (hit && hit.epoch === state.epoch && nowMs - hit.at < TTL_MS) return hit.json;
  const epoch = state.epoch;
  const json = JSON.stringify(await listOpenSlots(db, input));
  // A change committed while computing bumps the epoch: this result is then not kept.
  if (epoch === state.epoch) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
    state.entries.set(key, { epoch, at: nowMs, json });
  }
  return json;
}

/** The JSON body of GET /api/slots for a parsed query (the route module and the hot path). */
export async function slotsAnswerJson(
  db: Db,
  query: SlotsQuery,
  now: Date,
  geocoder: Geocoder = offlineGeocoder,
): Promise<string> {
  const { zone, cars, from, days, serviceId, address } = query;
  const site = address ? await siteOf(address, geocoder) : null;
  return openSlotsJson(db, { zoneSlug: zone, cars, from, days, serviceId, site, now });
}

/** The point of an address or postal code; an address the locator cannot place gives none. */
export async function siteOf(text: string, geocoder: Geocoder = offlineGeocoder): Promise<GeoPoint | null> {
  const location = await geocoder.locate(text);
  return location.kind === "point" ? { lat: location.lat, lon: location.lon } : null;
}
