import { and, eq, isNull } from "drizzle-orm";
import { weatherMoveBookings } from "#db/schema";
import type { Tx } from "../../db.server";

/** A booking moved to a new time (by its customer or the desk): its weather move is answered. */
export async function markWeatherRebooked(
  tx: Tx,
  { appointmentId, from, to, now }: { appointmentId: string; from: Date; to: Date; now: Date },
): Promise<void> {
  if (from.getTime() === to.getTime()) return;
  await tx
    .update(weatherMoveBookings)
    .set({ rebookedAt: now, newStartAt: to })
    .where(
      and(
        eq(weatherMoveBookings.appointmentId, appointmentId),
        eq(weatherMoveBookings.originalStartAt, from),
        isNull(weatherMoveBookings.rebookedAt),
      ),
    );
}
