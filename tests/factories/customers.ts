import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import * as s from "#db/schema";
import type { Db } from "~/server/db.server";

/** A seeded zone's franchisee, zone and first team member. */
export interface Franchise {
  franchiseeId: string;
  zoneId: string;
  memberId: string;
}

export async function franchiseOf(db: Db, slug: string): Promise<Franchise> {
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, slug));
  const [member] = await db
    .select()
    .from(s.teamMembers)
    .where(eq(s.teamMembers.franchiseeId, zone!.franchiseeId!));
  return { franchiseeId: zone!.franchiseeId!, zoneId: zone!.id, memberId: member!.id };
}

/**
 * A customer's appointment of 90 minutes starting at `startAt` in `where`, written straight to
 * the table (the customers' lists and records read them; no booking rule is under test).
 */
export async function customerAppointment(
  db: Db,
  where: Franchise,
  {
    serviceId,
    email,
    startAt,
    status = "completed",
    priceCents = 10_000,
    name,
    phone = "450 555-0100",
  }: {
    serviceId: string;
    email: string;
    startAt: Date;
    status?: "scheduled" | "completed" | "cancelled" | "no_show";
    priceCents?: number;
    name: string;
    phone?: string;
  },
) {
  const [row] = await db
    .insert(s.appointments)
    .values({
      bookingId: `CUS${crypto.randomBytes(4).toString("hex").toUpperCase()}`,
      manageTokenHash: "x",
      zoneId: where.zoneId,
      franchiseeId: where.franchiseeId,
      teamMemberId: where.memberId,
      serviceId,
      cars: 1,
      status,
      customerName: name,
      customerEmail: email,
      customerPhone: phone,
      address: "1 rue Principale, Granby",
      unitPriceCents: priceCents,
      priceCents,
      startAt,
      endAt: new Date(startAt.getTime() + 90 * 60_000),
      blockedUntil: new Date(startAt.getTime() + 90 * 60_000),
    })
    .returning();
  return row!;
}
