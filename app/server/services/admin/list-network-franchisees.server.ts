import { and, asc, count, eq, gte, inArray, lt, sum } from "drizzle-orm";
import { appointments, franchisees, serviceZones, teamMembers, users } from "#db/schema";
import { monthOf, periodInstants } from "~/domain/time/periods";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";
import { countedAppointment } from "./network-figures.server";

/** The franchisees with their zones, active team size and this month's revenue (before taxes). */
export async function listNetworkFranchisees(db: Db, { actor, now }: { actor: AdminActor; now: Date }) {
  assertAdmin(actor);
  const month = periodInstants(monthOf(now));
  const rows = await db
    .select({
      id: franchisees.id,
      businessName: franchisees.businessName,
      email: franchisees.email,
      phone: franchisees.phone,
      isActive: franchisees.isActive,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(franchisees)
    .innerJoin(users, eq(users.id, franchisees.userId))
    .orderBy(asc(franchisees.businessName));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [zones, teams, revenue] = await Promise.all([
    db
      .select({
        franchiseeId: serviceZones.franchiseeId,
        zoneName: serviceZones.zoneName,
        status: serviceZones.status,
      })
      .from(serviceZones)
      .where(inArray(serviceZones.franchiseeId, ids))
      .orderBy(asc(serviceZones.zoneName)),
    db
      .select({ franchiseeId: teamMembers.franchiseeId, n: count() })
      .from(teamMembers)
      .where(and(inArray(teamMembers.franchiseeId, ids), eq(teamMembers.isActive, true)))
      .groupBy(teamMembers.franchiseeId),
    db
      .select({
        franchiseeId: appointments.franchiseeId,
        cents: sum(appointments.priceCents).mapWith(Number),
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.franchiseeId, ids),
          countedAppointment,
          gte(appointments.startAt, month.start),
          lt(appointments.startAt, month.end),
        ),
      )
      .groupBy(appointments.franchiseeId),
  ]);
  return rows.map((row) => ({
    ...row,
    zones: zones
      .filter((zone) => zone.franchiseeId === row.id)
      .map(({ zoneName, status }) => ({ zoneName, status })),
    teamSize: teams.find((team) => team.franchiseeId === row.id)?.n ?? 0,
    monthRevenueCents: revenue.find((r) => r.franchiseeId === row.id)?.cents ?? 0,
  }));
}

export type NetworkFranchisee = Awaited<ReturnType<typeof listNetworkFranchisees>>[number];
