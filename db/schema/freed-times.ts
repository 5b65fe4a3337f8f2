import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { appointments } from "./booking";
import { createdAt } from "./columns";
import { serviceZones } from "./network";

/**
 * « Prévenez-moi si une heure se libère » (ADR 091): a customer who found no time that suits asks
 * to be told when a cancellation frees one on chosen days, in one zone, for a number of cars.
 * A transactional request the person made (no commercial consent): it ends after its last day,
 * or when the person stops it from the link of an offer (`stopped_at`).
 */
export const freedTimeRequests = pgTable(
  "freed_time_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text("email").notNull(),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => serviceZones.id, { onDelete: "cascade" }),
    cars: smallint("cars").notNull(),
    /** The chosen local days (America/Toronto), 'yyyy-MM-dd', within 14 days of the request. */
    days: date("days", { mode: "string" }).array().notNull(),
    /** The last chosen day: the request is over after it. */
    lastDay: date("last_day", { mode: "string" }).notNull(),
    /** E.164, optional: the offer also goes by SMS when `sms_consent` (ADR 091, amended). */
    phone: text("phone"),
    /**
     * The person ticked « texto » for this request only: a transactional opt-in, apart from the
     * promotional SMS consent (no consent-ledger row). A STOP from the number stops the request.
     */
    smsConsent: boolean("sms_consent").notNull().default(false),
    /** The secret of the stop link in each offer. */
    stopToken: text("stop_token").notNull().unique(),
    createdAt: createdAt(),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  },
  (t) => [
    check("freed_time_requests_cars", sql`${t.cars} between 1 and 3`),
    check("freed_time_requests_days", sql`cardinality(${t.days}) between 1 and 14`),
    check("freed_time_requests_sms_phone", sql`not ${t.smsConsent} or ${t.phone} is not null`),
    index("freed_time_requests_open_idx")
      .on(t.zoneId, t.lastDay)
      .where(sql`${t.stoppedAt} is null`),
  ],
);

/**
 * One offer of a freed time to one request. The unique (request, freed start) is what makes the
 * offer job act once when it runs twice, or twice at once: only the inserted row queues an e-mail.
 */
export const freedTimeOffers = pgTable(
  "freed_time_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => freedTimeRequests.id, { onDelete: "cascade" }),
    freedStart: timestamp("freed_start", { withTimezone: true }).notNull(),
    /** The cancelled appointment whose time was freed. */
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("freed_time_offers_request_start_uq").on(t.requestId, t.freedStart)],
);
