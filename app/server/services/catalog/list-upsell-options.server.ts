import { asc, eq } from "drizzle-orm";
import { upsellOptions } from "#db/schema";
import type { Db } from "../../db.server";

/** The extras a customer may add to a booking, in the catalogue's order. Prices in cents, before taxes. */
export function listUpsellOptions(db: Db) {
  return db
    .select({
      id: upsellOptions.id,
      slug: upsellOptions.slug,
      name: upsellOptions.name,
      description: upsellOptions.description,
      priceCents: upsellOptions.priceCents,
      image: upsellOptions.image,
      isPopular: upsellOptions.isPopular,
    })
    .from(upsellOptions)
    .where(eq(upsellOptions.isActive, true))
    .orderBy(asc(upsellOptions.sortOrder), asc(upsellOptions.name));
}
