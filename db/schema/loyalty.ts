import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { createdAt, updatedAt } from "./columns";

/** The balance; every change is also a row of points_ledger. */
export const loyaltyPoints = pgTable(
  "loyalty_points",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    points: integer("points").notNull().default(0),
    totalEarned: integer("total_earned").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("loyalty_points_non_negative", sql`${t.points} >= 0`),
    check("loyalty_points_total_earned", sql`${t.totalEarned} >= 0`),
  ],
);

export const rewards = pgTable(
  "rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    pointsCost: integer("points_cost").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("rewards_cost_positive", sql`${t.pointsCost} > 0`)],
);

export const rewardRedemptions = pgTable(
  "reward_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rewardId: uuid("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "restrict" }),
    pointsSpent: integer("points_spent").notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reward_redemptions_user_idx").on(t.userId, t.redeemedAt)],
);

export const achievements = pgTable(
  "achievements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievementType: text("achievement_type").notNull(),
    achievementName: text("achievement_name").notNull(),
    pointsAwarded: integer("points_awarded").notNull().default(0),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("achievements_user_type_uq").on(t.userId, t.achievementType)],
);

export const pointsReason = pgEnum("points_reason", [
  "welcome",
  "appointment_completed",
  "achievement",
  "reward_redemption",
  "adjustment",
  /** A friend's first booking made with the client's referral code was completed (ADR 050). */
  "referral",
]);

/** Every change of a balance, so it can be explained and audited. */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: pointsReason("reason").notNull(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    redemptionId: uuid("redemption_id").references(() => rewardRedemptions.id, {
      onDelete: "set null",
    }),
    achievementId: uuid("achievement_id").references(() => achievements.id, {
      onDelete: "set null",
    }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("points_ledger_user_idx").on(t.userId, t.createdAt),
    // +50 once per completed appointment.
    uniqueIndex("points_ledger_appointment_uq")
      .on(t.appointmentId, t.reason)
      .where(sql`${t.appointmentId} is not null`),
  ],
);
