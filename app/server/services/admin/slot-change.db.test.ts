import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { ServiceFormSchema, ZoneFormSchema } from "~/domain/admin/schemas";
import { SlotsQuerySchema } from "~/domain/booking/schemas";
import { describeDatabases } from "../../../../tests/setup/db";
import { invalidateOpenSlots, slotsAnswerJson } from "../booking/slot-cache.server";
import { saveZone } from "./manage-zones.server";
import { saveService } from "./manage-services.server";

const admin = { id: "owner", role: "admin" as const };
/** Friday 2026-03-06, 08:00 in Granby; Monday 2026-03-09 has open slots. */
const NOW = new Date("2026-03-06T08:00:00-05:00");
const query = SlotsQuerySchema.parse({ zone: "granby", cars: "1", from: "2026-03-09", days: "1" });

const starts = (json: string) =>
  (JSON.parse(json) as { days: { slots: { start: string }[] }[] }).days.flatMap((day) =>
    day.slots.map((slot) => slot.start),
  );

// The answer of GET /api/slots (slotsAnswerJson, cached per zone) after an admin's change: the
// new set at once, on PGlite too where no NOTIFY reaches the cache (withSlotChange, issue 16).
describeDatabases("an admin's zone or service change reaches the slot lists at once", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    // The cache lives in the process: forget the lists the other database's run left behind.
    invalidateOpenSlots();
  });

  async function granbyForm(changes: Record<string, string>) {
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    return ZoneFormSchema.parse({
      id: zone!.id,
      zoneName: zone!.zoneName,
      routeSlug: zone!.routeSlug,
      centerLatitude: String(zone!.centerLatitude),
      centerLongitude: String(zone!.centerLongitude),
      serviceRadiusKm: String(zone!.serviceRadiusKm),
      status: zone!.status,
      ...(zone!.franchiseeId ? { franchiseeId: zone!.franchiseeId } : {}),
      ...changes,
    });
  }

  it("a new radius: the next answer is computed afresh, not the cached list", async () => {
    const before = await slotsAnswerJson(db(), query, NOW);
    expect(starts(before).length).toBeGreaterThan(0);
    // A write outside the services (the team's day off) is not seen while the list is cached...
    await db().update(s.teamMembers).set({ isActive: false });
    expect(await slotsAnswerJson(db(), query, NOW)).toBe(before);
    // ...the admin's radius change clears it: the answer is the set of now (no one to send).
    await saveZone(db(), { actor: admin, input: await granbyForm({ serviceRadiusKm: "35" }) });
    expect(starts(await slotsAnswerJson(db(), query, NOW))).toEqual([]);
    await db().update(s.teamMembers).set({ isActive: true });
    await saveZone(db(), { actor: admin, input: await granbyForm({ serviceRadiusKm: "30" }) });
    expect(starts(await slotsAnswerJson(db(), query, NOW))).toEqual(starts(before));
  });

  it("a zone that stops taking bookings is refused at once", async () => {
    await slotsAnswerJson(db(), query, NOW);
    await saveZone(db(), { actor: admin, input: await granbyForm({ status: "seeking_franchisee" }) });
    await expect(slotsAnswerJson(db(), query, NOW)).rejects.toMatchObject({ code: "ZONE_NOT_ACTIVE" });
    await saveZone(db(), { actor: admin, input: await granbyForm({ status: "active" }) });
    expect(starts(await slotsAnswerJson(db(), query, NOW)).length).toBeGreaterThan(0);
  });

  it("a longer service: fewer starts in the same day, at once", async () => {
    const before = starts(await slotsAnswerJson(db(), query, NOW));
    const [first] = await db().select().from(s.services).where(eq(s.services.isActive, true)).limit(1);
    await saveService(db(), {
      actor: admin,
      input: ServiceFormSchema.parse({
        id: first!.id,
        name: first!.name,
        description: first!.description,
        price: (first!.basePriceCents / 100).toFixed(2),
        durationMinutes: String(first!.durationMinutes * 3),
      }),
    });
    const after = starts(await slotsAnswerJson(db(), query, NOW));
    expect(after.length).toBeLessThan(before.length);
  });
});
