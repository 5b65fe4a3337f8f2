import { eq } from "drizzle-orm";
import { appointments, appointmentUpsells } from "#db/schema";
import { priceBooking } from "~/domain/booking/pricing";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db } from "../../db.server";
import { queueBookingChanged } from "../messaging/notify.server";
import { lockAppointment, manageAccess } from "./manage-access.server";
import { resolveUpsells } from "./resolve-upsells.server";

export interface UpdateUpsellsResult {
  bookingId: string;
  /** Before taxes: unit price x cars + upsells. */
  priceCents: number;
  upsells: { name: string; priceCents: number }[];
}

/**
 * Replaces the extras of a booking (the spec's update-appointment call, made by the confirmation
 * page): only with the booking's manage token or by its signed-in owner (INVALID_MANAGE_TOKEN
 * otherwise: the booking id alone is not a secret, it is read over the phone). Names or slugs of active upsell options, an unknown one refused
 * (UNKNOWN_UPSELL). An extra the booking already had keeps the price it was chosen at; a new one
 * takes today's price. price_cents is recomputed. Only while the booking is scheduled and has
 * not started (APPOINTMENT_NOT_CHANGEABLE). A real change queues the updated confirmation
 * (new total, .ics with the same UID and a higher SEQUENCE) in the same transaction; the same
 * extras sent again change nothing and send nothing.
 */
export async function updateAppointmentUpsells(
  db: Db,
  {
    bookingId,
    upsells,
    now,
    token,
    actor = null,
  }: {
    bookingId: string;
    upsells: readonly string[];
    now: Date;
    token?: string | undefined;
    actor?: SessionUser | null;
  },
): Promise<UpdateUpsellsResult> {
  return db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, bookingId);
    const access = manageAccess(appointment, token, actor);
    if (!access) throw new AppError("INVALID_MANAGE_TOKEN");
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
    const unchanged =
      rows.length === current.length &&
      rows.every((row) => current.some((c) => c.upsellOptionId === row.upsellOptionId));
    if (unchanged) {
      return {
        bookingId,
        priceCents: appointment.priceCents,
        upsells: rows.map(({ name, priceCents }) => ({ name, priceCents })),
      };
    }
    await tx.delete(appointmentUpsells).where(eq(appointmentUpsells.appointmentId, appointment.id));
    if (rows.length > 0) await tx.insert(appointmentUpsells).values(rows);
    // The promo discount (ADR 050) stays in cents, capped by the new subtotal.
    const { taxableCents, discountCents } = priceBooking({
      unitPriceCents: appointment.unitPriceCents,
      cars: appointment.cars,
      vehicles: appointment.vehicles,
      upsells: rows,
      discountCents: appointment.discountCents,
    });
    await tx
      .update(appointments)
      .set({ priceCents: taxableCents, discountCents })
      .where(eq(appointments.id, appointment.id));
    // The customer hears of every change: the updated confirmation with the new total and .ics.
    await queueBookingChanged(tx, appointment.id, {
      manageToken: access === "token" ? token : undefined,
      now,
    });
    return {
      bookingId,
      priceCents: taxableCents,
      upsells: rows.map(({ name, priceCents }) => ({ name, priceCents })),
    };
  });
}
