import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { createdAt, updatedAt } from "./columns";
import { membershipCharges } from "./memberships";
import { franchisees, serviceZones } from "./network";

// Getting paid (issue 31, ADR 073). Money is integer cents; percentages are basis points
// (2 500 = 25 %) so that no rate is a floating-point number.

/** How a zone takes payment: with the team on site (default), a card kept at booking, or a deposit. */
export const zonePaymentMode = pgEnum("zone_payment_mode", ["on_site", "card_kept", "deposit"]);
/** A deposit's or a fee's size: a fixed amount or a share of the booking's amount before taxes. */
export const amountRule = pgEnum("amount_rule", ["fixed", "percent"]);
/** What a late cancellation (under 24 h) or a no-show costs: nothing, the deposit, or an amount. */
export const cancelFeeRule = pgEnum("cancel_fee_rule", ["none", "deposit", "fixed", "percent"]);

/**
 * A zone's payment setting; a zone without a row takes payment on site. Applied only when Stripe
 * is configured and the zone's franchisee is onboarded ('enabled').
 */
export const zonePaymentSettings = pgTable(
  "zone_payment_settings",
  {
    zoneId: uuid("zone_id")
      .primaryKey()
      .references(() => serviceZones.id, { onDelete: "cascade" }),
    mode: zonePaymentMode("mode").notNull().default("on_site"),
    depositRule: amountRule("deposit_rule"),
    /** Cents when `deposit_rule` is fixed, basis points when percent. */
    depositValue: integer("deposit_value"),
    lateCancelRule: cancelFeeRule("late_cancel_rule").notNull().default("none"),
    lateCancelValue: integer("late_cancel_value"),
    noShowRule: cancelFeeRule("no_show_rule").notNull().default("none"),
    noShowValue: integer("no_show_value"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "zone_payment_deposit",
      sql`(${t.mode} = 'deposit') = (${t.depositRule} is not null and ${t.depositValue} is not null)`,
    ),
    check(
      "zone_payment_values",
      sql`(${t.depositValue} is null or ${t.depositValue} > 0)
        and (${t.depositRule} <> 'percent' or ${t.depositValue} <= 10000)
        and (${t.lateCancelRule} in ('fixed', 'percent')) = (${t.lateCancelValue} is not null)
        and (${t.noShowRule} in ('fixed', 'percent')) = (${t.noShowValue} is not null)
        and (${t.lateCancelValue} is null or ${t.lateCancelValue} > 0)
        and (${t.noShowValue} is null or ${t.noShowValue} > 0)
        and (${t.lateCancelRule} <> 'percent' or ${t.lateCancelValue} <= 10000)
        and (${t.noShowRule} <> 'percent' or ${t.noShowValue} <= 10000)`,
    ),
    check(
      "zone_payment_fee_needs_card",
      sql`${t.mode} <> 'on_site' or (${t.lateCancelRule} = 'none' and ${t.noShowRule} = 'none')`,
    ),
  ],
);

/** The Stripe customer (cus_…) of an e-mail address: the cards it keeps live at Stripe, never here. */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower case: one Stripe customer per address, for guests and accounts alike. */
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeCustomerId: text("stripe_customer_id").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_customers_email_uq").on(t.email),
    check("payment_customers_email_lower", sql`${t.email} = lower(${t.email})`),
    index("payment_customers_user_idx").on(t.userId),
  ],
);

/** Where a booking's card step stands. */
export const paymentPlanStatus = pgEnum("payment_plan_status", [
  "awaiting_card",
  "secured",
  "released",
  "settled",
]);

/**
 * A booking's payment terms, frozen when it is made (the summary the customer accepted before
 * "Confirmer"), and its card step: one row per appointment of a zone that takes cards.
 */
