import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { services } from "./catalog";
import { createdAt, updatedAt } from "./columns";
import { franchisees } from "./network";

// Memberships (issue 34, item 3; ADR 095). The admin's plans, the customers' subscriptions renewed
// by our own daily job on the card kept at subscription (off-session), and what each period used.
// Money is integer cents, rates basis points; periods are local days (America/Toronto).

/**
 * A plan: a monthly price per vehicle (before taxes; TPS and TVQ added as on a wash), the
 * signature washes included per vehicle and period, and a discount on extras.
 */
export const membershipPlans = pgTable(
  "membership_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    /** Per vehicle and month, before taxes. */
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    /** The wash the plan includes (the signature wash). */
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    /** Washes of that service included per vehicle and period. */
    includedWashes: integer("included_washes").notNull(),
    /** Off the extras of a member's booking (1 000 = 10 %). */
    extrasDiscountBasisPoints: integer("extras_discount_basis_points").notNull().default(0),
    /** A plan no longer offered keeps its subscribers; new ones cannot choose it. */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "membership_plans_values",
      sql`${t.monthlyPriceCents} >= 50 and ${t.includedWashes} between 0 and 10
        and ${t.extrasDiscountBasisPoints} between 0 and 10000`,
    ),
  ],
);

/** `awaiting_payment` until the first period is paid; `past_due` while a renewal is refused. */
export const membershipStatus = pgEnum("membership_status", [
  "awaiting_payment",
  "active",
  "paused",
  "cancelled",
  "past_due",
]);

/**
 * A customer's subscription to a plan, sold by the franchisee of the zone chosen (its royalty
 * applies as on a wash). The period [start, end) is paid; the renewal job charges the next one on
 * its end day. Its price, royalty and Stripe account are frozen at subscription.
 */
export const membershipSubscriptions = pgTable(
  "membership_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => membershipPlans.id, { onDelete: "restrict" }),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "restrict" }),
    vehicles: integer("vehicles").notNull(),
    status: membershipStatus("status").notNull().default("awaiting_payment"),
    /** Per vehicle and month, before taxes, at subscription. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    royaltyBasisPoints: integer("royalty_basis_points").notNull(),
    stripeAccountId: text("stripe_account_id").notNull(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    /** The card kept at the first payment, charged off-session at each renewal. */
    stripePaymentMethodId: text("stripe_payment_method_id"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeCheckoutUrl: text("stripe_checkout_url"),
    /** The form's one-time key: a double submit is one subscription. */
    requestKey: text("request_key").notNull().unique(),
    currentPeriodStart: date("current_period_start", { mode: "string" }),
    currentPeriodEnd: date("current_period_end", { mode: "string" }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "membership_subscriptions_values",
      sql`${t.vehicles} between 1 and 3 and ${t.unitPriceCents} >= 0
        and ${t.royaltyBasisPoints} between 0 and 10000`,
    ),
    check(
      "membership_subscriptions_period",
      sql`(${t.status} = 'awaiting_payment') = (${t.currentPeriodStart} is null)
        and (${t.currentPeriodStart} is null) = (${t.currentPeriodEnd} is null)
        and (${t.currentPeriodEnd} is null or ${t.currentPeriodEnd} > ${t.currentPeriodStart})`,
    ),
    // One live subscription per customer (a cancelled one may be followed by another).
    uniqueIndex("membership_subscriptions_live_uq")
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'paused', 'past_due')`),
    index("membership_subscriptions_due_idx").on(t.status, t.currentPeriodEnd),
  ],
);

export const membershipChargeStatus = pgEnum("membership_charge_status", [
  "pending",
  "charging",
  "succeeded",
  "failed",
]);

/**
 * One period's charge, once: the unique (subscription, period) pair is the renewal's idempotency
 * (two runs or two workers insert one row; the one that claims it charges). Each try is sent to
 * Stripe under `membership:<row>:<attempt>`: a retried call replays Stripe's first answer.
 * The lines are a wash's: subtotal, TPS, TVQ; the royalty is the application fee.
 */
export const membershipCharges = pgTable(
  "membership_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => membershipSubscriptions.id, { onDelete: "restrict" }),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "restrict" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    status: membershipChargeStatus("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    tpsCents: integer("tps_cents").notNull(),
    tvqCents: integer("tvq_cents").notNull(),
    applicationFeeCents: integer("application_fee_cents").notNull(),
    /** Tries made (each under its own Stripe key); the last one's failure code. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    failureCode: text("failure_code"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "membership_charges_amounts",
      sql`${t.amountCents} = ${t.subtotalCents} + ${t.tpsCents} + ${t.tvqCents}
        and ${t.subtotalCents} >= 0 and ${t.tpsCents} >= 0 and ${t.tvqCents} >= 0
        and ${t.applicationFeeCents} between 0 and ${t.subtotalCents}`,
    ),
    uniqueIndex("membership_charges_period_uq").on(t.subscriptionId, t.periodStart),
    index("membership_charges_retry_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * What a booking took of a period's included washes (one row per booking; its cars covered), and
 * the extras' discount it got. A cancelled booking's row is deleted: the washes come back.
 */
export const membershipUsages = pgTable(
  "membership_usages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => membershipSubscriptions.id, { onDelete: "cascade" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: "cascade" }),
    washes: integer("washes").notNull(),
    /** The booking's price taken off by the membership (included washes + extras' discount). */
    discountCents: integer("discount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("membership_usages_values", sql`${t.washes} >= 0 and ${t.discountCents} >= 0`),
    index("membership_usages_period_idx").on(t.subscriptionId, t.periodStart),
  ],
);
