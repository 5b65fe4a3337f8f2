import { and, eq, gte, isNull, type SQL } from "drizzle-orm";
import { freedTimeOffers, freedTimeRequests, serviceZones } from "#db/schema";
import { localDate } from "~/domain/time/zoned";
import type { Db } from "../../db.server";

/** Whose zones the view counts: the owner's network, or one franchisee's zones. */
export type FreedTimeScope = { role: "admin" } | { role: "franchisee"; franchiseeId: string };

export interface FreedTimeCount {
  zoneName: string;
  /** A local day, 'yyyy-MM-dd'. */
  day: string;
  count: number;
}

export interface FreedTimeDemand {
  /** Open requests (not stopped, not past) per zone and wanted day, today onward. */
  requests: FreedTimeCount[];
  /** Offers sent per zone and day sent (America/Toronto); offers are kept 7 days (the purge). */
  offers: FreedTimeCount[];
  /** Open requests in all, and how many of them also asked for a text. */
  openRequests: number;
  withSms: number;
}

const inScope = (scope: FreedTimeScope): SQL | undefined =>
  scope.role === "admin" ? undefined : eq(serviceZones.franchiseeId, scope.franchiseeId);

/** Counts per (zone, day), by day then zone (newest first when `newest`). */
function countBy(pairs: { zoneName: string; day: string }[], newest = false): FreedTimeCount[] {
  const counts = new Map<string, FreedTimeCount>();
  for (const { zoneName, day } of pairs) {
    const key = `${day}\u0000${zoneName}`;
    const found = counts.get(key);
    if (found) found.count++;
    else counts.set(key, { zoneName, day, count: 1 });
  }
  return [...counts.values()].sort(
    (a, b) =>
      (newest ? b.day.localeCompare(a.day) : a.day.localeCompare(b.day)) ||
      a.zoneName.localeCompare(b.zoneName, "fr"),
  );
}

/**
 * « Heures libérées » (ADR 091, amended): counts only, per zone and day; no e-mail, phone or token
 * is read. A franchisee's scope counts their zones only. The rows are few (requests last at most
 * 14 days, offers 7: the daily purge), so they are counted here.
 */
export async function freedTimeDemand(
  db: Db,
  { scope, now = new Date() }: { scope: FreedTimeScope; now?: Date },
): Promise<FreedTimeDemand> {
  const today = localDate(now);
  const open = await db
    .select({
      zoneName: serviceZones.zoneName,
      days: freedTimeRequests.days,
      sms: freedTimeRequests.smsConsent,
    })
    .from(freedTimeRequests)
    .innerJoin(serviceZones, eq(serviceZones.id, freedTimeRequests.zoneId))
    .where(and(isNull(freedTimeRequests.stoppedAt), gte(freedTimeRequests.lastDay, today), inScope(scope)));
  const offers = await db
    .select({ zoneName: serviceZones.zoneName, createdAt: freedTimeOffers.createdAt })
    .from(freedTimeOffers)
    .innerJoin(freedTimeRequests, eq(freedTimeRequests.id, freedTimeOffers.requestId))
    .innerJoin(serviceZones, eq(serviceZones.id, freedTimeRequests.zoneId))
    .where(inScope(scope));
  return {
    requests: countBy(
      open.flatMap((r) => r.days.filter((day) => day >= today).map((day) => ({ zoneName: r.zoneName, day }))),
    ),
    offers: countBy(
      offers.map((o) => ({ zoneName: o.zoneName, day: localDate(o.createdAt) })),
      true,
    ),
    openRequests: open.length,
    withSms: open.filter((r) => r.sms).length,
  };
}
