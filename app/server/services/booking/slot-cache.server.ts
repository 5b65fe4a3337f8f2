import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db.server";
import { listOpenSlots, type ListOpenSlotsInput } from "./list-open-slots.server";
import type { SlotsQuery } from "~/domain/booking/schemas";
import { offlineGeocoder, type Geocoder } from "~/domain/geo/geocoder";
import { pointKey, type GeoPoint } from "~/domain/travel/travel-time";
import { log } from "../../log.server";
import { remember } from "../../remember.server";

/**
 * A cache of slot lists for the JSON endpoint that apps and agents poll (GET /api/slots).
 *
 * Any change that can open or close a slot (a booking, a cancellation, a reschedule, a zone, a
 * service, a team member's hours) goes through one of the two helpers below, never through the
 * cache directly: `withSlotChange` (the rare writes: NOTIFY inside the transaction) or
 * `withBookedSlot` (a booking: NOTIFY after the commit, ADR 054). Both forget this process's
 * lists once the change has committed, so GET /api/slots answers the new set at once, on PGlite
 * too (one process; nothing receives the NOTIFY); the NOTIFY reaches the other instances, which
 * listen on `SLOTS_CHANNEL` (bootstrap). Entries also expire after 30 s and are keyed by the
 * minute, so that the minimum notice keeps moving and a lost notification can only leave a list
 * stale for seconds. The booking transaction re-checks every slot, so a stale list can never
 * cause a double booking; pages compute their lists fresh.
 */
export const SLOTS_CHANNEL = "slots_changed";
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
function forgetLists(): void {
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

/**
 * The payload of a booking's NOTIFY: a booking changes no zone, service or team, so the
 * instances that hear it forget their slot lists only, and keep the remembered rows (ADR 054,
 * eleventh pass). Every other change notifies with an empty payload: forget everything.
 */
const BOOKING_PAYLOAD = "booking";

/** Tells every instance listening, at the commit of `tx` (or at once outside one), to recompute. */
async function announceSlotsChanged(tx: Tx | Db, payload: "" | typeof BOOKING_PAYLOAD = ""): Promise<void> {
  await tx.execute(sql`select pg_notify(${SLOTS_CHANNEL}, ${payload})`);
}

/**
 * What an instance does on a NOTIFY of `SLOTS_CHANNEL` (bootstrap), its own included: a
 * booking's forgets the slot lists; any other (or a lost connection: empty payload) forgets
 * the remembered zones, services and teams too. This process's own booking already forgot its
 * lists at its commit; hearing it again keeps the rows it remembers, on PostgreSQL as on PGlite.
 */
export function slotsChangedElsewhere(payload: string): void {
  if (payload === BOOKING_PAYLOAD) forgetLists();
  else invalidateOpenSlots();
}

/**
 * The one way for a rare change that can open or close slots (a cancellation, a reschedule, a
 * reassignment, a zone, a service, a team member's hours): runs it in a transaction that
 * announces the change (NOTIFY, delivered at commit to the other instances), then clears this
 * process's cached lists once committed. A change that throws rolls back, announces nothing and
 * keeps the lists; one that turned out to change nothing only costs a recomputation.
 */
export async function withSlotChange<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await change(tx);
    await announceSlotsChanged(tx);
    return value;
  });
  // After the commit: a list computed before it can no longer be kept (the epoch moved).
  invalidateOpenSlots();
  return result;
}

/**
 * The hot path's variant (a booking): runs the change in a transaction without a NOTIFY, then,
 * once committed, clears this process's lists at once and tells the other instances with a
 * NOTIFY of its own, outside the transaction.
 *
 * Why not `withSlotChange`: PostgreSQL serializes the commits of every transaction that sent a
 * NOTIFY (one global lock, held through the commit's disk flush), so concurrent bookings queued
 * behind each other at commit (ADR 054). Here at most one NOTIFY is in flight per process:
 * changes committed meanwhile share the next one. Nobody waits for it; a lost one leaves another
 * instance's list stale for at most the cache's 30 s, and the booking transaction re-checks
 * every slot anyway.
 */
export async function withBookedSlot<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(change);
  forgetLists();
  notifyOthersSoon(db);
  return result;
}

const notifyState = remember(
  "booking.slotsNotify",
  (): { sending: Promise<void> | undefined; again: boolean } => ({ sending: undefined, again: false }),
);
const alone = remember("booking.slotsAlone", (): { __slotsAlone?: boolean } => ({}));

/**
 * On PGlite this process is the only one on its database (its data folder is locked): nobody
 * else to tell, so a booking does not spend a statement, and the one session, on a NOTIFY.
 */
export function slotsHaveNoOtherInstance(): void {
  alone.__slotsAlone = true;
}

/** One NOTIFY outside any transaction, at most one in flight; changes meanwhile share the next. */
function notifyOthersSoon(db: Db): void {
  if (alone.__slotsAlone) return;
  if (notifyState.sending) {
    notifyState.again = true;
    return;
  }
  notifyState.sending = (async () => {
    try {
      do {
        notifyState.again = false;
        await announceSlotsChanged(db, BOOKING_PAYLOAD);
      } while (notifyState.again);
    } catch (error) {
      log.warn("Liste des créneaux : avis aux autres instances non envoyé.", { err: error });
    } finally {
      notifyState.sending = undefined;
    }
  })();
}

/**
 * Resolves once the NOTIFY in flight, if any, has been sent: a stop waits for it before closing
 * the database (ADR 064), as the booking that asked for it has already been answered.
 */
export async function slotNoticesSent(): Promise<void> {
  await notifyState.sending;
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
