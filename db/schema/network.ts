import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  time,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";

/** A franchisee's Stripe Connect account (ADR 073): none, onboarding, accepting charges, or held by Stripe. */
export const connectState = pgEnum("connect_state", ["not_started", "onboarding", "enabled", "restricted"]);

export const zoneStatus = pgEnum("zone_status", ["active", "seeking_franchisee"]);

/** A franchisee: the business behind a franchisee user, serving one or more zones. */
export const franchisees = pgTable(
  "franchisees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "restrict" }),
    businessName: text("business_name").notNull(),
    phone: text("phone"),
    email: text("email"),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * The network's royalty on this franchisee's washes, in basis points of the amount before taxes
     * and tips (800 = 8 %); null = the network's default (ADR 073). Set by the admin.
     */
    royaltyBasisPoints: integer("royalty_basis_points"),
    /** The franchisee's Stripe connected account (acct_…), made at its first onboarding click. */
    stripeAccountId: text("stripe_account_id").unique(),
    /** Where its onboarding stands: a franchisee not 'enabled' keeps payment on site. */
    stripeAccountState: connectState("stripe_account_state").notNull().default("not_started"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("franchisees_royalty", sql`${t.royaltyBasisPoints} between 0 and 10000`)],
);

/** The one source of truth for where we serve (docs/product-decisions.md, 'Zones and regions'). */
export const serviceZones = pgTable(
  "service_zones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    zoneName: text("zone_name").notNull(),
    routeSlug: text("route_slug").notNull().unique(),
    centerLatitude: doublePrecision("center_latitude").notNull(),
    centerLongitude: doublePrecision("center_longitude").notNull(),
    serviceRadiusKm: doublePrecision("service_radius_km").notNull().default(25),
    status: zoneStatus("status").notNull().default("seeking_franchisee"),
    /** Shown on a disabled zone, e.g. 'Retour en 2026'; 'Bientôt disponible' when null. */
    statusLabel: text("status_label"),
    franchiseeId: uuid("franchisee_id").references(() => franchisees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("service_zones_radius_positive", sql`${t.serviceRadiusKm} > 0`),
    check("service_zones_latitude", sql`${t.centerLatitude} between -90 and 90`),
    check("service_zones_longitude", sql`${t.centerLongitude} between -180 and 180`),
    index("service_zones_franchisee_idx").on(t.franchiseeId),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /**
     * The spec's column, unused and always null: the member subscribes to their private calendar
     * feed instead of us writing into a Google calendar (ADR 082).
     */
    googleCalendarId: text("google_calendar_id"),
    /**
     * The member's own account (role crew, ADR 077), once the franchisee invited them; null for a
     * member without an account. One active member per account.
     */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("team_members_active_email_uq")
      .on(t.franchiseeId, sql`lower(${t.email})`)
      .where(sql`${t.isActive}`),
    index("team_members_franchisee_idx").on(t.franchiseeId, t.createdAt),
    uniqueIndex("team_members_active_user_uq")
      .on(t.userId)
      .where(sql`${t.isActive} and ${t.userId} is not null`),
  ],
);

/**
 * A member's time off (ADR 104): local days [starts_on, ends_on], both included, with a reason.
 * Slots and moves treat those days as taken (`loadBusy`); the schedule shows them.
 */
export const teamTimeOff = pgTable(
  "team_time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamMemberId: uuid("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("team_time_off_order", sql`${t.endsOn} >= ${t.startsOn}`),
    index("team_time_off_member_idx").on(t.teamMemberId, t.startsOn),
  ],
);

/** Weekly availability in local wall time (America/Toronto); 0 = Sunday ... 6 = Saturday. */
export const teamAvailability = pgTable(
  "team_availability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamMemberId: uuid("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    dayOfWeek: smallint("day_of_week").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    isAvailable: boolean("is_available").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("team_availability_day", sql`${t.dayOfWeek} between 0 and 6`),
    check("team_availability_order", sql`${t.endTime} > ${t.startTime}`),
    index("team_availability_member_idx").on(t.teamMemberId, t.dayOfWeek, t.startTime),
  ],
);
