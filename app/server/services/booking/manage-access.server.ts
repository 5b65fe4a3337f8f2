/** The manage link's rules: its token, the signed-in owner, the assistant's contact proof (ADR 025, ADR 051). */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { appointments, weatherMoveBookings, weatherMoves } from "#db/schema";
import type { WeatherReason } from "~/domain/weather/schemas";
import { canSelfServiceChange } from "~/domain/booking/cancellation";
import { BOOKING_ID_PATTERN, normalizeNorthAmericanPhone } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { requireStaffChange, type StaffChange } from "./staff-change.server";

type Queryable = Db | Tx;

/** The manage link, built here only: PUBLIC_URL/booking/manage/{bookingId}?token=… */
export function manageUrlFor(bookingId: string, manageToken: string): string {
  return `${env().PUBLIC_URL}/booking/manage/${bookingId}?token=${manageToken}`;
}

/** The booking's calendar file (.ics), opened by the same token: PUBLIC_URL/api/appointments/{bookingId}/calendar.ics?token=… */
export function calendarUrlFor(bookingId: string, manageToken: string): string {
  return `${env().PUBLIC_URL}/api/appointments/${bookingId}/calendar.ics?token=${manageToken}`;
}

/** SHA-256 hex of a manage-link token: only this is stored. */
export function hashManageToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a token opens the appointment whose hash is stored, compared in constant time. */
export function manageTokenMatches(token: string | undefined, storedHash: string): boolean {
  if (!token) return false;
  const given = Buffer.from(hashManageToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/**
 * The weather move (ADR 090) whose own link `token` is, for this appointment: `pending` while the
 * booking waits at the start the move was about (a new time may then be picked, the 24 h limit
 * aside); once rebooked, the link still shows the booking at its new start (`pending` false).
 * Null for a wrong token or a booking changed since.
 */
export async function weatherMoveFor(
  db: Db | Tx,
  appointment: { id: string; startAt: Date },
  token: string | undefined,
): Promise<{ reason: WeatherReason; pending: boolean } | null> {
  if (!token) return null;
  const rows = await db
    .select({
      tokenHash: weatherMoveBookings.tokenHash,
      reason: weatherMoves.reason,
      originalStartAt: weatherMoveBookings.originalStartAt,
      rebookedAt: weatherMoveBookings.rebookedAt,
      newStartAt: weatherMoveBookings.newStartAt,
    })
    .from(weatherMoveBookings)
    .innerJoin(weatherMoves, eq(weatherMoves.id, weatherMoveBookings.moveId))
    .where(eq(weatherMoveBookings.appointmentId, appointment.id));
  const row = rows.find((r) => manageTokenMatches(token, r.tokenHash));
  if (!row) return null;
  const at = appointment.startAt.getTime();
  if (row.rebookedAt === null && row.originalStartAt.getTime() === at)
    return { reason: row.reason, pending: true };
  if (row.rebookedAt !== null && row.newStartAt?.getTime() === at)
    return { reason: row.reason, pending: false };
  return null;
}

/** The weather move a link opens, by the booking's public id (the manage page's banner). */
export async function weatherMoveOfBooking(db: Queryable, bookingId: string, token: string) {
  const [row] = await db
    .select({ id: appointments.id, startAt: appointments.startAt })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  return row ? weatherMoveFor(db, row, token) : null;
}

/** The appointment of a public booking id, locked for the rest of the transaction. */
export async function lockAppointment(tx: Tx, bookingId: string) {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new AppError("NOT_FOUND");
  const [row] = await tx
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * How a change of a booking is authorized: its manage-link token, its signed-in owner, or (the
 * assistant, ADR 051) the e-mail or phone the booking was made with, given with its number.
 */
export type ManageAccess = "token" | "owner" | "contact" | "weather";

/** The assistant's proof: the e-mail or the phone the booking was made with (ADR 051). */
export interface ContactProof {
  email?: string;
  phone?: string;
}

/**
 * Whether the proof names the booking's e-mail (case ignored) or phone (any North American
 * spelling of the same number). An empty proof matches nothing.
 */
export function contactProofMatches(
  proof: ContactProof | undefined,
  appointment: Partial<Pick<typeof appointments.$inferSelect, "customerEmail" | "customerPhone">>,
): boolean {
  if (!proof) return false;
  const email = proof.email?.trim().toLowerCase();
  if (email && email === appointment.customerEmail?.trim().toLowerCase()) return true;
  const phone = proof.phone ? normalizeNorthAmericanPhone(proof.phone) : null;
  const stored = appointment.customerPhone ? normalizeNorthAmericanPhone(appointment.customerPhone) : null;
  return phone !== null && phone === stored;
}

/**
 * Whether the signed-in actor owns the appointment: a client whose account the booking is linked
 * to (`appointments.user_id`, set when booked signed in or by a verified e-mail; ADR 025).
 */
export function actorOwnsAppointment(
  actor: Pick<SessionUser, "id" | "role"> | null | undefined,
  appointment: Pick<typeof appointments.$inferSelect, "userId">,
): boolean {
  return !!actor && actor.role === "client" && appointment.userId !== null && actor.id === appointment.userId;
}

/** The token first (so a change made with it keeps the link in the e-mails), then the owner. */
export function manageAccess(
  appointment: Pick<typeof appointments.$inferSelect, "manageTokenHash" | "userId">,
  token: string | undefined,
  actor: Pick<SessionUser, "id" | "role"> | null | undefined,
): ManageAccess | null {
  if (manageTokenMatches(token, appointment.manageTokenHash)) return "token";
  if (actorOwnsAppointment(actor, appointment)) return "owner";
  return null;
}

/**
 * Who may open the manage page of a booking: NOT_FOUND for an unknown id, otherwise the access
 * (token or owner) or null (the page then says the link is invalid, as for a wrong token).
 */
export async function loadManageAccess(
  db: Queryable,
  { bookingId, token, actor }: { bookingId: string; token?: string; actor: SessionUser | null },
): Promise<ManageAccess | null> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      id: appointments.id,
      startAt: appointments.startAt,
      manageTokenHash: appointments.manageTokenHash,
      userId: appointments.userId,
    })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  if (!row) throw new AppError("NOT_FOUND");
  // The weather move's link before the session: its own rules (no 24 h limit) apply (ADR 090).
  if (!manageTokenMatches(token, row.manageTokenHash) && (await weatherMoveFor(db, row, token)))
    return "weather";
  return manageAccess(row, token, actor);
}

