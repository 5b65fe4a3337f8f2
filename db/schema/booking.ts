import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { services, upsellOptions } from "./catalog";
import { createdAt, updatedAt } from "./columns";
import { franchisees, serviceZones, teamMembers } from "./network";

/** One car of a booking as booked (ADR 085); app/domain/booking/vehicles.ts reads it. */
interface BookedVehicleSnapshot {
  sizeClass: string;
  sizeClassName: string;
  /** 'Honda Civic 2019, bleu' for a saved vehicle; null for a car picked by size class only. */
  label: string | null;
  vehicleId: string | null;
  priceCents: number;
}

/** How precise an appointment's point is (ADR 048): a postal-code area, a town centre, a street. */
export const locationPrecision = pgEnum("location_precision", ["fsa", "municipality", "street"]);

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
/**
 * A phone number's digits alone ('+14505550142' -> '14505550142'): the search by part of a number
 * is written on this expression, and its trigram index is built on the same one (ADR 105).
 */
export const phoneDigits = (phone: AnyPgColumn | SQL) =>
  sql<string>`regexp_replace(${phone}, '[^0-9]', '', 'g')`;

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
    /** Where the wash takes place, from the geocoder (ADR 048); null for older bookings. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationPrecision: locationPrecision("location_precision"),
    notes: text("notes"),
    // Texts about this booking (confirmation, reminder, « En route », report): the booking form's
    // service-texts box, or its SMS box when the request names no service texts (ADR 014).
    smsConsent: boolean("sms_consent").notNull().default(false),
    /** Unit price of the service at booking time (cents, before taxes). */
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** Service price x cars + chosen upsells, less the promo discount (cents, before taxes). */
    priceCents: integer("price_cents").notNull(),
    /** The promo code's discount (cents, before taxes; ADR 050): the taxes are on price_cents. */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * Each car as booked (ADR 085): its size class, its saved vehicle's label and its price, a
     * snapshot never joined again. Null for older bookings and bare counts: `cars` cars of the
     * standard class at `unit_price_cents`.
     */
    vehicles: jsonb("vehicles").$type<BookedVehicleSnapshot[]>(),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("appointments_cars", sql`${t.cars} between 1 and 3`),
    check("appointments_times", sql`${t.endAt} > ${t.startAt} and ${t.blockedUntil} >= ${t.endAt}`),
    check(
      "appointments_point",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null) = (${t.locationPrecision} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
    check("appointments_price", sql`${t.priceCents} >= 0 and ${t.unitPriceCents} >= 0`),
    check("appointments_discount", sql`${t.discountCents} >= 0`),
    check(
      "appointments_vehicles",
      sql`${t.vehicles} is null or (jsonb_typeof(${t.vehicles}) = 'array' and jsonb_array_length(${t.vehicles}) = ${t.cars})`,
    ),
    index("appointments_zone_start_idx").on(t.zoneId, t.startAt),
    index("appointments_member_start_idx").on(t.teamMemberId, t.startAt),
    index("appointments_franchisee_start_idx").on(t.franchiseeId, t.startAt),
    index("appointments_user_idx").on(t.userId),
    index("appointments_email_idx").on(sql`lower(${t.customerEmail})`),
    // The booking desk's search by a whole phone number (ADR 098).
    index("appointments_phone_idx").on(t.customerPhone),
    // The admin's network report: a month's rows read from the index alone (ADR 098).
    index("appointments_start_report_idx").on(t.startAt, t.zoneId, t.status, t.priceCents),
    // The search by part of a name or e-mail address, any case (`ilike '%...%'`): trigrams
    // (pg_trgm, migration 0034), instead of reading every booking (ADR 105).
    index("appointments_name_trgm_idx").using("gin", t.customerName.op("gin_trgm_ops")),
    index("appointments_email_trgm_idx").using("gin", t.customerEmail.op("gin_trgm_ops")),
    // The search by part of a phone number (4 digits or more): the trigrams of its digits.
    index("appointments_phone_digits_trgm_idx").using(
      "gin",
      sql`${phoneDigits(t.customerPhone)} gin_trgm_ops`,
    ),
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

/** Why the admin may hide a review (ADR 049): the published content policy, never its rating. */
export const reviewHideReason = pgEnum("review_hide_reason", ["insult", "personal_data", "off_topic"]);

/**
 * A customer's review of a completed appointment (1 to 5), at most one per appointment (ADR 049).
 * Published when the customer consents (`publish_consent`) and no admin hid it for a reason of
 * the content policy; editable by the customer for 30 days after `created_at`. The franchisee
 * answers once (`response`).
 */
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
    /** The name shown with the review (first name and initial by default). */
    displayName: text("display_name"),
    publishConsent: boolean("publish_consent").notNull().default(false),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: reviewHideReason("hidden_reason"),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    response: text("response"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    respondedBy: text("responded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("appointment_reviews_rating", sql`${t.rating} between 1 and 5`),
    check("appointment_reviews_hidden", sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    index("appointment_reviews_created_idx").on(t.createdAt),
  ],
);

/**
 * The published reviews of each zone, counted and summed (ADR 105): what the home page and a
 * zone's page show as the average, without reading every review. Kept by the database itself,
 * in the transaction of any change to a review or to its appointment (triggers, migration 0036):
 * a published review is one with the customer's consent, not hidden, of a completed appointment.
 */
export const reviewTotals = pgTable("review_totals", {
  zoneId: uuid("zone_id")
    .primaryKey()
    .references(() => serviceZones.id, { onDelete: "cascade" }),
  reviewCount: integer("review_count").notNull().default(0),
  ratingSum: integer("rating_sum").notNull().default(0),
});

/**
 * Each zone's counted bookings and revenue (before taxes) per local month (ADR 112): the
 * appointments not cancelled, dated by their start in America/Toronto. Kept by the database in
 * the transaction of every change of an appointment (migration 0043): the admin's network report
 * reads 300 zones by 6 months of rows instead of the 50,000 appointments of a 100x network.
 */
export const zoneMonthTotals = pgTable(
  "zone_month_totals",
  {
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => serviceZones.id, { onDelete: "cascade" }),
    /** yyyy-MM, the local month of the appointments' start. */
    month: text("month").notNull(),
    bookings: integer("bookings").notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.month] })],
);

