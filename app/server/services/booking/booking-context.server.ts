/**
 * What the booking services share: the bookable zone, its team and their busy ranges, the
 * service, the manage-link token, and the database error states they react to.
 */
import crypto from "node:crypto";
import { and, asc, eq, gt, inArray, lt, ne } from "drizzle-orm";
import {
  appointments,
  serviceZones,
  services,
  teamAvailability,
  teamMembers,
  upsellOptions,
} from "#db/schema";
import { canSelfServiceChange } from "~/domain/booking/cancellation";
import {
  addedDrivingMinutes,
  freeTeamMembersForSlot,
  pickTeamMember,
  type BusyRange,
  type SlotMember,
  type SlotRules,
} from "~/domain/booking/slots";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  instantToZonedParts,
  zonedWallTimeToInstant,
} from "~/domain/time/zoned";
import type { GeoPoint } from "~/domain/travel/travel-time";
import { AppError } from "~/lib/errors";
import { lockMemberDays } from "../travel/member-day-lock.server";
import { BOOKING_ID_PATTERN, normalizeNorthAmericanPhone } from "~/domain/booking/schemas";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";

/** Slots and availability are local to the business time zone (ADR 004, ADR 008). */
export const SLOT_TIME_ZONE = BUSINESS_TIME_ZONE;

type Queryable = Db | Tx;

export interface BookableZone {
  id: string;
  zoneName: string;
  routeSlug: string;
  franchiseeId: string;
  /** Where the teams leave from at the start of the day: the zone's centre (ADR 048). */
  base: GeoPoint;
}

/** The zone of a slug, if it takes bookings: NOT_FOUND when unknown, ZONE_NOT_ACTIVE otherwise. */
export async function loadBookableZone(db: Queryable, slug: string): Promise<BookableZone> {
  const [zone] = await db
    .select({
      id: serviceZones.id,
      zoneName: serviceZones.zoneName,
      routeSlug: serviceZones.routeSlug,
      status: serviceZones.status,
      franchiseeId: serviceZones.franchiseeId,
      lat: serviceZones.centerLatitude,
      lon: serviceZones.centerLongitude,
    })
    .from(serviceZones)
    .where(eq(serviceZones.routeSlug, slug));
  if (!zone) throw new AppError("NOT_FOUND");
  if (zone.status !== "active" || zone.franchiseeId === null) throw new AppError("ZONE_NOT_ACTIVE");
  return {
    id: zone.id,
    zoneName: zone.zoneName,
    routeSlug: zone.routeSlug,
    franchiseeId: zone.franchiseeId,
    base: { lat: zone.lat, lon: zone.lon },
  };
}

interface BookingService {
  id: string;
  name: string;
  basePriceCents: number;
  durationMinutes: number;
}

/** The given active service, or the first active one (lowest sort_order); NOT_FOUND if none. */
export async function loadBookingService(db: Queryable, serviceId?: string): Promise<BookingService> {
  const [service] = await db
    .select({
      id: services.id,
      name: services.name,
      basePriceCents: services.basePriceCents,
      durationMinutes: services.durationMinutes,
    })
    .from(services)
    .where(and(eq(services.isActive, true), serviceId ? eq(services.id, serviceId) : undefined))
    .orderBy(asc(services.sortOrder), asc(services.name))
    .limit(1);
  if (!service) throw new AppError("NOT_FOUND");
  return service;
}

