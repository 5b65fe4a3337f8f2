/**
 * The private calendar feed (issue 32, ADR 082): a crew member's own appointments, or all of a
 * franchisee's, as an iCalendar subscription that Google, Apple and Outlook read again by
 * themselves. The link's token is the only proof (no session): its SHA-256 finds the account,
 * and the account's role and rows are read again at every request, as the crew app does (a
 * removed member's or a closed franchise's feed answers NOT_FOUND, like an unknown token).
 */
import crypto from "node:crypto";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import {
  appointments,
  appointmentUpsells,
  calendarFeeds,
  franchisees,
  serviceZones,
  services,
  teamMembers,
  users,
} from "#db/schema";
import { latestBookableStart } from "~/domain/booking/horizon";
import { buildIcsFeed, type IcsFeedEvent } from "~/domain/messaging/ics";
import { AppError } from "~/lib/errors";
import { calendarMessages } from "~/lib/messages/calendar.fr";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import { acceptedKeys, purposeKey } from "../../security/keys.server";
import { openWith, sealWith } from "../../security/seal.server";
import { resolveCrewMember } from "../crew/crew-access.server";

const t = calendarMessages.event;

/** How far back the feed goes: the last weeks stay in the calendars that subscribed. */
const FEED_WEEKS_BACK = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 hex of a feed token: only this (and the sealed token) is stored. */
export function hashFeedToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** The feed's address: PUBLIC_URL/calendar/{token}.ics (https), and its webcal:// form. */
export function calendarFeedUrls(token: string): { https: string; webcal: string } {
  const https = `${env().PUBLIC_URL}/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:\/\//, "webcal://") };
}

/** The account's current link (null when none was made, or its seal cannot be opened any more). */
export async function currentCalendarFeed(
  db: Db,
  userId: string,
): Promise<{ token: string; since: Date } | null> {
  const [row] = await db
    .select({ sealedToken: calendarFeeds.sealedToken, since: calendarFeeds.updatedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  const token = row ? openWith(await acceptedKeys(db, "calendar-feed-token"), row.sealedToken) : null;
  return row && token ? { token, since: row.since } : null;
}

/**
 * Makes the account's link, or a new one in place of the old: the old token's hash is replaced
 * in the same statement, so the old link answers NOT_FOUND from now on.
 */
export async function renewCalendarFeed(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const sealedToken = sealWith(await purposeKey(db, "calendar-feed-token"), token);
  const values = { tokenHash: hashFeedToken(token), sealedToken, updatedAt: now };
  await db
    .insert(calendarFeeds)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
  return token;
}

/** Whose appointments a token shows: one crew member, or a whole franchisee. */
type FeedOwner =
  | { kind: "crew"; franchiseeId: string; memberId: string; name: string }
  | { kind: "franchisee"; franchiseeId: string; name: string };

async function feedOwner(db: Db, token: string): Promise<FeedOwner> {
  if (!TOKEN_PATTERN.test(token)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashFeedToken(token)));
  if (!row) throw new AppError("NOT_FOUND");
  if (row.role === "crew") {
    try {
      const actor = await resolveCrewMember(db, { id: row.id, role: row.role });
      return {
        kind: "crew",
        franchiseeId: actor.franchiseeId,
        memberId: actor.memberId,
        name: `${actor.firstName} ${actor.lastName}`,
      };
    } catch {
      throw new AppError("NOT_FOUND");
    }
  }
  if (row.role === "franchisee") {
    const [franchisee] = await db
      .select({ id: franchisees.id, name: franchisees.businessName })
      .from(franchisees)
      .where(and(eq(franchisees.userId, row.id), eq(franchisees.isActive, true)));
    if (franchisee) return { kind: "franchisee", franchiseeId: franchisee.id, name: franchisee.name };
  }
  throw new AppError("NOT_FOUND");
}

/**
 * The feed of a token as iCalendar text: from FEED_WEEKS_BACK weeks ago to the booking horizon,
 * each appointment once with a stable UID (its id), cancelled ones as STATUS:CANCELLED. What an
 * event says is what the crew's app shows at the door (service, customer's name and phone,
 * address, zone, cars, extras, notes): never the e-mail or the price. NOT_FOUND for an unknown
 * or renewed token.
 */
export async function readCalendarFeed(
  db: Db,
  { token, now }: { token: string; now: Date },
): Promise<string> {
  const owner = await feedOwner(db, token);
  const rows = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      status: appointments.status,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      customerName: appointments.customerName,
      customerPhone: appointments.customerPhone,
      address: appointments.address,
      city: appointments.city,
      postalCode: appointments.postalCode,
      cars: appointments.cars,
      notes: appointments.notes,
      createdAt: appointments.createdAt,
      updatedAt: appointments.updatedAt,
      serviceName: services.name,
      zoneName: serviceZones.zoneName,
      memberFirstName: teamMembers.firstName,
      memberLastName: teamMembers.lastName,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .innerJoin(teamMembers, eq(teamMembers.id, appointments.teamMemberId))
    .where(
      and(
        eq(appointments.franchiseeId, owner.franchiseeId),
        owner.kind === "crew" ? eq(appointments.teamMemberId, owner.memberId) : undefined,
        gte(appointments.startAt, new Date(now.getTime() - FEED_WEEKS_BACK * 7 * DAY_MS)),
        lte(appointments.startAt, new Date(latestBookableStart(now).getTime() + DAY_MS)),
      ),
    )
    .orderBy(asc(appointments.startAt), asc(appointments.id));
  const ids = rows.map((row) => row.id);
  const extras =
    ids.length === 0
      ? []
      : await db
          .select({ appointmentId: appointmentUpsells.appointmentId, name: appointmentUpsells.name })
          .from(appointmentUpsells)
          .where(inArray(appointmentUpsells.appointmentId, ids))
          .orderBy(asc(appointmentUpsells.name));
  const events = rows.map((row): IcsFeedEvent => {
    const member = `${row.memberFirstName} ${row.memberLastName}`;
    const names = extras.filter((e) => e.appointmentId === row.id).map((e) => e.name);
    const cancelled = row.status === "cancelled";
    const summary =
      owner.kind === "franchisee"
        ? t.summaryWithMember(row.serviceName, row.customerName, member)
        : t.summary(row.serviceName, row.customerName);
    return {
      uid: `${row.id}@lavageprestige.ca`,
      start: row.startAt,
      end: row.endAt,
      summary: cancelled ? `${t.cancelled} : ${summary}` : summary,
      location: [
        row.address,
        ...[row.city, row.postalCode].filter((part): part is string => !!part && !row.address.includes(part)),
      ].join(", "),
      description: [
        t.booking(row.bookingId),
        t.zone(row.zoneName),
        ...(owner.kind === "franchisee" ? [t.member(member)] : []),
        t.cars(row.cars),
        names.length === 0 ? t.noExtras : t.extras(names.join(", ")),
        t.phone(row.customerPhone),
        ...(row.notes ? [t.notes(row.notes)] : []),
      ].join("\n"),
      sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
      status: cancelled ? "CANCELLED" : "CONFIRMED",
    };
  });
  return buildIcsFeed({ name: calendarMessages.feedName(owner.name), stamp: now, events });
}
