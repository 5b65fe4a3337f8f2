import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { consentEvents } from "./messaging";
import { serviceZones } from "./network";

/**
 * The waiting list of the places we do not serve yet (ADR 046): one row per e-mail and postal
 * code. `notified_at` is set once, by the job that claims the row when an active zone covers its
 * point; a row with notified_at set is never written to again by that job.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased, as the consent ledger keeps it. */
    email: text("email").notNull(),
    /** 'J2S 1A1' */
    postalCode: text("postal_code").notNull(),
    /** The forward sortation area, 'J2S'. */
    fsa: text("fsa").notNull(),
    /** The municipality the offline locator gives for the code, when it knows one. */
    town: text("town"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** The express consent the form's box recorded (consent_events). */
    consentEventId: uuid("consent_event_id").references(() => consentEvents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    notifiedZoneId: uuid("notified_zone_id").references(() => serviceZones.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("waitlist_entries_email_postal_uq").on(t.email, t.postalCode),
    check("waitlist_entries_fsa", sql`char_length(${t.fsa}) = 3`),
    check("waitlist_entries_point", sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    index("waitlist_entries_waiting_idx")
      .on(t.fsa)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