/** The franchisee's active team members with their weekly availability. */
export async function loadTeam(db: Queryable, franchiseeId: string): Promise<SlotMember[]> {
  const rows = await db
    .select({
      id: teamMembers.id,
      dayOfWeek: teamAvailability.dayOfWeek,
      startTime: teamAvailability.startTime,
      endTime: teamAvailability.endTime,
      isAvailable: teamAvailability.isAvailable,
    })
    .from(teamMembers)
    .leftJoin(teamAvailability, eq(teamAvailability.teamMemberId, teamMembers.id))
    .where(and(eq(teamMembers.franchiseeId, franchiseeId), eq(teamMembers.isActive, true)))
    .orderBy(asc(teamMembers.id));
  const members = new Map<string, SlotMember & { availability: SlotMember["availability"][number][] }>();
  for (const row of rows) {
    const member = members.get(row.id) ?? { id: row.id, availability: [] };
    members.set(row.id, member);
    if (
      row.dayOfWeek !== null &&
      row.startTime !== null &&
      row.endTime !== null &&
      row.isAvailable !== null
    ) {
      member.availability.push({
        dayOfWeek: row.dayOfWeek,
        startTime: row.startTime,
        endTime: row.endTime,
        isAvailable: row.isAvailable,
      });
    }
  }
  return [...members.values()];
}

/**
 * The scheduled appointments of these members that overlap [from, to), as busy ranges
 * [start_at, blocked_until), with their end of service and point for the travel rule (ADR 048).
 * `exceptAppointmentId` leaves one out (the one being moved).
 */
export async function loadBusy(
  db: Queryable,
  memberIds: readonly string[],
  range: { from: Date; to: Date },
  exceptAppointmentId?: string,
): Promise<BusyRange[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({
      teamMemberId: appointments.teamMemberId,
      start: appointments.startAt,
      end: appointments.blockedUntil,
      serviceEnd: appointments.endAt,
      lat: appointments.latitude,
      lon: appointments.longitude,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.teamMemberId, [...memberIds]),
        eq(appointments.status, "scheduled"),
        lt(appointments.startAt, range.to),
        gt(appointments.blockedUntil, range.from),
        exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
      ),
    );
  return rows.map(({ lat, lon, ...range }) => ({
    ...range,
    point: lat !== null && lon !== null ? { lat, lon } : null,
  }));
}

/** Midnight of a local day, as an instant. */
function startOfLocalDay(date: string): Date {
  return zonedWallTimeToInstant(date, "00:00", SLOT_TIME_ZONE);
}

/** The local day of an instant, `yyyy-MM-dd`. */
export function localDateOf(instant: Date): string {
  return instantToZonedParts(instant, SLOT_TIME_ZONE).date;
}

/**
 * The instants whose appointments can matter for slots of local days [from, from + days): the
 * range itself plus a day after it, for a slot ending late with its travel buffer.
 */
export function busyWindow(from: string, days: number): { from: Date; to: Date } {
  return { from: startOfLocalDay(from), to: startOfLocalDay(addDaysToDateString(from, days + 1)) };
}

