import { sql } from "drizzle-orm";
import {
  bigserial,
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
import { createdAt, updatedAt } from "./columns";

/** A message from the contact form, stored before any delivery is attempted. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const jobStatus = pgEnum("job_status", ["pending", "running", "completed", "dead"]);

/**
 * The durable job queue. Workers claim due rows with FOR UPDATE SKIP LOCKED; a failed job is
 * retried with exponential backoff until max_attempts, then kept as 'dead' for an admin to retry.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").notNull().default({}),
    status: jobStatus("status").notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    /** Optional de-duplication key: at most one unfinished job per key. */
    singletonKey: text("singleton_key"),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("jobs_attempts", sql`${t.attempts} >= 0 and ${t.maxAttempts} > 0`),
    index("jobs_due_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_singleton_uq")
      .on(t.singletonKey)
      .where(sql`${t.singletonKey} is not null and ${t.status} in ('pending', 'running')`),
  ],
);

/** Small shared settings, e.g. the generated auth secret every app instance must share. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export const consentChannel = pgEnum("consent_channel", ["email", "sms"]);
export const consentKind = pgEnum("consent_kind", ["express", "implied"]);
export const consentAction = pgEnum("consent_action", ["given", "withdrawn", "requested"]);

/**
 * The consent ledger (Canada's anti-spam law): one row per event, never updated. The current
 * state of an address is its latest row; implied consent from a purchase carries `expires_at`
 * (2 years). `address` is a lower-cased e-mail or an E.164 phone number (+15145550123).
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: consentChannel("channel").notNull(),
    address: text("address").notNull(),
    kind: consentKind("kind").notNull(),
    action: consentAction("action").notNull(),
    /** Where it came from: booking_form, purchase, sms_keyword, unsubscribe_link, account_settings, ... */
    source: text("source").notNull(),
    userId: text("user_id"),
    appointmentId: uuid("appointment_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_events_address_idx").on(t.channel, t.address, t.occurredAt)],
);

export const smsDirection = pgEnum("sms_direction", ["outbound", "inbound"]);
export const smsCategory = pgEnum("sms_category", [
  "transactional",
  "promotional",
  "keyword_reply",
  "inbound",
  /** A phone verification code the account holder asked for (ADR 043): no consent needed. */
  "verification",
]);
export const smsStatus = pgEnum("sms_status", ["queued", "sent", "failed", "refused", "received"]);

/** Every SMS sent or received: the outbox of the log provider and the basis of the monthly cap. */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    direction: smsDirection("direction").notNull(),
    category: smsCategory("category").notNull(),
    /** E.164 phone number of the customer (the other end). */
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    status: smsStatus("status").notNull(),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    appointmentId: uuid("appointment_id"),
    /**
     * A freed time's offer by SMS (ADR 091, amended): the request it answers, checked again at
     * delivery (stopped or past: refused). No foreign key: the daily purge deletes requests.
     */
    freedTimeRequestId: uuid("freed_time_request_id"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("sms_messages_phone_idx").on(t.phone, t.category, t.createdAt),
    // A signed callback replayed carries the same provider id: received once (ADR 071).
    uniqueIndex("sms_messages_inbound_provider_id_idx")
      .on(t.providerMessageId)
      .where(sql`direction = 'inbound' and provider_message_id is not null`),
  ],
);
