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