/** Appointments per member starting on the local day of `start`: the load `pickTeamMember` balances. */
function loadsOfDay(busy: readonly BusyRange[], start: Date): Map<string, number> {
  const date = localDateOf(start);
  const dayStart = startOfLocalDay(date).getTime();
  const dayEnd = startOfLocalDay(addDaysToDateString(date, 1)).getTime();
  const loads = new Map<string, number>();
  for (const range of busy) {
    const at = range.start.getTime();
    if (at >= dayStart && at < dayEnd)
      loads.set(range.teamMemberId, (loads.get(range.teamMemberId) ?? 0) + 1);
  }
  return loads;
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

/** The SQLSTATE of a database error, looking through wrapping errors (drizzle's `cause`). */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  while (e && typeof e === "object") {
    if ("code" in e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = "cause" in e ? e.cause : undefined;
  }
  return undefined;
}

/**
 * The insert lost to a concurrent booking of the same member: exclusion_violation (the other one
 * committed first), or deadlock_detected (both inserted conflicting rows at once and each waited
 * for the other, so PostgreSQL aborted this statement). Either way the savepoint is rolled back
 * and the next free member is tried.
 */
const LOST_TO_CONCURRENT_BOOKING = new Set(["23P01", "40P01"]);

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

interface ChosenUpsell {
  id: string;
  name: string;
  priceCents: number;
}

/**
 * Active upsell options by name or slug (case and surrounding spaces ignored), each once, in
 * catalogue order. An unknown name is refused (UNKNOWN_UPSELL, message = the unknown names):
 * a silently dropped extra would change what the customer pays without telling them.
 */
export async function resolveUpsells(db: Queryable, names: readonly string[]): Promise<ChosenUpsell[]> {
  if (names.length === 0) return [];
  const options = await db
    .select({
      id: upsellOptions.id,
      name: upsellOptions.name,
      slug: upsellOptions.slug,
      priceCents: upsellOptions.priceCents,
    })
    .from(upsellOptions)
    .where(eq(upsellOptions.isActive, true))
    .orderBy(asc(upsellOptions.sortOrder), asc(upsellOptions.name));
  const key = (value: string) => value.trim().toLocaleLowerCase("fr-CA");
  const wanted = new Set(names.map(key));
  const unknown = [...wanted].filter(
    (name) => !options.some((o) => key(o.name) === name || key(o.slug) === name),
  );
  if (unknown.length > 0) {
    const typed = names.filter((name) => unknown.includes(key(name)));
    throw new AppError("UNKNOWN_UPSELL", [...new Set(typed.map((n) => n.trim()))].join(", "));
  }
  return options
    .filter((o) => wanted.has(key(o.name)) || wanted.has(key(o.slug)))
    .map(({ id, name, priceCents }) => ({ id, name, priceCents }));
}

/**
 * How a change of a booking is authorized: its manage-link token, its signed-in owner, or (the
 * assistant, ADR 051) the e-mail or phone the booking was made with, given with its number.
 */
export type ManageAccess = "token" | "owner" | "contact";

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
    .select({ manageTokenHash: appointments.manageTokenHash, userId: appointments.userId })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  if (!row) throw new AppError("NOT_FOUND");
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
 * Inside a transaction: re-checks the slot with fresh busy ranges (and the travel rule when the
 * rules carry a site, ADR 048), picks the free member whose day gets the least added driving,
 * then the least loaded, and runs `write` for that member in a savepoint. When the exclusion constraint refuses
 * the member (a concurrent booking took them), tries once more with fresh busy ranges and the
 * next free member. Shared by booking and rescheduling (`exceptAppointmentId` = the one moved).
 */
export async function assignMember(
  tx: Tx,
  members: readonly SlotMember[],
  rules: (busy: SlotRules["busy"]) => SlotRules & { start: Date },
  write: (savepoint: Tx, teamMemberId: string) => Promise<string>,
  options: { exceptAppointmentId?: string; preferredMemberId?: string } = {},
): Promise<{ teamMemberId: string; appointmentId: string }> {
  const memberIds = members.map((m) => m.id);
  const start = rules([]).start;
  // One placement at a time per member and day, so the travel re-check sees the others (ADR 048).
  await lockMemberDays(tx, memberIds, localDateOf(start));
  const refused = new Set<string>();
  for (let attempt = 0; attempt < 2; attempt++) {
    const busy = await loadBusy(
      tx,
      memberIds,
      busyWindow(localDateOf(start), 1),
      options.exceptAppointmentId,
    );
    const free = freeTeamMembersForSlot(rules(busy)).filter((id) => !refused.has(id));
    if (free.length === 0) {
      const everOffered = refused.size > 0 || freeTeamMembersForSlot(rules([])).length > 0;
      throw new AppError(everOffered ? "SLOT_TAKEN" : "SLOT_UNAVAILABLE");
    }
    const teamMemberId =
      options.preferredMemberId && free.includes(options.preferredMemberId)
        ? options.preferredMemberId
        : pickTeamMember(
            { teamMemberIds: free },
            loadsOfDay(busy, start),
            addedDrivingMinutes({ ...rules(busy), teamMemberIds: free }),
          )!;
    try {
      const appointmentId = await tx.transaction((savepoint) => write(savepoint, teamMemberId));
      return { teamMemberId, appointmentId };
    } catch (error) {
      if (!LOST_TO_CONCURRENT_BOOKING.has(sqlState(error) ?? "")) throw error;
      refused.add(teamMemberId);
    }
  }
  throw new AppError("SLOT_TAKEN");
}
