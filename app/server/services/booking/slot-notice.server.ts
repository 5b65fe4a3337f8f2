/**
 * The cross-instance notice of a slot change (ADR 054): a NOTIFY on `SLOTS_CHANNEL` that every
 * instance listens to (bootstrap), so that each forgets its cached slot lists
 * (`slot-cache.server.ts`).
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db.server";
import { log } from "../../log.server";
import { remember } from "../../remember.server";
import { forgetLists, invalidateOpenSlots } from "./slot-cache.server";

export const SLOTS_CHANNEL = "slots_changed";

/**
 * The payload of a booking's NOTIFY: a booking changes no zone, service or team, so the
 * instances that hear it forget their slot lists only, and keep the remembered rows (ADR 054,
 * eleventh pass). Every other change notifies with an empty payload: forget everything.
 */
const BOOKING_PAYLOAD = "booking";

/** Tells every instance listening, at the commit of `tx` (or at once outside one), to recompute. */
export async function announceSlotsChanged(
  tx: Tx | Db,
  payload: "" | typeof BOOKING_PAYLOAD = "",
): Promise<void> {
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
export function notifyOthersSoon(db: Db): void {
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
