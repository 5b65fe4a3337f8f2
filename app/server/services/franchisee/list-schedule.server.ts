import { BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { appointments, payments, serviceZones, teamMembers } from "#db/schema";
import { canTakeAppointment } from "~/domain/franchisee/assignment";
import { periodInstants, type Period } from "~/domain/time/periods";
import type { Db } from "../../db.server";
import { loadAppointmentExtras } from "../booking/appointment-extras.server";
import { loadBusy, loadTeam, loadTimeOff } from "../booking/booking-context.server";

export interface ScheduleAppointment {
  id: string;
  bookingId: string;
  status: "scheduled" | "completed" | "cancelled" | "no_show";
  startAt: Date;
  endAt: Date;
  zoneName: string;
  teamMemberId: string;
  memberName: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: string;
  city: string | null;
  postalCode: string | null;
  cars: number;
  priceCents: number;
  extras: string[];
  cancelReason: string | null;
  /** For a scheduled appointment: the other active members free for its whole range. */
  reassignTo: { id: string; name: string }[];
  /** Stripe's code of a charge refused on the card kept (balance, fee, tip; ADR 079), else null. */
  refusedPayment?: string | null;
}

/**
 * The franchisee's appointments starting in a period (local days, business time zone), by start
 * time, with the assigned member, the extras and, for each scheduled one, who could take it over.
 */
export async function listSchedule(
  db: Db,
  { franchiseeId, period }: { franchiseeId: string; period: Period },
): Promise<ScheduleAppointment[]> {
  const range = periodInstants(period);
  const rows = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      status: appointments.status,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      blockedUntil: appointments.blockedUntil,
      zoneName: serviceZones.zoneName,
      teamMemberId: appointments.teamMemberId,
      firstName: teamMembers.firstName,
      lastName: teamMembers.lastName,
      customerName: appointments.customerName,
      customerEmail: appointments.customerEmail,
      customerPhone: appointments.customerPhone,
      address: appointments.address,
      city: appointments.city,
      postalCode: appointments.postalCode,
      cars: appointments.cars,
      priceCents: appointments.priceCents,
      cancelReason: appointments.cancelReason,
    })
    .from(appointments)
    .innerJoin(teamMembers, eq(teamMembers.id, appointments.teamMemberId))
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(
      and(
        eq(appointments.franchiseeId, franchiseeId),
        gte(appointments.startAt, range.start),
        lt(appointments.startAt, range.end),
      ),
    )
    .orderBy(asc(appointments.startAt), asc(appointments.bookingId));
  if (rows.length === 0) return [];

  const extras = await loadAppointmentExtras(
    db,
    rows.map((r) => r.id),
  );

  const team = await loadTeam(db, franchiseeId);
  const scheduled = rows.filter((r) => r.status === "scheduled");
  const busy =
    scheduled.length > 0
      ? await loadBusy(
          db,
          team.map((m) => m.id),
          {
            from: new Date(Math.min(...scheduled.map((r) => r.startAt.getTime()))),
            to: new Date(Math.max(...scheduled.map((r) => r.blockedUntil.getTime()))),
          },
        )
      : [];
  const names = await memberNames(db, franchiseeId);
  const refused = new Map(
    (
      await db
        .select({ appointmentId: payments.appointmentId, code: payments.failureCode })
        .from(payments)
        .where(
          and(
            inArray(
              payments.appointmentId,
              rows.map((r) => r.id),
            ),
            eq(payments.status, "failed"),
          ),
        )
    ).map((p) => [p.appointmentId, p.code ?? "payment_failed"]),
  );

  return rows.map(({ firstName, lastName, blockedUntil, ...row }) => {
    const appointment = { start: row.startAt, end: row.endAt, blockedUntil };
    const reassignTo =
      row.status === "scheduled"
        ? team
            .filter((m) => m.id !== row.teamMemberId)
            .filter((m) =>
              canTakeAppointment(
                {
                  availability: m.availability,
                  busy: busy.filter((b) => b.teamMemberId === m.id),
                },
                appointment,
                BUSINESS_TIME_ZONE,
              ),
            )
            .map((m) => ({ id: m.id, name: names.get(m.id) ?? "" }))
            .sort((a, b) => a.name.localeCompare(b.name, "fr-CA"))
        : [];
    return {
      ...row,
      memberName: `${firstName} ${lastName}`,
      extras: (extras.get(row.id) ?? []).map((e) => e.name),
      reassignTo,
      refusedPayment: refused.get(row.id) ?? null,
    };
  });
}

async function memberNames(db: Db, franchiseeId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: teamMembers.id, firstName: teamMembers.firstName, lastName: teamMembers.lastName })
    .from(teamMembers)
    .where(and(eq(teamMembers.franchiseeId, franchiseeId), eq(teamMembers.isActive, true)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

export interface ScheduleMember {
  id: string;
  name: string;
  availability: { dayOfWeek: number; startTime: string; endTime: string; isAvailable: boolean }[];
  /** Their time off touching the period (ADR 104), local days both included. */
  timeOff: { id: string; startsOn: string; endsOn: string; reason: string }[];
}

/**
 * The franchisee's active members for the schedule's columns (ADR 104): each with their weekly
 * hours (the free time drawn) and their time off in the period, by name.
 */
export async function listScheduleTeam(
  db: Db,
  { franchiseeId, period }: { franchiseeId: string; period: Period },
): Promise<ScheduleMember[]> {
  const team = await loadTeam(db, franchiseeId);
  const names = await memberNames(db, franchiseeId);
  const range = periodInstants(period);
  const off = await loadTimeOff(
    db,
    team.map((m) => m.id),
    { from: range.start, to: new Date(range.end.getTime() - 1) },
  );
  return team
    .map((m) => ({
      id: m.id,
      name: names.get(m.id) ?? "",
      availability: [...m.availability],
      timeOff: off
        .filter((o) => o.teamMemberId === m.id)
        .map(({ id, startsOn, endsOn, reason }) => ({ id, startsOn, endsOn, reason })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr-CA"));
}
