import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import {
  appointments,
  appointmentUpsells,
  bookingChanges,
  jobs,
  phoneDigits,
  serviceZones,
  services,
  smsMessages,
  teamMembers,
  upsellOptions,
} from "#db/schema";
import { customerKeyOf } from "../customers/customer-record.server";
import { BOOKING_ID_PATTERN } from "~/domain/booking/schemas";
import { dayPeriod, isLocalDate, periodInstants } from "~/domain/time/periods";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { staffMaySee, type StaffChange } from "./staff-change.server";
import { loadCrewStatuses } from "../crew/record-crew-status.server";
import { loadJobReport } from "../crew/job-report.server";

/** Who is looking: an admin sees every booking, a franchisee only theirs (ADR 052). */
export type DeskScope = Pick<StaffChange, "actor" | "franchiseeId">;

export interface DeskSearch {
  /** A booking number, a name, a phone number or an e-mail (part of it). */
  q?: string;
  /** A local day, yyyy-MM-dd. */
  date?: string;
}

export interface DeskRow {
  bookingId: string;
  status: "scheduled" | "completed" | "cancelled" | "no_show";
  startAt: Date;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  zoneName: string;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function scopeFilter(scope: DeskScope): SQL | undefined {
  if (scope.actor.role === "admin") return undefined;
  // A franchisee without a franchise row sees nothing.
  return eq(appointments.franchiseeId, scope.franchiseeId ?? "00000000-0000-0000-0000-000000000000");
}

/**
 * `+1` and the ten digits when `q` is a whole North American phone number however typed
 * ("450 555-0199", "(450) 555-0199", "1-450-555-0199", "+14505550199"), else null.
 */
function wholePhoneNumber(q: string): string | null {
  if (!/^[\d\s().+-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

/**
 * The booking desk's search: by booking number (exact), name or e-mail (part, any case), phone
 * (its digits, however it was typed) and/or day; newest first, at most 50. Limited to the scope.
 */
export async function searchBookings(db: Db, scope: DeskScope, search: DeskSearch): Promise<DeskRow[]> {
  const q = search.q?.trim() ?? "";
  const date = isLocalDate(search.date) ? search.date : undefined;
  if (!q && !date) return [];
  const filters: (SQL | undefined)[] = [scopeFilter(scope)];
  const phone = wholePhoneNumber(q);
  if (phone) {
    // A whole phone number (ADR 098): the stored E.164 number, by its index, or a booking
    // number of those digits; a scan of every booking's digits took a second at 200,000.
    filters.push(or(eq(appointments.customerPhone, phone), eq(appointments.bookingId, q)));
  } else if (q) {
    const like = `%${escapeLike(q)}%`;
    const digits = q.replace(/\D/g, "");
    // Each term has its index (ADR 105): the name's and the e-mail's trigrams (pg_trgm) and the
    // booking number's unique index (numbers are lower case, newBookingId), so that the planner
    // reads only the matching rows instead of every booking of the network.
    const any: SQL[] = [ilike(appointments.customerName, like), ilike(appointments.customerEmail, like)];
    if (BOOKING_ID_PATTERN.test(q)) any.push(eq(appointments.bookingId, q.toLowerCase()));
    if (digits.length >= 4) {
      // Stored as E.164 (+14505550142): the typed digits without a leading 1 match inside.
      const local = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
      any.push(sql`${phoneDigits(appointments.customerPhone)} like ${`%${local}%`}`);
    }
    filters.push(or(...any));
  }
  if (date) {
    const range = periodInstants(dayPeriod(date));
    filters.push(gte(appointments.startAt, range.start), lt(appointments.startAt, range.end));
  }
  return db
    .select({
      bookingId: appointments.bookingId,
      status: appointments.status,
      startAt: appointments.startAt,
      customerName: appointments.customerName,
      customerPhone: appointments.customerPhone,
      customerEmail: appointments.customerEmail,
      zoneName: serviceZones.zoneName,
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(and(...filters))
    .orderBy(desc(appointments.startAt))
    .limit(50);
}

export interface DeskMessage {
  at: Date;
  channel: "email" | "sms";
  kind: string;
  status: string;
  body?: string;
}

/**
 * One booking whole, for the desk: the appointment, its zone (slug for the open slots), member,
 * service, extras, the e-mails and texts about it, and the staff changes. NOT_FOUND when unknown
 * or outside the scope (a franchisee learns nothing of another zone's bookings).
 */
export async function getDeskBooking(db: Db, scope: DeskScope, bookingId: string) {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      appointment: appointments,
      zoneName: serviceZones.zoneName,
      zoneSlug: serviceZones.routeSlug,
      serviceName: services.name,
      memberFirst: teamMembers.firstName,
      memberLast: teamMembers.lastName,
      customerKey: customerKeyOf(appointments.customerEmail),
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(teamMembers, eq(teamMembers.id, appointments.teamMemberId))
    .where(eq(appointments.bookingId, bookingId));
  if (!row || !staffMaySee(row.appointment, scope)) throw new AppError("NOT_FOUND");
  const id = row.appointment.id;
  const [extras, mails, texts, changes, options] = await Promise.all([
    db
      .select({ name: appointmentUpsells.name, priceCents: appointmentUpsells.priceCents })
      .from(appointmentUpsells)
      .where(eq(appointmentUpsells.appointmentId, id)),
    db
      .select({
        name: jobs.name,
        payload: jobs.payload,
        status: jobs.status,
        runAt: jobs.runAt,
        createdAt: jobs.createdAt,
      })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, ["email.booking", "booking.reminder", "email.crew-arrival"]),
          sql`${jobs.payload}->>'appointmentId' = ${id}`,
        ),
      )
      .orderBy(asc(jobs.createdAt)),
    db
      .select({
        direction: smsMessages.direction,
        body: smsMessages.body,
        status: smsMessages.status,
        createdAt: smsMessages.createdAt,
      })
      .from(smsMessages)
      .where(eq(smsMessages.appointmentId, id))
      .orderBy(asc(smsMessages.createdAt)),
    db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.appointmentId, id))
      .orderBy(desc(bookingChanges.createdAt)),
    db
      .select({ name: upsellOptions.name, priceCents: upsellOptions.priceCents })
      .from(upsellOptions)
      .where(eq(upsellOptions.isActive, true))
      .orderBy(asc(upsellOptions.sortOrder), asc(upsellOptions.name)),
  ]);
  const messages: DeskMessage[] = [
    ...mails.map((m) => ({
      at: m.name === "booking.reminder" ? m.runAt : m.createdAt,
      channel: "email" as const,
      kind:
        m.name === "booking.reminder"
          ? "reminder"
          : String((m.payload as { kind?: string } | null)?.kind ?? "other"),
      status: m.status,
    })),
    ...texts.map((t) => ({
      at: t.createdAt,
      channel: "sms" as const,
      kind: t.direction,
      status: t.status,
      body: t.body,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const { manageTokenHash: _secret, ...appointment } = row.appointment;
  return {
    appointment,
    zoneName: row.zoneName,
    zoneSlug: row.zoneSlug,
    serviceName: row.serviceName,
    memberName: `${row.memberFirst} ${row.memberLast}`,
    /** The customer record's key (ADR 096). */
    customerKey: row.customerKey,
    extras,
    messages,
    changes,
    // The crew's steps at this stop (ADR 078), in order, with who tapped them.
    crewSteps: (await loadCrewStatuses(db, [id])).get(id) ?? [],
    // The stop's checklist and before/after photos (ADR 088), read only once the scope is checked
    // above: the photos' signed links as paths of this site.
    jobReport: await deskJobReport(db, id),
    upsellOptions: options,
  };
}

/** The checklist ticks and the photos of a booking, for the desk (ADR 088). */
async function deskJobReport(db: Db, appointmentId: string) {
  const { checklist, photos } = await loadJobReport(db, appointmentId);
  return {
    checklist: checklist.map(({ label, required, ticked }) => ({ label, required, ticked })),
    photos: photos.map(({ id, kind, car, width, height, url }) => {
      const link = new URL(url);
      return { id, kind, car, width, height, url: `${link.pathname}${link.search}` };
    }),
  };
}
