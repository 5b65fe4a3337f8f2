import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";

export const serviceRadius = pgEnum("service_radius", ["less_20km", "20-40km", "more_40km"]);
export const applicationStatus = pgEnum("application_status", [
  "submitted",
  "reviewing",
  "approved",
  "rejected",
]);

/** A candidate's franchise application, with the audit trail of its electronic signature. */
export const franchiseApplications = pgTable(
  "franchise_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    phoneCountryCode: text("phone_country_code").notNull().default("1"),
    city: text("city").notNull(),
    hasDriversLicense: boolean("has_drivers_license").notNull(),
    vehicleInfo: text("vehicle_info").notNull(),
    availabilityHours: text("availability_hours").notNull(),
    backgroundCheckConsent: boolean("background_check_consent").notNull(),
    referenceFirstName: text("reference_first_name"),
    referenceLastName: text("reference_last_name"),
    referencePhone: text("reference_phone"),
    hasFunds: boolean("has_funds").notNull().default(true),
    availableFunds: text("available_funds"),
    comfortableIndependence: boolean("comfortable_independence").notNull().default(true),
    serviceRadius: serviceRadius("service_radius").notNull().default("less_20km"),
    photoUrl: text("photo_url"),
    signatureUrl: text("signature_url").notNull(),
    signatureSha256: text("signature_sha256"),
    answersSha256: text("answers_sha256"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    /** When the applicant opened the link e-mailed to this address (ADR 043); approval needs it. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    status: applicationStatus("status").notNull().default("submitted"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // EMAIL_ALREADY_EXISTS: one confirmed application per e-mail address. An unconfirmed one
    // (anyone can type any address) neither blocks nor reveals the address's owner (ADR 066).
    uniqueIndex("franchise_applications_email_uq")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    index("franchise_applications_user_idx").on(t.userId),
    index("franchise_applications_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * The audit trail of an application's review (ADR 056): one line per status change, with who made
 * it, when, and the reason of a refusal. Never updated; the actor's name is kept if the account goes.
 */
export const applicationStatusChanges = pgTable(
  "application_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => franchiseApplications.id, { onDelete: "cascade" }),
    fromStatus: applicationStatus("from_status").notNull(),
    toStatus: applicationStatus("to_status").notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** Required for a refusal (the form and the use case insist), empty otherwise. */
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("application_status_changes_application_idx").on(t.applicationId, t.createdAt)],
);
