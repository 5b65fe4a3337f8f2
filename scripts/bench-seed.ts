// Prepares the benchmark database (used by scripts/bench.mjs): migrations, the seed, 10 active
// team members over the 3 active zones, and 2,000 appointments (past ones completed, future ones
// scheduled, never overlapping), so that slot computation works on realistic data. Each
// appointment is at one of its zone's postal-code areas (a point, ADR 048), and the areas of each
// zone are printed with the counts: the mixed slot run asks for addresses there, travel times on.
import crypto from "node:crypto";
import { and, count, eq, isNotNull } from "drizzle-orm";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { seedScale } from "~/server/seed/seed-scale";
import { DEFAULT_AVAILABILITY, WEEKDAYS } from "~/server/seed/seed-data";
import fsaCentres from "~/domain/geo/data/fsa-quebec.json";
import { locate } from "~/domain/geo/locate";
import { decideServiceArea } from "~/domain/geo/service-area";
import { DEFAULT_TRAVEL_SETTINGS } from "~/domain/travel/travel-time";
import {
  addDaysToDateString,
  dayOfWeekOf,
  instantToZonedParts,
  zonedWallTimeToInstant,
} from "~/domain/time/zoned";
import { openDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";

const TEAM_SIZE = 10;
const APPOINTMENTS = 2000;
const TZ = "America/Toronto";
/** BENCH_SCALE=100: the network a hundred times bigger beside the 1x one (app/server/seed/seed-scale.ts, ADR 098). */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SCALE_SEED = Number(process.env.BENCH_SCALE_SEED ?? 35);
const factorLabel = `${SCALE}x`;

const config = env();
// Each phase's time on stderr (the bench reads stdout's last line): what the seed spends where.
let phaseStarted = performance.now();
const phase = (name: string) => {
  console.error(`bench-seed: ${name} ${Math.round(performance.now() - phaseStarted)} ms`);
  phaseStarted = performance.now();
};
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const db = database.db;
try {
  await database.migrate();
  phase("migrations");
  // The demo accounts: the page-view run signs in as the demo client (client@example.com).
  await seed(db, { demoAccounts: true });
  phase("seed with the demo accounts");

  const zones = await db.select().from(s.serviceZones).where(eq(s.serviceZones.status, "active"));
  // The postal-code areas (FSA) of each zone, as the booking's address check places them.
  const areas = new Map<string, string[]>();
  for (const fsa of Object.keys(fsaCentres)) {
    const decision = decideServiceArea(fsa, zones);
    if (decision.code !== "IN_AREA" || !decision.zone) continue;
    areas.set(decision.zone.routeSlug, [...(areas.get(decision.zone.routeSlug) ?? []), fsa]);
  }
  let members = await db.select().from(s.teamMembers).where(eq(s.teamMembers.isActive, true));
  for (let i = 0; members.length < TEAM_SIZE; i++) {
    const zone = zones[i % zones.length]!;
    const [created] = await db
      .insert(s.teamMembers)
      .values({
        franchiseeId: zone.franchiseeId!,
        firstName: "Renfort",
        lastName: `${zone.zoneName} ${i + 1}`,
        email: `renfort-${zone.routeSlug}-${i + 1}@lavageprestige.ca`,
      })
      .returning();
    await db
      .insert(s.teamAvailability)
      .values(
        WEEKDAYS.map((dayOfWeek) => ({ teamMemberId: created!.id, dayOfWeek, ...DEFAULT_AVAILABILITY })),
      );
    members = await db.select().from(s.teamMembers).where(eq(s.teamMembers.isActive, true));
  }

  phase("team members");
  const [existing] = await db.select({ n: count() }).from(s.appointments);
  let toCreate = APPOINTMENTS - existing!.n;
  const [service] = await db.select().from(s.services).where(eq(s.services.isActive, true));
  const zoneOf = new Map(zones.map((z) => [z.franchiseeId, z]));
  const today = instantToZonedParts(new Date(), TZ).date;
  const rows: (typeof s.appointments.$inferInsert)[] = [];
  // The next 30 days first (scheduled, mornings only, so the afternoons stay open for the slot
  // list and the booking calls), then past days (completed) up to the total.
  const offsets = [
    ...Array.from({ length: 30 }, (_, i) => i + 1),
    ...Array.from({ length: 200 }, (_, i) => -(i + 1)),
  ];
  for (const offset of offsets) {
    if (toCreate <= 0) break;
    const date = addDaysToDateString(today, offset);
    const weekday = dayOfWeekOf(date);
    if (weekday === 0 || weekday === 6 || offset === 0) continue;
    const times = offset < 0 ? ["09:00", "11:00", "13:00", "15:00"] : ["09:00"];
    for (const member of members) {
      const zone = zoneOf.get(member.franchiseeId);
      if (!zone) continue;
      for (const time of times) {
        if (toCreate <= 0) break;
        const startAt = zonedWallTimeToInstant(date, time, TZ);
        const endAt = new Date(startAt.getTime() + service!.durationMinutes * 60_000);
        const zoneAreas = areas.get(zone.routeSlug) ?? [];
        const fsa = zoneAreas[rows.length % zoneAreas.length];
        const place = fsa ? locate(fsa) : null;
        const point = place?.kind === "point" ? place : null;
        rows.push({
          bookingId: crypto.randomBytes(8).toString("hex").slice(0, 10),
          manageTokenHash: crypto.randomBytes(32).toString("hex"),
          zoneId: zone.id,
          franchiseeId: member.franchiseeId,
          teamMemberId: member.id,
          serviceId: service!.id,
          cars: 1,
          startAt,
          endAt,
          // With a point, only the set-up is guarded; the drive is the travel check's (ADR 048).
          blockedUntil: new Date(
            endAt.getTime() + (point ? DEFAULT_TRAVEL_SETTINGS.setupMinutes : 30) * 60_000,
          ),
          latitude: point?.lat ?? null,
          longitude: point?.lon ?? null,
          locationPrecision: point ? "fsa" : null,
          status: offset < 0 ? "completed" : "scheduled",
          customerName: "Client Banc d'essai",
          customerEmail: `banc-${rows.length}@example.com`,
          customerPhone: "+14505550100",
          address: `${100 + rows.length} rue Principale, ${zone.zoneName}`,
          city: zone.zoneName,
          unitPriceCents: service!.basePriceCents,
          priceCents: service!.basePriceCents,
          completedAt: offset < 0 ? endAt : null,
        });
        toCreate--;
      }
    }
  }
  // A demo booking of the seed may hold one of these times (the demo client's next wash): that row
  // is left out (`on conflict do nothing` also answers the exclusion constraint).
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insert(s.appointments)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing();
  phase("the 1x appointments");
  const scaleStarted = performance.now();
  const scale = await seedScale(db, {
    factor: SCALE,
    seed: SCALE_SEED,
    serviceId: service!.id,
    priceCents: service!.basePriceCents,
    durationMinutes: service!.durationMinutes,
    onStep: (step, ms) => console.error(`bench-seed: ${factorLabel} ${step} ${Math.round(ms)} ms`),
  });
  phase(`the ${factorLabel} network`);
  const scaleSeedMs = Math.round(performance.now() - scaleStarted);
  const [total] = await db.select({ n: count() }).from(s.appointments);
  const [team] = await db
    .select({ n: count() })
    .from(s.teamMembers)
    .where(and(eq(s.teamMembers.isActive, true)));
  const [located] = await db
    .select({ n: count() })
    .from(s.appointments)
    .where(isNotNull(s.appointments.latitude));
  console.log(
    JSON.stringify({
      factor: SCALE,
      scaleSeedMs,
      scaleAdded: scale,
      zones: zones.length,
      teamMembers: team!.n,
      appointments: total!.n,
      appointmentsWithAPoint: located!.n,
      postalAreas: Object.fromEntries(areas),
    }),
  );
} finally {
  await database.close();
}
