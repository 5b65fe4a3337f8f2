import { BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import { eq } from "drizzle-orm";
import { appointments, appointmentUpsells, services } from "#db/schema";
import { resizeVehicles } from "~/domain/booking/vehicles";
import { priceBooking } from "~/domain/booking/pricing";
import type { RescheduleRequest } from "~/domain/booking/schemas";
import { bookingDurationMinutes } from "~/domain/booking/slots";
import { isWithinBookingHorizon } from "~/domain/booking/horizon";
import { AppError } from "~/lib/errors";
import { queueBookingChanged } from "../messaging/notify.server";
import type { Db, Tx } from "../../db.server";
import { type BookingChangeRequest, lockChangeableAppointment } from "./manage-access.server";
import { assignMember } from "./assign-member.server";
import { loadTeam } from "./booking-context.server";
import { resolveUpsells } from "./resolve-upsells.server";
import { blockedUntilFor, travelForMove } from "./booking-travel.server";
import { logStaffChange, type StaffChange } from "./staff-change.server";
import { markWeatherRebooked } from "./weather-rebooked.server";
import { withSlotChange } from "./slot-change.server";

/**
 * A move from the booking desk (ADR 052): besides the time, the cars and extras may change (the
 * slot is re-checked for the new duration, the price recomputed, the extras kept at their price),
 * and the change is logged.
 */
type DeskMove = StaffChange & {
  cars?: number;
  upsells?: readonly string[];
  /** The schedule's move to a chosen member (ADR 104): that member or a refusal, never another. */
  teamMemberId?: string;
};

export interface RescheduleResult {
  bookingId: string;
  teamMemberId: string;
  startAt: Date;
  endAt: Date;
}

/**
 * Moves a booking to another open slot through its manage link: the same rules as a cancel
 * (token or signed-in owner, still scheduled, 24 h before the current start), then, in the same transaction, the new
 * slot is re-checked as for a new booking (the drive to and from its address included, ADR 048),
 * ignoring the booking itself. The booking id, price and
 * manage link stay; the team member stays when free, otherwise the least loaded free one takes it.
 * SLOT_TAKEN / SLOT_UNAVAILABLE when the new slot is not open.
 */
export async function rescheduleBooking(
  db: Db,
  {
    input,
    ...request
  }: BookingChangeRequest<DeskMove> & { input: Omit<RescheduleRequest, "token"> & { token?: string } },
): Promise<RescheduleResult> {
  const { bookingId, now, staff } = request;
  const startAt = new Date(input.start);
  return withSlotChange(db, async (tx) => {
    const { appointment, access } = await lockChangeableAppointment(tx, { ...request, token: input.token });
    const cars = staff?.cars ?? appointment.cars;
    // After the access check: a stranger learns nothing from the horizon's answer.
    if (!isWithinBookingHorizon(startAt, now)) throw new AppError("BEYOND_BOOKING_HORIZON");
    const [service] = await tx
      .select({ durationMinutes: services.durationMinutes })
      .from(services)
      .where(eq(services.id, appointment.serviceId));
    if (!service) throw new AppError("NOT_FOUND");
    const members = await loadTeam(tx, appointment.franchiseeId);
    const endAt = new Date(
      startAt.getTime() + bookingDurationMinutes(service.durationMinutes, cars) * 60_000,
    );
    // The same travel rule as a new booking, from the booking's own address (ADR 048).
    const travel = await travelForMove(tx, appointment, members, startAt);
    const blockedUntil = blockedUntilFor(endAt, travel.site);

    const assigned = await assignMember(
      tx,
      members,
      (busy) => ({
        now,
        timeZone: BUSINESS_TIME_ZONE,
        serviceDurationMinutes: service.durationMinutes,
        cars,
        members,
        busy,
        start: startAt,
        ...travel,
      }),
      // In a savepoint: the exclusion constraint's refusal (a concurrent booking of the member)
      // must leave the transaction usable for the next member.
      (write, teamMemberId) =>
        write.transaction(async (savepoint) => {
          await savepoint
            .update(appointments)
            .set({ teamMemberId, startAt, endAt, blockedUntil, cars })
            .where(eq(appointments.id, appointment.id));
          return appointment.id;
        }),
      {
        exceptAppointmentId: appointment.id,
        preferredMemberId: appointment.teamMemberId,
        onlyMemberId: staff?.teamMemberId,
      },
    );
    if (staff)
      await applyStaffChange(tx, appointment, { startAt, cars, staff, teamMemberId: assigned.teamMemberId });
    // A booking a weather move asked to rebook: shown as rebooked on the schedule (ADR 090).
    await markWeatherRebooked(tx, {
      appointmentId: appointment.id,
      from: appointment.startAt,
      to: startAt,
      now,
    });
    // The 'changed' e-mail and the reminder moved to 24 h before the new start, atomically.
    // Only a token that matched goes into the e-mails: an owner's change carries no manage link
    // (the owner manages from the customer space; the earlier e-mails' links still work).
    await queueBookingChanged(tx, appointment.id, {
      manageToken: access === "token" ? input.token : undefined,
      now,
    });
    return { bookingId, teamMemberId: assigned.teamMemberId, startAt, endAt };
  });
}

type Appointment = typeof appointments.$inferSelect;

/** The desk's cars and extras (price recomputed, extras kept at their price) and its log line. */
async function applyStaffChange(
  tx: Tx,
  appointment: Appointment,
  {
    startAt,
    cars,
    staff,
    teamMemberId,
  }: {
    startAt: Date;
    cars: number;
    staff: StaffChange & { upsells?: readonly string[] };
    teamMemberId: string;
  },
): Promise<void> {
  const current = await tx
    .select()
    .from(appointmentUpsells)
    .where(eq(appointmentUpsells.appointmentId, appointment.id));
  let rows = current.map(({ appointmentId, upsellOptionId, name, priceCents }) => ({
    appointmentId,
    upsellOptionId,
    name,
    priceCents,
  }));
  if (staff.upsells) {
    const chosen = await resolveUpsells(tx, staff.upsells);
    rows = chosen.map((option) => {
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
  }
  // The cars keep their size classes' prices (ADR 085); a count changed adds or drops cars.
  const vehicles = resizeVehicles(appointment, cars);
  const { subtotalCents } = priceBooking({
    unitPriceCents: appointment.unitPriceCents,
    cars,
    vehicles,
    upsells: rows,
  });
  await tx
    .update(appointments)
    .set({ priceCents: subtotalCents, vehicles })
    .where(eq(appointments.id, appointment.id));
  const moved = startAt.getTime() !== appointment.startAt.getTime();
  // The member, when the move changed it (the schedule's drag and drop, ADR 104).
  const member = teamMemberId !== appointment.teamMemberId;
  await logStaffChange(tx, appointment.id, staff, moved ? "rescheduled" : "changed", {
    from: {
      start: appointment.startAt,
      cars: appointment.cars,
      extras: current.map((c) => c.name),
      ...(member ? { teamMemberId: appointment.teamMemberId } : {}),
    },
    to: {
      start: startAt,
      cars,
      extras: rows.map((r) => r.name),
      ...(member ? { teamMemberId } : {}),
    },
  });
}
