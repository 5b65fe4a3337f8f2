import { eq } from "drizzle-orm";
import { appointments, appointmentUpsells } from "#db/schema";
import { priceBooking } from "~/domain/booking/pricing";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { lockAppointment, resolveUpsells } from "./booking-context.server";

export interface UpdateUpsellsResult {
  bookingId: string;
  /** Before taxes: unit price x cars + upsells. */
  priceCents: number;
  upsells: { name: string; priceCents: number }[];
}

/**
 * Replaces the extras of a booking (the spec's update-appointment call, made by the booking
 * pages with the booking id): names or slugs of active upsell options, an unknown one refused
 * (UNKNOWN_UPSELL). An extra the booking already had keeps the price it was chosen at; a new one
 * takes today's price. price_cents is recomputed. Only while the booking is scheduled and has
 * not started (APPOINTMENT_NOT_CHANGEABLE).
 */
export async function updateAppointmentUpsells(
  db: Db,
  { bookingId, upsells, now }: { bookingId: string; upsells: readonly string[]; now: Date },
): Promise<UpdateUpsellsResult> {
  return db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, bookingId);
    if (appointment.status !== "scheduled" || appointment.startAt.getTime() <= now.getTime()) {
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    }
    const chosen = await resolveUpsells(tx, upsells);
    const current = await tx
      .select()
      .from(appointmentUpsells)
      .where(eq(appointmentUpsells.appointmentId, appointment.id));
    const rows = chosen.map((option) => {
      const kept = current.find((c) => c.upsellOptionId === option.id);
      return {
        appointmentId: appointment.id,
        upsellOptionId: option.id,
        name: kept?.name ?? option.name,
        priceCents: kept?.priceCents ?? option.priceCents,
      };
    });
    await tx.delete(appointmentUpsells).where(eq(appointmentUpsells.appointmentId, appointment.id));
    if (rows.length > 0) await tx.insert(appointmentUpsells).values(rows);
    const { subtotalCents } = priceBooking({
      unitPriceCents: appointment.unitPriceCents,
      cars: appointment.cars,
      upsells: rows,
    });
    await tx
      .update(appointments)
      .set({ priceCents: subtotalCents })
      .where(eq(appointments.id, appointment.id));
    return {
      bookingId,
      priceCents: subtotalCents,
      upsells: rows.map(({ name, priceCents }) => ({ name, priceCents })),
    };
  });
}
