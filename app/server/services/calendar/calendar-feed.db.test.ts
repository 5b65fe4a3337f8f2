import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import { clearBookings } from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { resolveAuthSecret } from "../../security/keys.server";
import { sealWith } from "../../security/seal.server";
import { addTeamMember } from "../franchisee/team.server";
import { resolveCrewMember, type CrewActor } from "../crew/crew-access.server";
import { currentCalendarFeed, readCalendarFeed, renewCalendarFeed } from "./calendar-feed.server";

// A fixed clock (ADR 070); the seeded bookings are cleared, so the run's day does not matter.
const NOW = new Date("2031-03-06T08:00:00-05:00");
const DAY_MS = 24 * 60 * 60 * 1000;

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : String(error);
}

interface ParsedEvent {
  uid: string;
  status: string;
  start: Date;
  end: Date;
  tzid: string | null;
  summary: string;
  location: string;
  description: string;
}

/** The feed as a subscribed calendar reads it: ical.js, with the feed's own VTIMEZONE. */
function parseFeed(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      status: String(vevent.getFirstPropertyValue("status")),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      tzid: vevent.getFirstProperty("dtstart")?.getParameter("tzid")?.toString() ?? null,
      summary: event.summary,
      location: event.location,
      description: event.description,
    };
  });
  return { name: String(calendar.getFirstPropertyValue("x-wr-calname")), events };
}

