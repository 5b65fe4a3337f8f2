import { asc, eq } from "drizzle-orm";
import { serviceZones } from "#db/schema";
import type { Db } from "../../db.server";

/** The pages search engines may index: the site, the legal pages and the active zones. */
export async function listPublicPages(db: Db): Promise<string[]> {
  const zones = await db
    .select({ slug: serviceZones.routeSlug })
    .from(serviceZones)
    .where(eq(serviceZones.status, "active"))
    .orderBy(asc(serviceZones.zoneName));
  return [
    "/",
    "/gallery",
    "/cartes-cadeaux",
    "/application",
    "/address-validation",
    "/privacy-policy",
    "/terms",
    ...zones.map((z) => `/franchise/${z.slug}`),
  ];
}

/** Paths kept out of search engines: dashboards, accounts, APIs and one-off booking pages. */
export const PRIVATE_PATHS = [
  "/admin",
  "/franchisee",
  "/client",
  "/auth",
  "/api/",
  "/booking/",
  "/booking-success/",
  "/design-system",
  // The private calendar feeds (ADR 082): a token in the path, never to be indexed.
  "/calendar/",
] as const;
