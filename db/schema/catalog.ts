import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** The washes we sell. Prices are integer cents, before taxes. */
export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    basePriceCents: integer("base_price_cents").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("services_price_positive", sql`${t.basePriceCents} >= 0`),
    check("services_duration_positive", sql`${t.durationMinutes} > 0`),
  ],
);

/** Extras a customer may add to a booking (docs/product.md, section 3: extras). */
export const upsellOptions = pgTable(
  "upsell_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    image: text("image"),
    isPopular: boolean("is_popular").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("upsell_options_price_positive", sql`${t.priceCents} >= 0`)],
);
