import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { services } from "./catalog";
import { createdAt, updatedAt } from "./columns";

/**
 * The size classes a wash is priced by (ADR 085): Auto, VUS, Camionnette, Fourgonnette. Exactly
 * one is the standard class: a bare car count (older bookings, the JSON API's `cars`) is that many
 * cars of it. The rows themselves are written by the migration; the admin renames and prices them.
 */
export const vehicleSizeClasses = pgTable(
  "vehicle_size_classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    isStandard: boolean("is_standard").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vehicle_size_classes_one_standard")
      .on(t.isStandard)
      .where(sql`${t.isStandard}`),
    check("vehicle_size_classes_standard_active", sql`not ${t.isStandard} or ${t.isActive}`),
  ],
);

/**
 * What a size class adds to (or takes off) a service's price per car, in cents before taxes.
 * No row: the same price as the standard class.
 */
export const serviceSizeClassPrices = pgTable(
  "service_size_class_prices",
  {
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    sizeClassId: uuid("size_class_id")
      .notNull()
      .references(() => vehicleSizeClasses.id, { onDelete: "cascade" }),
    differenceCents: integer("difference_cents").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.sizeClassId] }),
    check("service_size_class_prices_bounded", sql`${t.differenceCents} between -100000 and 100000`),
  ],
);

/** A customer's saved vehicle (ADR 085): only its owner reads, books or deletes it. */
export const customerVehicles = pgTable(
  "customer_vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    make: text("make").notNull(),
    model: text("model").notNull(),
    year: smallint("year").notNull(),
    colour: text("colour").notNull(),
    plate: text("plate"),
    sizeClassId: uuid("size_class_id")
      .notNull()
      .references(() => vehicleSizeClasses.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("customer_vehicles_year", sql`${t.year} between 1900 and 2100`),
    index("customer_vehicles_user_idx").on(t.userId),
  ],
);