export const appointmentPaymentPlans = pgTable(
  "appointment_payment_plans",
  {
    appointmentId: uuid("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    mode: zonePaymentMode("mode").notNull(),
    /** What is charged at booking (0 when the card is only kept). */
    depositCents: integer("deposit_cents").notNull().default(0),
    lateCancelFeeCents: integer("late_cancel_fee_cents").notNull().default(0),
    noShowFeeCents: integer("no_show_fee_cents").notNull().default(0),
    /** The royalty in force at booking, basis points of the amount before taxes and tips. */
    royaltyBasisPoints: integer("royalty_basis_points").notNull(),
    stripeAccountId: text("stripe_account_id").notNull(),
    stripeCustomerId: text("stripe_customer_id"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    /** The card kept for the balance, the tip and the fees (pm_…). */
    stripePaymentMethodId: text("stripe_payment_method_id"),
    status: paymentPlanStatus("status").notNull().default("awaiting_card"),
    /** An unpaid booking holds its slot until then; a job releases it after. */
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    /** The customer chose « Aucun pourboire » on the tip page (ADR 079): no tip is taken after. */
    tipDeclinedAt: timestamp("tip_declined_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "appointment_payment_plans_amounts",
      sql`${t.depositCents} >= 0 and ${t.lateCancelFeeCents} >= 0 and ${t.noShowFeeCents} >= 0 and ${t.royaltyBasisPoints} between 0 and 10000`,
    ),
    check("appointment_payment_plans_mode", sql`${t.mode} <> 'on_site'`),
    index("appointment_payment_plans_hold_idx")
      .on(t.holdUntil)
      .where(sql`${t.status} = 'awaiting_card'`),
  ],
);

/** `gift_card`: the part of a booking paid with a gift card at booking (ADR 087). */
export const paymentKind = pgEnum("payment_kind", [
  "deposit",
  "balance",
  "charge",
  "tip",
  "refund",
  "gift_card",
  "membership",
]);
/**
 * How the money moved: a card through Stripe, with the team on site (card or cash), or a gift card
 * whose money the network collected when it was sold (ADR 087).
 */
export const paymentMethod = pgEnum("payment_method", ["stripe", "on_site_card", "cash", "gift_card"]);
export const paymentStatus = pgEnum("payment_status", ["pending", "succeeded", "failed", "cancelled"]);

/**
 * The payments ledger: one row per money movement of a booking, or of a membership's period
 * (ADR 095: `membership_charge_id` instead of the booking), never deleted. `amount_cents`
 * is what moves (subtotal + TPS + TVQ + tip), the same amount sent to Stripe and printed on the
 * receipt. A refund is its own row (`kind` refund, `refund_of` the row it returns money of).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "restrict" }),
    /** A membership's paid period (and its refunds), which has no booking (ADR 095). */
    membershipChargeId: uuid("membership_charge_id").references(() => membershipCharges.id, {
      onDelete: "restrict",
    }),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "restrict" }),
    kind: paymentKind("kind").notNull(),
    method: paymentMethod("method").notNull().default("stripe"),
    status: paymentStatus("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    /** The part before taxes and tip, which the royalty is computed on. */
    subtotalCents: integer("subtotal_cents").notNull(),
    tpsCents: integer("tps_cents").notNull().default(0),
    tvqCents: integer("tvq_cents").notNull().default(0),
    tipCents: integer("tip_cents").notNull().default(0),
    /** The network's royalty kept by the platform (Stripe's application fee). */
    applicationFeeCents: integer("application_fee_cents").notNull().default(0),
    refundOf: uuid("refund_of").references((): AnyPgColumn => payments.id, { onDelete: "restrict" }),
    /** Sent with the Stripe call that moves this money: a retry replays the first answer. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeRefundId: text("stripe_refund_id").unique(),
    failureCode: text("failure_code"),
    reason: text("reason"),
    /** Who moved the money (an admin, a franchisee); null for the customer or the system. */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "payments_amounts",
      sql`${t.amountCents} = ${t.subtotalCents} + ${t.tpsCents} + ${t.tvqCents} + ${t.tipCents}
        and ${t.subtotalCents} >= 0 and ${t.tpsCents} >= 0 and ${t.tvqCents} >= 0 and ${t.tipCents} >= 0
        and ${t.applicationFeeCents} between 0 and ${t.subtotalCents}`,
    ),
    check("payments_refund_of", sql`(${t.kind} = 'refund') = (${t.refundOf} is not null)`),
    check("payments_of_one", sql`(${t.appointmentId} is null) <> (${t.membershipChargeId} is null)`),
    // A membership's period is paid once in the ledger (its refunds are other rows). Not on
    // `kind`: the migration adding that value cannot use it in the same transaction.
    uniqueIndex("payments_membership_charge_uq")
      .on(t.membershipChargeId)
      .where(sql`${t.refundOf} is null`),
    check("payments_stripe_only_online", sql`${t.method} = 'stripe' or ${t.stripePaymentIntentId} is null`),
    index("payments_appointment_idx").on(t.appointmentId, t.createdAt),
    index("payments_franchisee_idx").on(t.franchiseeId, t.createdAt),
    index("payments_intent_idx").on(t.stripePaymentIntentId),
    index("payments_refund_of_idx").on(t.refundOf),
  ],
);

/**
 * Stripe events received at POST /api/stripe/webhook, one row per event id (the primary key
 * makes a second delivery a no-op); a job acts on each (`processed_at` once done).
 */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    /** The event's object id (cs_…, pi_…, acct_…), to act on one object's events in order. */
    objectId: text("object_id"),
    /** When Stripe made the event (its `created`). */
    stripeCreatedAt: timestamp("stripe_created_at", { withTimezone: true }).notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** What the job did: 'applied', or why it changed nothing ('stale', 'unknown_object', 'ignored'). */
    outcome: text("outcome"),
  },
  (t) => [index("stripe_events_object_idx").on(t.objectId, t.stripeCreatedAt)],
);
