import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { describeDatabases } from "../../../../tests/setup/db";
import { addTeamMember } from "../franchisee/team.server";
import { inviteCrewMember, resolveCrewMember, type CrewActor } from "./crew-access.server";
import { loadCrewDay } from "./crew-day.server";

// The seed puts the demo crew's stops on the seeding day and the next: tests read the next day,
// whatever the run's clock (ADR 070), by the seeded booking ids' dates.
describeDatabases("the crew's day is their own (ADR 077)", ({ db }) => {
  let crew: CrewActor;
  let day: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "crew@example.com"));
    crew = await resolveCrewMember(db(), user!);
    const [first] = await db()
      .select({ bookingId: s.appointments.bookingId })
      .from(s.appointments)
      .where(eq(s.appointments.teamMemberId, crew.memberId))
      .orderBy(s.appointments.startAt);
    const digits = first!.bookingId.slice(4, 12);
    day = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  });

  it("lists the member's stops in route order, with phone, cars, extras and notes", async () => {
    const result = await loadCrewDay(db(), { actor: crew, date: day });
    expect(result.stops.map((stop) => stop.customerName)).toEqual([
      "Martine Lussier",
      "Yves Paquette",
      "Nadia Roy",
    ]);
    const [first, second] = result.stops;
    expect(first).toMatchObject({ cars: 1, customerPhone: "+14505550161", extras: ["Traitement Aquapel"] });
    expect(first!.notes).toContain("barrière");
    expect(second).toMatchObject({ cars: 2, extras: [], notes: null });
    expect(second!.driveMinutes).toBeGreaterThan(0);
    expect(result.baseName).toBe("Granby");
  });

  it("shows nothing of another member of the same team, nor of another franchisee", async () => {
    const [granbyMember] = await db()
      .select()
      .from(s.teamMembers)
      .where(eq(s.teamMembers.email, "marc-andre.gagnon@lavageprestige.ca"));
    const others = await db()
      .select()
      .from(s.appointments)
      .where(eq(s.appointments.teamMemberId, granbyMember!.id));
    // A colleague's day: none of the crew's stops, and none of the colleague's.
    const colleague = await inviteCrewMember(db(), {
      franchiseeId: granbyMember!.franchiseeId,
      memberId: granbyMember!.id,
      sendPasswordLink: async () => true,
    });
    const [colleagueUser] = await db().select().from(s.users).where(eq(s.users.id, colleague.userId));
    const colleagueActor = await resolveCrewMember(db(), colleagueUser!);
    const seen = await loadCrewDay(db(), { actor: colleagueActor, date: day });
    expect(seen.stops.map((stop) => stop.id).sort()).toEqual(
      others
        .filter((a) => a.startAt.toISOString().slice(0, 10) === day)
        .map((a) => a.id)
        .sort(),
    );
    // A forged actor mixing the crew's member with another franchisee sees nothing.
    const zones = await db().select().from(s.serviceZones);
    const sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
    const forged = await loadCrewDay(db(), { actor: { ...crew, franchiseeId: sherbrooke }, date: day });
    expect(forged.stops).toHaveLength(0);
    const { id: sherbrookeMember } = await addTeamMember(db(), {
      franchiseeId: sherbrooke,
      input: { firstName: "Zoé", lastName: "Gauthier", email: "zoe@example.com", phone: "" },
    });
    const otherFranchise = await loadCrewDay(db(), {
      actor: { ...crew, memberId: sherbrookeMember },
      date: day,
    });
    expect(otherFranchise.stops).toHaveLength(0);
  });
});
