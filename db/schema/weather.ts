import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { createdAt } from "./columns";
import { franchisees, serviceZones } from "./network";

/** Why a franchisee moves a day (ADR 090): rain, ice, a watering ban. */
export const weatherReason = pgEnum("weather_reason", ["rain", "ice", "watering_ban"]);

/**
 * A day (or part of one) of a zone moved in one go by its franchisee (issue 32 item 8, ADR 090):
 * the appointments starting in [from_at, to_at). One row per zone and window: the same move asked
 * twice is the same move.
 */
export const weatherMoves = pgTable(
  "weather_moves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => serviceZones.id, { onDelete: "cascade" }),
    reason: weatherReason("reason").notNull(),
    fromAt: timestamp("from_at", { withTimezone: true }).notNull(),
    toAt: timestamp("to_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("weather_moves_window", sql`${t.toAt} > ${t.fromAt}`),
    unique("weather_moves_zone_window").on(t.zoneId, t.fromAt, t.toAt),
    index("weather_moves_franchisee_idx").on(t.franchiseeId, t.fromAt),
  ],
);

/**
 * A booking a weather move asked to rebook: told once (the primary key: one appointment at one
 * start time is moved once, whatever the windows), with its own link's token (SHA-256 only, as
 * the manage link). `rebooked_at` is set when the customer picks a new time; the booking stays as
 * it was until then.
 */
export const weatherMoveBookings = pgTable(
  "weather_move_bookings",
  {
    moveId: uuid("move_id")
      .notNull()
      .references(() => weatherMoves.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    /** The start the move was about: a rebooked appointment rained out again is a new row. */
    originalStartAt: timestamp("original_start_at", { withTimezone: true }).notNull(),
    tokenHash: text("token_hash").notNull(),
    rebookedAt: timestamp("rebooked_at", { withTimezone: true }),
    newStartAt: timestamp("new_start_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.originalStartAt] }),
    index("weather_move_bookings_move_idx").on(t.moveId),
  ],
);
