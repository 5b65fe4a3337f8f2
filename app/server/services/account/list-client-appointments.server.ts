import { inArray } from "drizzle-orm";
import { appointmentReviews, type appointments } from "#db/schema";
import { priceBooking, type BookingPrice } from "~/domain/booking/pricing";
import { bookedVehicles, type BookedVehicle } from "~/domain/booking/vehicles";
import { formatIsoWithOffset, BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import type { Db } from "../../db.server";
import { paymentsOfAppointments } from "../payments/receipts.server";
import { loadClient, type ClientOwner } from "./client-owner.server";
import { listOwnedAppointments } from "./owned-appointments.server";

type AppointmentStatus = (typeof appointments.status.enumValues)[number];

export interface ClientAppointment {
  bookingId: string;
  status: AppointmentStatus;
  /** ISO 8601 with the local offset (America/Toronto). */
  start: string;
  end: string;
  zoneName: string;
  serviceName: string;
  cars: number;
  /** Each car with its size class and price (ADR 085). */
  vehicles: BookedVehicle[];
  upsells: { name: string; priceCents: number }[];
  /** Before taxes, after the promo discount; `price` has the discount, TPS and TVQ lines and the total. */
  priceCents: number;
  price: BookingPrice;
  /** What was paid, refunded or refused online (issue 31, ADR 079), oldest first. */
  payments: {
    id: string;
    kind: "deposit" | "balance" | "charge" | "tip" | "refund" | "gift_card" | "membership";
    status: "succeeded" | "failed";
    amountCents: number;
  }[];
  /** The customer already reviewed it: the link reads « Modifier mon avis » (ADR 049). */
  reviewed: boolean;
}

export interface ClientAppointments {
  /** Scheduled and not yet over, soonest first. */
  upcoming: ClientAppointment[];
  /** Everything else, most recent first. */
  past: ClientAppointment[];
  total: number;
}

/** The bookings of a signed-in client, split into upcoming and past (docs/product.md, section 2, issue 6). */
export async function listClientAppointments(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<ClientAppointments> {
  return listAppointmentsOf(db, { owner: await loadClient(db, userId), now });
}

/** The same, for an account already loaded (`loadClient`). */
export async function listAppointmentsOf(
  db: Db,
  { owner, now }: { owner: ClientOwner; now: Date },
): Promise<ClientAppointments> {
  const rows = await listOwnedAppointments(db, owner, "desc");
  const ids = rows.map((row) => row.id);
  const ledger = await paymentsOfAppointments(db, ids);
  const completed = rows.filter((row) => row.status === "completed").map((row) => row.id);
  const reviewed = new Set(
    completed.length === 0
      ? []
      : (
          await db
            .select({ appointmentId: appointmentReviews.appointmentId })
            .from(appointmentReviews)
            .where(inArray(appointmentReviews.appointmentId, completed))
        ).map((review) => review.appointmentId),
  );

  const upcoming: ClientAppointment[] = [];
  const past: ClientAppointment[] = [];
  for (const row of rows) {
    const upsells = row.extras;
    const view: ClientAppointment = {
      bookingId: row.bookingId,
      status: row.status,
      start: formatIsoWithOffset(row.startAt, BUSINESS_TIME_ZONE),
      end: formatIsoWithOffset(row.endAt, BUSINESS_TIME_ZONE),
      zoneName: row.zone,
      serviceName: row.service,
      cars: row.cars,
      vehicles: bookedVehicles(row),
      upsells,
      priceCents: row.priceCents,
      price: priceBooking({
        unitPriceCents: row.unitPriceCents,
        cars: row.cars,
        vehicles: row.vehicles,
        upsells,
        discountCents: row.discountCents,
      }),
      payments: ledger
        .filter((p) => p.appointmentId === row.id)
        .map((p) => ({
          id: p.id,
          kind: p.kind,
          status: p.status as "succeeded" | "failed",
          amountCents: p.amountCents,
        })),
      reviewed: reviewed.has(row.id),
    };
    if (row.status === "scheduled" && row.endAt.getTime() > now.getTime()) upcoming.push(view);
    else past.push(view);
  }
  upcoming.reverse();
  return { upcoming, past, total: rows.length };
}
