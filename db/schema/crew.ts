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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { services } from "./catalog";
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

/**
 * The checklist of a service (issue 32, ADR 088), edited by the admin: the steps the crew ticks at
 * each stop, in `sort_order`. A required step must be ticked before « Terminé ». A step is
 * retired (`archived_at`) rather than deleted, so the ticks of past washes keep their label.
 */
export const serviceChecklistSteps = pgTable(
  "service_checklist_steps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    required: boolean("required").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("service_checklist_steps_label", sql`length(${t.label}) between 1 and 120`),
    index("service_checklist_steps_service_idx").on(t.serviceId, t.sortOrder),
  ],
);

/** A step ticked at one stop (ADR 088): one row per (appointment, step); unticking deletes it. */
export const appointmentChecklistTicks = pgTable(
  "appointment_checklist_ticks",
  {
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    stepId: uuid("step_id")
      .notNull()
      .references(() => serviceChecklistSteps.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    byUserId: text("by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.stepId] })],
);

export const jobPhotoKind = pgEnum("job_photo_kind", ["before", "after"]);

/**
 * A before or after photo of one car of a stop (ADR 088), taken by the crew. The id is made by
 * the phone when the photo is taken, so a photo sent twice (a retry on a bad network) is stored
 * once; the content hash of the file refuses the same file under another id. Stored re-encoded
 * (WebP, no metadata) at `job-photos/{appointment}/{id}-{width}.webp`.
 */
export const appointmentPhotos = pgTable(
  "appointment_photos",
  {
    id: uuid("id").primaryKey(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    kind: jobPhotoKind("kind").notNull(),
    /** Which car of the booking (1 to `appointments.cars`). */
    car: smallint("car").notNull(),
    /** SHA-256 (hex) of the file as sent. */
    sha256: text("sha256").notNull(),
    width: smallint("width").notNull(),
    height: smallint("height").notNull(),
    takenBy: text("taken_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("appointment_photos_car", sql`${t.car} between 1 and 3`),
    check("appointment_photos_size", sql`${t.width} > 0 and ${t.height} > 0`),
    uniqueIndex("appointment_photos_content_idx").on(t.appointmentId, t.sha256),
  ],
);
