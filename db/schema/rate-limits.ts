import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The app's own rate-limit counters in the database (ADR 061): rate-limiter-flexible's
 * RateLimiterDrizzle layout, used when REDIS_URL is unset or Redis fails. better-auth keeps its
 * `rate_limits` table for /api/auth/* alone.
 */
export const appRateLimits = pgTable("app_rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});
