/**
 * The demo crew member (demo accounts only, issue 32): `crew@example.com` is a member of the
 * Granby team, linked to that account (ADR 077), with stops today and the next two days so
 * "Ma journée" has something to show. The day's booking ids carry the date: a restart on another
 * day adds that day's stops, a restart the same day adds nothing.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  instantToZonedParts,
  zonedWallTimeToInstant,
} from "~/domain/time/zoned";
import type { Db } from "~/server/db.server";
import * as s from "#db/schema";
import { DEFAULT_AVAILABILITY, DEMO_FRANCHISEE_ZONE, SERVICES, UPSELLS, WEEKDAYS } from "./seed-data";

/**
 * The demo crew's stops (local times, Granby), seeded today and the next two days: a server seeded
 * late in the evening still shows a « tomorrow » after midnight, as a demo (or a browser run that
 * crosses midnight in Toronto) expects.
 */
const DEMO_CREW_DAY = {
  phone: "+14505550150",
  stops: [
    {
      time: "09:00",
      cars: 1,
      customerName: "Martine Lussier",
      customerEmail: "martine.lussier@example.com",
      customerPhone: "+14505550161",
      address: "245, rue Principale, Granby",
      postalCode: "J2G 2V7",
      lat: 45.4003,
      lon: -72.7318,
      notes: "Entrée à l'arrière, le code de la barrière est 4521.",
    },
    {
      time: "11:15",
      cars: 2,
      customerName: "Yves Paquette",
      customerEmail: "yves.paquette@example.com",
      customerPhone: "+14505550162",
      address: "88, boulevard Leclerc Ouest, Granby",
      postalCode: "J2G 1T3",
      lat: 45.3868,
      lon: -72.7505,
      notes: null,
    },
    {
      time: "15:00",
      cars: 1,
      customerName: "Nadia Roy",
      customerEmail: "nadia.roy@example.com",
      customerPhone: "+14505550163",
      address: "512, rue Denison Est, Granby",
      postalCode: "J2H 2R6",
      lat: 45.4151,
      lon: -72.7098,
      notes: "Le chien est gentil, mais fermez la clôture.",
    },
  ],
} as const;

type SeedTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Links the demo crew account to its Granby team member (made if missing) and seeds its day. */
export async function seedDemoCrew(tx: SeedTx, userId: string, now: Date): Promise<void> {
  const [zone] = await tx
    .select()
    .from(s.serviceZones)
    .where(eq(s.serviceZones.routeSlug, DEMO_FRANCHISEE_ZONE));
  const [user] = await tx.select().from(s.users).where(eq(s.users.id, userId));
  if (!zone?.franchiseeId || !user) return;
  const franchiseeId = zone.franchiseeId;
  let [member] = await tx
    .select({ id: s.teamMembers.id })
    .from(s.teamMembers)
    .where(
      and(
        eq(s.teamMembers.franchiseeId, franchiseeId),
        eq(s.teamMembers.userId, userId),
        eq(s.teamMembers.isActive, true),
      ),
    );
  if (!member) {
    [member] = await tx
      .insert(s.teamMembers)
      .values({
        franchiseeId,
        userId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: DEMO_CREW_DAY.phone,
      })
      .returning({ id: s.teamMembers.id });
    await tx
      .insert(s.teamAvailability)
      .values(
        WEEKDAYS.map((dayOfWeek) => ({ teamMemberId: member!.id, dayOfWeek, ...DEFAULT_AVAILABILITY })),
      );
  }
  const [service] = await tx.select().from(s.services).where(eq(s.services.slug, SERVICES[0].slug));
  const [extra] = await tx.select().from(s.upsellOptions).where(eq(s.upsellOptions.slug, UPSELLS[0].slug));
  if (!service) return;
  const today = instantToZonedParts(now, BUSINESS_TIME_ZONE).date;
  for (const day of [0, 1, 2].map((n) => addDaysToDateString(today, n))) {
    for (const [n, stop] of DEMO_CREW_DAY.stops.entries()) {
      const startAt = zonedWallTimeToInstant(day, stop.time, BUSINESS_TIME_ZONE);
      const endAt = new Date(startAt.getTime() + service.durationMinutes * stop.cars * 60_000);
      const withExtra = extra && n === 0;
      const [created] = await tx
        .insert(s.appointments)
        .values({
          bookingId: `crew${day.replaceAll("-", "")}${n + 1}`,
          manageTokenHash: crypto.createHash("sha256").update(crypto.randomBytes(32)).digest("hex"),
          zoneId: zone.id,
          franchiseeId,
          teamMemberId: member!.id,
          serviceId: service.id,
          cars: stop.cars,
          startAt,
          endAt,
          blockedUntil: new Date(endAt.getTime() + 30 * 60_000),
          customerName: stop.customerName,
          customerEmail: stop.customerEmail,
          customerPhone: stop.customerPhone,
          address: stop.address,
          city: zone.zoneName,
          postalCode: stop.postalCode,
          latitude: stop.lat,
          longitude: stop.lon,
          locationPrecision: "street",
          notes: stop.notes,
          smsConsent: true,
          unitPriceCents: service.basePriceCents,
          priceCents: service.basePriceCents * stop.cars + (withExtra ? extra.priceCents : 0),
        })
        .onConflictDoNothing({ target: s.appointments.bookingId })
        .returning({ id: s.appointments.id });
      if (created && withExtra) {
        await tx.insert(s.appointmentUpsells).values({
          appointmentId: created.id,
          upsellOptionId: extra.id,
          name: extra.name,
          priceCents: extra.priceCents,
        });
      }
    }
  }
}
