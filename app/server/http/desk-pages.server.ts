/**
 * The booking desk's loaders and action (ADR 052), shared by the admin's and the franchisee's
 * pages: they read the request, call the booking services with the staff's scope and answer
 * with the page's data, a redirect with a toast or the desk's French text (ADR 083).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { DeskActionSchema, type DeskActionData } from "~/domain/booking/desk-schemas";
import { isLocalDate } from "~/domain/time/periods";
import { AppError } from "~/lib/errors";
import type { Db } from "../db.server";
import { flashHeaders } from "../flash.server";
import { getDeskBooking, searchBookings, type DeskScope } from "../services/booking/booking-desk.server";
import { cancelBooking } from "../services/booking/cancel-booking.server";
import { listOpenSlotsForMove } from "../services/booking/booking-travel.server";
import { rescheduleBooking } from "../services/booking/reschedule-booking.server";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { localDate } from "~/domain/time/zoned";

const d = backOfficeMessages.desk;

/** The search page's loader: ?q=&date= (ADR 052). */
export async function deskSearchLoader(db: Db, scope: DeskScope, request: Request) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const date = isLocalDate(params.get("date")) ? params.get("date")! : "";
  const searched = params.has("q") || params.has("date");
  const rows = await searchBookings(db, scope, { q, date });
  return { q, date, searched, rows };
}

/** The booking page's loader; ?day= lists that day's open times for a move (default: its own day). */
export async function deskBookingLoader(db: Db, scope: DeskScope, request: Request, bookingId: string) {
  let booking;
  try {
    booking = await getDeskBooking(db, scope, bookingId);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw data(d.notFound, { status: 404 });
    throw error;
  }
  const now = new Date();
  const params = new URL(request.url).searchParams;
  // A move starts on the appointment's own day, its free hours listed at once (issue 33, item 9).
  const day = isLocalDate(params.get("day"))
    ? params.get("day")!
    : localDate(new Date(booking.appointment.startAt));
  let slots: { start: string; end: string }[] = [];
  if (booking.appointment.status === "scheduled") {
    try {
      const open = await listOpenSlotsForMove(db, {
        bookingId,
        from: day,
        days: 1,
        now,
      });
      slots = open.days[0]?.slots ?? [];
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { booking, day, slots };
}

export type { DeskActionData };

const failures: Record<string, string> = {
  NOT_FOUND: d.notFound,
  APPOINTMENT_NOT_CHANGEABLE: d.notChangeable,
  SLOT_TAKEN: d.slotTaken,
  SLOT_UNAVAILABLE: d.slotUnavailable,
  BEYOND_BOOKING_HORIZON: d.slotUnavailable,
  UNKNOWN_UPSELL: d.unknownExtra,
};

/**
 * Cancel, move, or change cars and extras, through the booking services with the staff's scope
 * (a franchisee only their own bookings, enforced there); the customer gets the usual e-mail and
 * the change is logged with who made it.
 */
export async function deskBookingAction(
  db: Db,
  scope: DeskScope,
  request: Request,
  bookingId: string,
  pagePath: string,
) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: DeskActionSchema });
  if (submission.status !== "success") {
    return data<DeskActionData>(
      { intent, error: d.invalid, fieldErrors: submission.error ?? {} },
      { status: 400 },
    );
  }
  const input = submission.value;
  const staff = { ...scope, reason: input.reason };
  const now = new Date();
  try {
    if (input.intent === "cancel") {
      await cancelBooking(db, { bookingId, input: {}, now, staff });
      return redirect(pagePath, { headers: await flashHeaders({ title: d.cancelled }) });
    }
    if (input.intent === "reschedule") {
      await rescheduleBooking(db, { bookingId, input: { start: input.start }, now, staff });
      return redirect(pagePath, { headers: await flashHeaders({ title: d.rescheduled }) });
    }
    const current = await getDeskBooking(db, scope, bookingId);
    await rescheduleBooking(db, {
      bookingId,
      input: { start: current.appointment.startAt.toISOString() },
      now,
      staff: { ...staff, cars: input.cars, upsells: input.upsells },
    });
    return redirect(pagePath, { headers: await flashHeaders({ title: d.changed }) });
  } catch (error) {
    if (error instanceof AppError && failures[error.code]) {
      return data<DeskActionData>(
        { intent, error: failures[error.code] },
        { status: error.code === "NOT_FOUND" ? 404 : 409 },
      );
    }
    throw error;
  }
}