/** Every hide and restore of a review by an admin: who, when, why (ADR 049). */
export const reviewModerationLog = pgTable(
  "review_moderation_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => appointmentReviews.id, { onDelete: "cascade" }),
    action: text("action", { enum: ["hide", "restore"] }).notNull(),
    reason: reviewHideReason("reason"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("review_moderation_log_review_idx").on(t.reviewId)],
);

/**
 * The review request of a completed appointment, written once by the job that sends it: the
 * primary key makes "asked once per appointment" hold whatever runs the job twice (ADR 049).
 */
export const reviewRequests = pgTable("review_requests", {
  appointmentId: uuid("appointment_id")
    .primaryKey()
    .references(() => appointments.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const bookingChangeAction = pgEnum("booking_change_action", [
  "cancelled",
  "rescheduled",
  "changed",
  "reassigned",
]);

/**
 * The booking desk's audit log (ADR 052): every change head office or a franchisee makes to a
 * customer's booking, with who made it and why. Never updated; kept with the appointment.
 */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name and role when the change was made: kept if the account goes. */
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    action: bookingChangeAction("action").notNull(),
    reason: text("reason").notNull(),
    /** What changed: { from: {...}, to: {...} } (start, cars, extras). */
    details: jsonb("details").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("booking_changes_appointment_idx").on(t.appointmentId, t.createdAt)],
);

/**
 * One row per booking request already answered (ADR 068): the key of the request (a client's
 * Idempotency-Key, the wizard form's own key, the assistant's confirmation code, or the request's
 * own fingerprint: slot, contact, zone and cars), inserted in the booking's transaction. The
 * primary key is what makes a second booking of the same request wait for the first and then
 * answer with it. Only hashes of the keys are stored; the manage-link token is sealed with a key
 * derived from the request's key and the server secret, so the first answer can be given again.
 */
export const bookingRequests = pgTable(
  "booking_requests",
  {
    /** SHA-256 hex of the key's scope and value. */
    keyHash: text("key_hash").primaryKey(),
    /** SHA-256 hex of the request's canonical form: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    /** The appointment booked (no foreign key: the row is written before it, in the same transaction). */
    appointmentId: uuid("appointment_id").notNull(),
    /** The manage-link token, AES-256-GCM sealed (base64url of iv, tag and ciphertext). */
    sealedManageToken: text("sealed_manage_token").notNull(),
    createdAt: createdAt(),
    /** After this instant the key may book again (the rows are then purged). */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("booking_requests_expires_at_idx").on(t.expiresAt)],
);
