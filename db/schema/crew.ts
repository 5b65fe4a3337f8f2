import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { createdAt, updatedAt } from "./columns";

/** The crew's steps at one stop, in this order (ADR 078): a step never goes back. */
export const crewStatus = pgEnum("crew_status", ["en_route", "arrived", "started", "finished"]);

/**
 * The crew's status history of an appointment (ADR 078): one row per step reached, timestamped
 * with who tapped it. The primary key (appointment, status) makes a retried tap record once;
 * the forward-only rule is checked under the appointment's row lock.
 */
export const appointmentStatusEvents = pgTable(
  "appointment_status_events",
  {
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    status: crewStatus("status").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    byUserId: text("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who tapped, as named then: kept if the account goes. */
    byName: text("by_name").notNull(),
    /** For 'en_route': the arrival time told to the customer. */
    expectedArrivalAt: timestamp("expected_arrival_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.status] })],
);

/**
 * A stop the crew will reach after its start (ADR 078): flagged on the franchisee's schedule,
 * and its customer told the new time once (`told_at`, set by the insert that made the row).
 */
export const appointmentDelays = pgTable(
  "appointment_delays",
  {
    appointmentId: uuid("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    expectedArrivalAt: timestamp("expected_arrival_at", { withTimezone: true }).notNull(),
    minutesLate: integer("minutes_late").notNull(),
    toldAt: timestamp("told_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("appointment_delays_minutes", sql`${t.minutesLate} > 0`)],
);
