import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { BOOKING_ID_PATTERN } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db } from "../../db.server";
import { bookingIcs } from "../../mail/templates.server";
import { loadBookingForMessages } from "../messaging/booking-mail.server";
import { manageAccess, manageUrlFor } from "./manage-access.server";

/**
 * The booking as an .ics file for 'Ajouter à mon agenda': the same event as the e-mails' (same
 * UID, a SEQUENCE at least as high as the last e-mail's), with the address, extras and total. It
 * holds the customer's address, so only the manage token's holder or the signed-in owner gets
 * it; anyone else, like an unknown id, gets NOT_FOUND (no hint that the booking exists).
 */
export async function getBookingCalendar(
  db: Db,
  {
    bookingId,
    token,
    actor,
    now,
  }: { bookingId: string; token?: string; actor: SessionUser | null; now: Date },
): Promise<string> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      id: appointments.id,
      manageTokenHash: appointments.manageTokenHash,
      userId: appointments.userId,
    })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  if (!row) throw new AppError("NOT_FOUND");
  const access = manageAccess(row, token, actor);
  if (!access) throw new AppError("NOT_FOUND");
  const booking = await loadBookingForMessages(db, row.id);
  if (!booking || booking.status === "cancelled") throw new AppError("NOT_FOUND");
  return bookingIcs(booking, {
    kind: "changed",
    manageUrl: access === "token" && token ? manageUrlFor(bookingId, token) : undefined,
    now,
  });
}
