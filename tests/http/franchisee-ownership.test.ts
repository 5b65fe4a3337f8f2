/**
 * Crafted requests against the production server: a signed-in franchisee posts the franchisee
 * pages' actions with the ids of another franchisee's member, availability and appointment. Every
 * one is refused and nothing changes in the database (checked before and after, server stopped).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import type { Db } from "~/server/db.server";
import { PASSWORD, targets } from "./roles-fixture";
import { signIn, startServer, type RunningServer } from "./server";
import {
  bookOpenSlot,
  seededDatabase,
  targetDatabase,
  usingDatabase,
  type TargetDatabase,
} from "./target-database";

const bookFirstSlot = (db: Db, zone: "granby" | "sherbrooke") =>
  bookOpenSlot(db, zone, { email: "client.test@example.com" });

for (const target of targets) {
  describe(`franchisee actions on another franchisee's data [${target.name}]`, () => {
    let server: RunningServer;
    let database: TargetDatabase;
    let cookie: string;
    let clientCookie: string;
    const ids = {} as {
      sherbrookeMember: string;
      sherbrookeRange: string;
      sherbrookeTimeOff: string;
      sherbrookeAppointment: string;
      granbyAppointment: string;
      granbyMember: string;
    };

    beforeAll(async () => {
      const env: Record<string, string> = { DEMO_ACCOUNTS: "1" };
      database = await targetDatabase(target.name, env);
      await seededDatabase(database, async (db) => {
        const zones = await db.select().from(s.serviceZones);
        const sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
        const granby = zones.find((z) => z.routeSlug === "granby")!.franchiseeId!;
        const [member] = await db
          .select()
          .from(s.teamMembers)
          .where(eq(s.teamMembers.franchiseeId, sherbrooke));
        ids.sherbrookeMember = member!.id;
        const [range] = await db
          .select()
          .from(s.teamAvailability)
          .where(eq(s.teamAvailability.teamMemberId, member!.id));
        ids.sherbrookeRange = range!.id;
        const [off] = await db
          .insert(s.teamTimeOff)
          .values({
            teamMemberId: member!.id,
            startsOn: "2031-07-01",
            endsOn: "2031-07-02",
            reason: "Vacances",
          })
          .returning();
        ids.sherbrookeTimeOff = off!.id;
        const [granbyMember] = await db
          .select()
          .from(s.teamMembers)
          .where(eq(s.teamMembers.franchiseeId, granby));
        ids.granbyMember = granbyMember!.id;
        ids.sherbrookeAppointment = (await bookFirstSlot(db, "sherbrooke")).appointmentId;
        ids.granbyAppointment = (await bookFirstSlot(db, "granby")).appointmentId;
      });
      server = await startServer(env);
      cookie = await signIn(server.url, "franchisee@example.com", PASSWORD);
      clientCookie = await signIn(server.url, "client@example.com", PASSWORD);
    });

    afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    const post = (path: string, fields: Record<string, string>, as = cookie) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { cookie: as, origin: server.url },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });

    it("refuses every action on another franchisee's ids, and changes nothing", async () => {
      const refused = [
        [
          "/franchisee/team",
          {
            intent: "updateMember",
            memberId: ids.sherbrookeMember,
            firstName: "Pirate",
            lastName: "X",
            email: "pirate@example.com",
          },
        ],
        ["/franchisee/team", { intent: "deleteMember", memberId: ids.sherbrookeMember }],
        [
          "/franchisee/team",
          {
            intent: "addAvailability",
            teamMemberId: ids.sherbrookeMember,
            dayOfWeek: "6",
            startTime: "09:00",
            endTime: "10:00",
          },
        ],
        [
          "/franchisee/team",
          { intent: "toggleAvailability", availabilityId: ids.sherbrookeRange, isAvailable: "false" },
        ],
        ["/franchisee/team", { intent: "deleteAvailability", availabilityId: ids.sherbrookeRange }],
        ["/franchisee/team", { intent: "deleteMember", memberId: "not-a-uuid" }],
        ["/franchisee/schedule", { intent: "complete", appointmentId: ids.sherbrookeAppointment }],
        ["/franchisee/schedule", { intent: "noShow", appointmentId: ids.sherbrookeAppointment }],
        [
          "/franchisee/schedule",
          { intent: "cancel", appointmentId: ids.sherbrookeAppointment, reason: "Pirate" },
        ],
        [
          "/franchisee/schedule",
          { intent: "reassign", appointmentId: ids.sherbrookeAppointment, teamMemberId: ids.granbyMember },
        ],
        [
          "/franchisee/schedule",
          { intent: "reassign", appointmentId: ids.granbyAppointment, teamMemberId: ids.sherbrookeMember },
        ],
        // The schedule's move (ADR 104): another's appointment, or another's member.
        [
          "/franchisee/schedule",
          {
            intent: "move",
            appointmentId: ids.sherbrookeAppointment,
            teamMemberId: ids.granbyMember,
            date: "2031-07-08",
            time: "10:00",
          },
        ],
        [
          "/franchisee/schedule",
          {
            intent: "move",
            appointmentId: ids.granbyAppointment,
            teamMemberId: ids.sherbrookeMember,
            date: "2031-07-08",
            time: "10:00",
          },
        ],
        // Time off (ADR 104): for another's member, or removing theirs.
        [
          "/franchisee/team",
          {
            intent: "addTimeOff",
            teamMemberId: ids.sherbrookeMember,
            startsOn: "2031-07-08",
            endsOn: "2031-07-08",
            reason: "Pirate",
          },
        ],
        ["/franchisee/team", { intent: "deleteTimeOff", timeOffId: ids.sherbrookeTimeOff }],
      ] as const;
      for (const [path, fields] of refused) {
        const res = await post(path, fields);
        expect(res.status, `${fields.intent} ${JSON.stringify(fields)}`).toBe(404);
      }
      // Another role is sent away before anything runs.
      const asClient = await post(
        "/franchisee/team",
        { intent: "deleteMember", memberId: ids.granbyMember },
        clientCookie,
      );
      expect([302, 303]).toContain(asClient.status);
      expect(asClient.headers.get("location")).toBe("/");
      // Another franchisee's pages do not show: the team page lists only Granby's members.
      const page = await (await fetch(`${server.url}/franchisee/team`, { headers: { cookie } })).text();
      expect(page).toContain("Marc-André Gagnon");
      expect(page).not.toContain("Camille");
    });

    it("left the other franchisee's data as it was", async () => {
      await server.stop();
      await usingDatabase(database, async (db) => {
        const [member] = await db
          .select()
          .from(s.teamMembers)
          .where(eq(s.teamMembers.id, ids.sherbrookeMember));
        expect(member).toMatchObject({ isActive: true });
        expect(member!.firstName).not.toBe("Pirate");
        const ranges = await db
          .select()
          .from(s.teamAvailability)
          .where(eq(s.teamAvailability.teamMemberId, ids.sherbrookeMember));
        expect(ranges.map((r) => [r.dayOfWeek, r.isAvailable]).sort()).toEqual([
          [1, true],
          [2, true],
          [3, true],
          [4, true],
          [5, true],
        ]);
        const [sherbrooke] = await db
          .select()
          .from(s.appointments)
          .where(eq(s.appointments.id, ids.sherbrookeAppointment));
        expect(sherbrooke).toMatchObject({ status: "scheduled", cancelReason: null });
        const [granby] = await db
          .select()
          .from(s.appointments)
          .where(eq(s.appointments.id, ids.granbyAppointment));
        expect(granby!.teamMemberId).not.toBe(ids.sherbrookeMember);
        expect(sherbrooke!.startAt.toISOString().startsWith("2031-07-08")).toBe(false);
        const timeOff = await db
          .select()
          .from(s.teamTimeOff)
          .where(eq(s.teamTimeOff.teamMemberId, ids.sherbrookeMember));
        expect(timeOff.map((o) => [o.id, o.reason])).toEqual([[ids.sherbrookeTimeOff, "Vacances"]]);
        const [granbyMember] = await db
          .select()
          .from(s.teamMembers)
          .where(eq(s.teamMembers.id, ids.granbyMember));
        expect(granbyMember!.isActive).toBe(true);
      });
    });
  });
}
