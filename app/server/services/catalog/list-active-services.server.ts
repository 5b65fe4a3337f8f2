import { asc, eq } from "drizzle-orm";
import { services } from "#db/schema";
import type { Db } from "../../db.server";

/** The washes on sale, in the catalogue's order (sort_order). Prices in cents, before taxes. */
export function listActiveServices(db: Db) {
  return db
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      basePriceCents: services.basePriceCents,
      durationMinutes: services.durationMinutes,
    })
    .from(services)
    .where(eq(services.isActive, true))
    .orderBy(asc(services.sortOrder), asc(services.name));
}