/**
 * The manage link's rules for a change: the token (compared in constant time) or the signed-in
 * owner (`actor`, ADR 025 addendum) or the assistant's contact proof (ADR 051), a booking still scheduled, and the 24 h limit (ADR 008).
 * Anyone else gets INVALID_MANAGE_TOKEN. Returns how the change was authorized.
 */
export function requireSelfServiceChange(
  appointment: Pick<typeof appointments.$inferSelect, "manageTokenHash" | "userId" | "status" | "startAt"> &
    Partial<Pick<typeof appointments.$inferSelect, "customerEmail" | "customerPhone">>,
  token: string | undefined,
  now: Date,
  actor: SessionUser | null = null,
  proof?: ContactProof,
): ManageAccess {
  const access =
    manageAccess(appointment, token, actor) ?? (contactProofMatches(proof, appointment) ? "contact" : null);
  if (!access) throw new AppError("INVALID_MANAGE_TOKEN");
  if (appointment.status !== "scheduled") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
  if (!canSelfServiceChange(appointment.startAt, now)) throw new AppError("TOO_LATE_TO_CHANGE");
  return access;
}

/**
 * Who asks for a change of a booking (a cancel or a move), the same for both: the customer with
 * the manage link's token (given with the change's input), the signed-in owner, the assistant with
 * the contact proof, or the staff of the booking desk.
 */
export interface BookingChangeRequest<Staff extends StaffChange = StaffChange> {
  bookingId: string;
  now: Date;
  /** The signed-in user: the booking's owner may change it without the token. */
  actor?: SessionUser | null;
  /** Head office or the franchisee, from the booking desk: no token, no 24 h limit, logged (ADR 052). */
  staff?: Staff | null;
  /** The assistant's proof (ADR 051): the booking's e-mail or phone. */
  proof?: ContactProof;
}

/**
 * The appointment to change, locked for the rest of the transaction, once the change is allowed:
 * the staff's scope (`requireStaffChange`) or the manage link's rules (`requireSelfServiceChange`).
 * Returns it with how the change was authorized.
 */
export async function lockChangeableAppointment(
  tx: Tx,
  { bookingId, now, actor = null, staff = null, proof, token }: BookingChangeRequest & { token?: string },
) {
  const appointment = await lockAppointment(tx, bookingId);
  if (staff) {
    requireStaffChange(appointment, staff);
    return { appointment, access: "staff" as const };
  }
  // A weather move's link (ADR 090): the customer picks a new time or cancels, the 24 h limit aside
  // (the business asked for the move), and no fee.
  if (
    !manageTokenMatches(token, appointment.manageTokenHash) &&
    (await weatherMoveFor(tx, appointment, token))?.pending
  ) {
    if (appointment.status !== "scheduled") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    return { appointment, access: "weather" as const };
  }
  return { appointment, access: requireSelfServiceChange(appointment, token, now, actor, proof) };
}
