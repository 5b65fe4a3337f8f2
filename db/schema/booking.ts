import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { services, upsellOptions } from "./catalog";
import { createdAt, updatedAt } from "./columns";
import { franchisees, serviceZones, teamMembers } from "./network";

export const appointmentStatus = pgEnum("appointment_status", [
  "scheduled",
  "completed",
  "cancelled",
  "no_show",
]);

/**
 * A booked wash. Times are instants (timestamptz); `blocked_until` adds the travel buffer after
 * `end_at`. A migration adds an exclusion constraint: one team member never has two scheduled
 * appointments whose [start_at, blocked_until) ranges overlap.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Public id shown to the customer and polled by /booking-success/{bookingId}. */
    bookingId: text("booking_id").notNull().unique(),
    /** SHA-256 of the secret manage link token (cancel / reschedule). */
    manageTokenHash: text("manage_token_hash").notNull(),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => serviceZones.id, { onDelete: "restrict" }),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "restrict" }),
    teamMemberId: uuid("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "restrict" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    cars: smallint("cars").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    status: appointmentStatus("status").notNull().default("scheduled"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    address: text("address").notNull(),
    city: text("city"),
    postalCode: text("postal_code"),
    notes: text("notes"),
    smsConsent: boolean("sms_consent").notNull().default(false),
    /** Unit price of the service at booking time (cents, before taxes). */
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** Service price x cars + chosen upsells, less the promo discount (cents, before taxes). */
    priceCents: integer("price_cents").notNull(),
    /** The promo code's discount (cents, before taxes; ADR 050): the taxes are on price_cents. */
    discountCents: integer("discount_cents").notNull().default(0),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("appointments_cars", sql`${t.cars} between 1 and 3`),
    check("appointments_times", sql`${t.endAt} > ${t.startAt} and ${t.blockedUntil} >= ${t.endAt}`),
    check("appointments_price", sql`${t.priceCents} >= 0 and ${t.unitPriceCents} >= 0`),
    check("appointments_discount", sql`${t.discountCents} >= 0`),
    index("appointments_zone_start_idx").on(t.zoneId, t.startAt),
    index("appointments_member_start_idx").on(t.teamMemberId, t.startAt),
    index("appointments_franchisee_start_idx").on(t.franchiseeId, t.startAt),
    index("appointments_user_idx").on(t.userId),
    index("appointments_email_idx").on(sql`lower(${t.customerEmail})`),
  ],
);

/** The extras chosen for one appointment, with the price they had when chosen. */
export const appointmentUpsells = pgTable(
  "appointment_upsells",
  {
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    upsellOptionId: uuid("upsell_option_id")
      .notNull()
      .references(() => upsellOptions.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.upsellOptionId] })],
);

/** A customer's rating of a completed appointment (1 to 5), at most one per appointment. */
export const appointmentReviews = pgTable(
  "appointment_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [check("appointment_reviews_rating", sql`${t.rating} between 1 and 5`)],
);
