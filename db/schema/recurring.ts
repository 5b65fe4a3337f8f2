import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { appointments } from "./booking";
import { createdAt, updatedAt } from "./columns";

/**
 * A recurring wash (issue 34, ADR 086): the source booking repeated every 2, 3, 4 or 6 weeks on
 * its weekday and local time, with its crew member when free. Its occurrences are real bookings
 * placed ahead by the daily `recurring.place` job. 'paused' places nothing until resumed;
 * 'ended' never again.
 */
export const bookingSeries = pgTable(
  "booking_series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The booking the series repeats: its cars, extras, address, contact, weekday and time. */
    sourceAppointmentId: uuid("source_appointment_id")
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: "cascade" }),
    intervalWeeks: integer("interval_weeks").notNull(),
    status: text("status", { enum: ["active", "paused", "ended"] })
      .notNull()
      .default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("booking_series_interval", sql`${t.intervalWeeks} in (2, 3, 4, 6)`),
    index("booking_series_status_idx").on(t.status),
  ],
);

/**
 * One date of a series, once (the unique (series, date) pair): placed (at its time, or 'moved'
 * to the nearest free one), skipped by the customer, or 'unplaced' when no time was free. The
 * row is written in the booking's own transaction, so two runs of the job place it once.
 * `appointment_id` has no foreign key: the row is claimed before the appointment is inserted.
 */
export const bookingSeriesOccurrences = pgTable(
  "booking_series_occurrences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seriesId: uuid("series_id")
      .notNull()
      .references(() => bookingSeries.id, { onDelete: "cascade" }),
    /** The planned local day (yyyy-MM-dd, America/Toronto). */
    occurrenceDate: date("occurrence_date", { mode: "string" }).notNull(),
    status: text("status", { enum: ["placed", "moved", "skipped", "unplaced"] }).notNull(),
    appointmentId: uuid("appointment_id"),
    plannedStart: timestamp("planned_start", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("booking_series_occurrences_once").on(t.seriesId, t.occurrenceDate),
    index("booking_series_occurrences_appointment_idx").on(t.appointmentId),
  ],
);
