import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { createdAt, updatedAt } from "./columns";

export const promoDiscountKind = pgEnum("promo_discount_kind", ["percent", "fixed"]);
/**
 * Where a code comes from: made by an admin, a client's referral code, a win-back offer (ADR 050),
 * a thank-you offer after a wash (ADR 057).
 */
export const promoCampaign = pgEnum("promo_campaign", ["admin", "referral", "winback", "thankyou"]);

/**
 * A promo code (ADR 050). `code` is stored upper-case. `uses_count` counts the bookings that used
 * it (a cancelled booking keeps its use); the booking transaction locks the row, so a code with
 * one use left is used once however many bookings race for it.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    campaign: promoCampaign("campaign").notNull().default("admin"),
    kind: promoDiscountKind("kind").notNull(),
    /** percent: 1 to 100; fixed: cents. */
    value: integer("value").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** null = unlimited. */
    maxUses: integer("max_uses"),
    usesCount: integer("uses_count").notNull().default(0),
    /** Once per customer, by e-mail and by phone. */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    /** Zone ids where it applies; empty = every zone. */
    zoneIds: uuid("zone_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    minCars: smallint("min_cars").notNull().default(1),
    firstBookingOnly: boolean("first_booking_only").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** A referral code: the client who gets points when a friend's booking is completed. */
    referrerUserId: text("referrer_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A personal code (win-back): only this e-mail (lower-case) may use it. */
    recipientEmail: text("recipient_email"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "promo_codes_value",
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0)`,
    ),
    check(
      "promo_codes_uses",
      sql`${t.usesCount} >= 0 and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses})`,
    ),
    check("promo_codes_min_cars", sql`${t.minCars} between 1 and 3`),
    uniqueIndex("promo_codes_referrer_uq")
      .on(t.referrerUserId)
      .where(sql`${t.campaign} = 'referral'`),
  ],
);

/** One use of a code by one booking, with the amount it took off (cents, before taxes). */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "restrict" }),
    appointmentId: uuid("appointment_id")
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: "cascade" }),
    /** Lower-cased e-mail and E.164 phone of the customer, for 'once per customer'. */
    email: text("email").notNull(),
    phone: text("phone"),
    discountCents: integer("discount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("promo_redemptions_code_idx").on(t.promoCodeId),
    check("promo_redemptions_discount", sql`${t.discountCents} >= 0`),
  ],
);

/** One win-back offer sent to one client for one period (ADR 050): never two in a period. */
export const winbackSends = pgTable(
  "winback_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased e-mail of the client. */
    email: text("email").notNull(),
    /** The period the offer belongs to, e.g. '2026-11-25/60' (the day of the run and N). */
    periodKey: text("period_key").notNull(),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    emailQueued: boolean("email_queued").notNull().default(false),
    smsQueued: boolean("sms_queued").notNull().default(false),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("winback_sends_email_idx").on(t.email, t.sentAt),
    uniqueIndex("winback_sends_email_period_uq").on(t.email, t.periodKey),
  ],
);

/**
 * Each customer's last completed wash and last win-back offer, by lower-cased e-mail (ADR 114),
 * kept by the database in the transaction of every change of an appointment or an offer
 * (migration 0046). The daily win-back reads the customers whose later of the two is before its
 * period through `customer_washes_due_idx`: a day's run reads the day's work, not every
 * completed appointment of the network.
 */
export const customerWashes = pgTable(
  "customer_washes",
  {
    email: text("email").primaryKey(),
    lastCompletedAt: timestamp("last_completed_at", { withTimezone: true }),
    lastOfferedAt: timestamp("last_offered_at", { withTimezone: true }),
  },
  (t) => [index("customer_washes_due_idx").on(sql`greatest(${t.lastCompletedAt}, ${t.lastOfferedAt})`)],
);

/**
 * The thank-you offer of one completed appointment (ADR 057), written once by the job that sends
 * it (the primary key is the appointment): never two, whatever runs the job twice. A row without
 * a code is an appointment considered and skipped (no consent at send time, offers turned off).
 */
export const thankyouSends = pgTable(
  "thankyou_sends",
  {
    appointmentId: uuid("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id, { onDelete: "cascade" }),
    emailQueued: boolean("email_queued").notNull().default(false),
    smsQueued: boolean("sms_queued").notNull().default(false),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("thankyou_sends_code_idx").on(t.promoCodeId)],
);
