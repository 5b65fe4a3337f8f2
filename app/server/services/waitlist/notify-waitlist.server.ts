import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { serviceZones, waitlistEntries } from "#db/schema";
import { checkServiceArea } from "~/domain/geo/zones";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";

/**
 * Queues a look at the waiting list after a zone became active, moved or grew (ADR 046). In the
 * caller's transaction: the job runs only if the zone change commits, and reads it then. No
 * singleton key: a change made while a check runs gets its own check (the claim below makes
 * any number of them safe).
 */
export async function queueWaitlistCheck(db: Db | Tx): Promise<void> {
  await enqueue(db, "waitlist.notify", {});
}

/**
 * The job 'waitlist.notify': claims every waiting entry whose point now lies in an active zone
 * (the same decision as the address check) and queues its one e-mail, in one transaction. The
 * claim is `UPDATE ... SET notified_at WHERE notified_at IS NULL RETURNING`: with two workers
 * running two checks at once, PostgreSQL lets one update a row and the other, re-reading it after
 * the first commits, skips it. So each entry gets exactly one e-mail job, never two.
 */
export async function claimWaitlistEntries(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ entryId: string; zoneId: string }[]> {
  const zones = await db
    .select({
      id: serviceZones.id,
      zoneName: serviceZones.zoneName,
      routeSlug: serviceZones.routeSlug,
      centerLatitude: serviceZones.centerLatitude,
      centerLongitude: serviceZones.centerLongitude,
      serviceRadiusKm: serviceZones.serviceRadiusKm,
      status: serviceZones.status,
    })
    .from(serviceZones)
    .where(eq(serviceZones.status, "active"));
  if (zones.length === 0) return [];

  const waiting = await db
    .select({ id: waitlistEntries.id, lat: waitlistEntries.latitude, lon: waitlistEntries.longitude })
    .from(waitlistEntries)
    .where(and(isNull(waitlistEntries.notifiedAt), isNotNull(waitlistEntries.latitude)));
  const byZone = new Map<string, string[]>();
  for (const entry of waiting) {
    if (entry.lat === null || entry.lon === null) continue;
    const zone = checkServiceArea({ lat: entry.lat, lon: entry.lon }, zones).zone?.zone;
    if (zone) byZone.set(zone.id, [...(byZone.get(zone.id) ?? []), entry.id]);
  }
  if (byZone.size === 0) return [];

  return db.transaction(async (tx) => {
    const claimed: { entryId: string; zoneId: string }[] = [];
    for (const [zoneId, ids] of byZone) {
      const rows = await tx
        .update(waitlistEntries)
        .set({ notifiedAt: now, notifiedZoneId: zoneId })
        .where(and(inArray(waitlistEntries.id, ids), isNull(waitlistEntries.notifiedAt)))
        .returning({ id: waitlistEntries.id });
      for (const row of rows) {
        await enqueue(tx, "email.waitlist-open", { entryId: row.id }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
        claimed.push({ entryId: row.id, zoneId });
      }
    }
    return claimed;
  });
}