describeDatabases("the private calendar feed (ADR 082)", ({ db }) => {
  let crew: CrewActor;
  let crewUserId: string;
  let franchiseeUserId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    await clearBookings(db());
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "crew@example.com"));
    crewUserId = user!.id;
    crew = await resolveCrewMember(db(), user!);
    const [franchisee] = await db()
      .select()
      .from(s.franchisees)
      .where(eq(s.franchisees.id, crew.franchiseeId));
    franchiseeUserId = franchisee!.userId!;
    const zones = await db().select().from(s.serviceZones);
    const granbyZone = zones.find((z) => z.routeSlug === "granby")!;
    const sherbrookeZone = zones.find((z) => z.routeSlug === "sherbrooke")!;
    const { id: colleague } = await addTeamMember(db(), {
      franchiseeId: crew.franchiseeId,
      input: { firstName: "Léo", lastName: "Nadeau", email: "leo.feed@example.com", phone: "" },
    });
    const { id: stranger } = await addTeamMember(db(), {
      franchiseeId: sherbrookeZone.franchiseeId!,
      input: { firstName: "Zoé", lastName: "Gauthier", email: "zoe.feed@example.com", phone: "" },
    });
    const [service] = await db().select().from(s.services);
    const [upsell] = await db().select().from(s.upsellOptions);
    const make = async (
      key: string,
      {
        member,
        zone,
        days,
        status = "scheduled",
      }: {
        member: string;
        zone: typeof granbyZone;
        days: number;
        status?: "scheduled" | "cancelled";
      },
    ) => {
      const startAt = new Date(NOW.getTime() + days * DAY_MS + 2 * 60 * 60 * 1000);
      const end = new Date(startAt.getTime() + 90 * 60_000);
      const [row] = await db()
        .insert(s.appointments)
        .values({
          bookingId: `CAL${key}${days}`.replace("-", "M"),
          manageTokenHash: "x",
          zoneId: zone.id,
          franchiseeId: zone.franchiseeId!,
          teamMemberId: member,
          serviceId: service!.id,
          cars: 2,
          customerName: `Client ${key}`,
          customerEmail: `client.${key.toLowerCase()}@example.com`,
          customerPhone: "+14505550100",
          address: "123, rue Principale",
          city: "Granby",
          postalCode: "J2G 2T5",
          notes: "Barrière au fond; sonnez deux fois",
          unitPriceCents: 14_999,
          priceCents: 29_998,
          startAt,
          endAt: end,
          blockedUntil: end,
          status,
          cancelledAt: status === "cancelled" ? NOW : null,
        })
        .returning();
      ids[key] = row!.id;
      return row!;
    };
    const own = await make("OWN", { member: crew.memberId, zone: granbyZone, days: 3 });
    await db()
      .insert(s.appointmentUpsells)
      .values({ appointmentId: own.id, upsellOptionId: upsell!.id, name: upsell!.name, priceCents: 1000 });
    await make("CANCELLED", { member: crew.memberId, zone: granbyZone, days: 4, status: "cancelled" });
    await make("PAST", { member: crew.memberId, zone: granbyZone, days: -14 });
    await make("OLD", { member: crew.memberId, zone: granbyZone, days: -120 });
    await make("FAR", { member: crew.memberId, zone: granbyZone, days: 200 });
    await make("COLLEAGUE", { member: colleague, zone: granbyZone, days: 3 });
    await make("STRANGER", { member: stranger, zone: sherbrookeZone, days: 3 });
  });

  const uidOf = (key: string) => `${ids[key]}@lavageprestige.ca`;

  it("a crew member's feed holds their own appointments only, cancelled ones marked, in Toronto time", async () => {
    const token = await renewCalendarFeed(db(), { userId: crewUserId, now: NOW });
    const feed = parseFeed(await readCalendarFeed(db(), { token, now: NOW }));
    expect(feed.name).toContain(`${crew.firstName} ${crew.lastName}`);
    expect(feed.events.map((e) => e.uid).sort()).toEqual(
      [uidOf("OWN"), uidOf("CANCELLED"), uidOf("PAST")].sort(),
    );
    const own = feed.events.find((e) => e.uid === uidOf("OWN"))!;
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, ids.OWN!));
    expect(own.start.getTime()).toBe(row!.startAt.getTime());
    expect(own.end.getTime()).toBe(row!.endAt.getTime());
    expect(own.tzid).toBe("America/Toronto");
    expect(own.status).toBe("CONFIRMED");
    expect(own.summary).toContain("Client OWN");
    expect(own.location).toBe("123, rue Principale, Granby, J2G 2T5");
    expect(own.description).toContain("2 véhicules");
    expect(own.description).toContain("Granby");
    expect(own.description).toContain("Barrière au fond; sonnez deux fois");
    expect(own.description).toContain("+14505550100");
    // No more than the crew's app shows: never the customer's e-mail or the price.
    expect(own.description).not.toContain("@example.com");
    expect(own.description).not.toMatch(/\$|299/);
    const cancelled = feed.events.find((e) => e.uid === uidOf("CANCELLED"))!;
    expect(cancelled.status).toBe("CANCELLED");
  });

  it("the UID of an appointment stays the same from one read to the next", async () => {
    const token = (await currentCalendarFeed(db(), crewUserId))!.token;
    const first = parseFeed(await readCalendarFeed(db(), { token, now: NOW }));
    const later = parseFeed(await readCalendarFeed(db(), { token, now: new Date(NOW.getTime() + DAY_MS) }));
    expect(later.events.map((e) => e.uid)).toEqual(first.events.map((e) => e.uid));
  });

  it("a franchisee's feed holds all of its appointments, of every member, and no one else's", async () => {
    const token = await renewCalendarFeed(db(), { userId: franchiseeUserId, now: NOW });
    const feed = parseFeed(await readCalendarFeed(db(), { token, now: NOW }));
    expect(feed.events.map((e) => e.uid).sort()).toEqual(
      [uidOf("OWN"), uidOf("CANCELLED"), uidOf("PAST"), uidOf("COLLEAGUE")].sort(),
    );
    expect(feed.events.find((e) => e.uid === uidOf("COLLEAGUE"))!.summary).toContain("Léo Nadeau");
  });

  it("renewing the link refuses the old token at once, like an unknown one", async () => {
    const old = (await currentCalendarFeed(db(), crewUserId))!.token;
    const renewed = await renewCalendarFeed(db(), { userId: crewUserId, now: NOW });
    expect(renewed).not.toBe(old);
    expect(await codeOf(readCalendarFeed(db(), { token: old, now: NOW }))).toBe("NOT_FOUND");
    expect(parseFeed(await readCalendarFeed(db(), { token: renewed, now: NOW })).events).toHaveLength(3);
    expect((await currentCalendarFeed(db(), crewUserId))!.token).toBe(renewed);
    expect(await codeOf(readCalendarFeed(db(), { token: "x".repeat(43), now: NOW }))).toBe("NOT_FOUND");
    expect(await codeOf(readCalendarFeed(db(), { token: "nope", now: NOW }))).toBe("NOT_FOUND");
    // Only the hash and a sealed copy are stored, never the token itself.
    const rows = await db().select().from(s.calendarFeeds).where(eq(s.calendarFeeds.userId, crewUserId));
    expect(JSON.stringify(rows)).not.toContain(renewed);
  });

  it("a token sealed before ADR 101 (under the jobs' key) is still shown to its owner", async () => {
    const token = (await currentCalendarFeed(db(), crewUserId))!.token;
    expect(
      (await db().select().from(s.calendarFeeds).where(eq(s.calendarFeeds.userId, crewUserId)))[0]!
        .sealedToken,
    ).not.toContain(token);
    const oldKey = crypto
      .createHmac("sha256", await resolveAuthSecret(db()))
      .update("jobs.payload")
      .digest();
    await db()
      .update(s.calendarFeeds)
      .set({ sealedToken: sealWith(oldKey, token) })
      .where(eq(s.calendarFeeds.userId, crewUserId));
    expect((await currentCalendarFeed(db(), crewUserId))!.token).toBe(token);
    // Under another key: no link to show (the page offers a new one).
    await db()
      .update(s.calendarFeeds)
      .set({ sealedToken: sealWith(crypto.randomBytes(32), token) })
      .where(eq(s.calendarFeeds.userId, crewUserId));
    expect(await currentCalendarFeed(db(), crewUserId)).toBeNull();
    await db()
      .update(s.calendarFeeds)
      .set({ sealedToken: sealWith(oldKey, token) })
      .where(eq(s.calendarFeeds.userId, crewUserId));
  });

  it("a removed member's link shows nothing any more", async () => {
    const token = (await currentCalendarFeed(db(), crewUserId))!.token;
    await db().update(s.teamMembers).set({ isActive: false }).where(eq(s.teamMembers.id, crew.memberId));
    expect(await codeOf(readCalendarFeed(db(), { token, now: NOW }))).toBe("NOT_FOUND");
  });
});
