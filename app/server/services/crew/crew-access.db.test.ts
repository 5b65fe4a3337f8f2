import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import { describeDatabases } from "../../../../tests/setup/db";
import { addTeamMember, listTeam, removeTeamMember } from "../franchisee/team.server";
import { inviteCrewMember, resolveCrewMember } from "./crew-access.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : String(error);
}

describeDatabases("crew accounts (ADR 077)", ({ db }) => {
  let granby: string;
  let sherbrooke: string;
  const sent: string[] = [];
  const sendPasswordLink = async (email: string) => {
    sent.push(email);
    return true;
  };

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const zones = await db().select().from(s.serviceZones);
    granby = zones.find((z) => z.routeSlug === "granby")!.franchiseeId!;
    sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
  });

  const addMember = (franchiseeId: string, email: string) =>
    addTeamMember(db(), {
      franchiseeId,
      input: { firstName: "Léo", lastName: "Nadeau", email, phone: "" },
    });

  it("the demo crew account is a member of the Granby team", async () => {
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "crew@example.com"));
    expect(user?.role).toBe("crew");
    const actor = await resolveCrewMember(db(), user!);
    expect(actor.franchiseeId).toBe(granby);
    const team = await listTeam(db(), { franchiseeId: granby });
    expect(team.find((m) => m.email === "crew@example.com")?.hasCrewAccount).toBe(true);
  });

  it("invites a member: a crew account tied to the member, the invitation sent to their address", async () => {
    const { id } = await addMember(granby, "Leo.Nadeau@Example.com");
    const result = await inviteCrewMember(db(), {
      franchiseeId: granby,
      memberId: id,
      now: NOW,
      sendPasswordLink,
    });
    expect(result).toMatchObject({ email: "leo.nadeau@example.com", accountCreated: true, linkSent: true });
    expect(sent.at(-1)).toBe("leo.nadeau@example.com");
    const [user] = await db().select().from(s.users).where(eq(s.users.id, result.userId));
    expect(user).toMatchObject({ role: "crew", emailVerified: false, firstName: "Léo" });
    const [member] = await db().select().from(s.teamMembers).where(eq(s.teamMembers.id, id));
    expect(member?.userId).toBe(result.userId);
    expect(await resolveCrewMember(db(), user!)).toMatchObject({ memberId: id, franchiseeId: granby });
    // Again: the same account, a new link.
    const again = await inviteCrewMember(db(), {
      franchiseeId: granby,
      memberId: id,
      now: NOW,
      sendPasswordLink,
    });
    expect(again).toMatchObject({ userId: result.userId, accountCreated: false });
  });

  it("another franchisee's member is nobody's: NOT_FOUND, nothing made", async () => {
    const { id } = await addMember(sherbrooke, "autre.membre@example.com");
    expect(
      await codeOf(inviteCrewMember(db(), { franchiseeId: granby, memberId: id, sendPasswordLink })),
    ).toBe("NOT_FOUND");
    const made = await db().select().from(s.users).where(eq(s.users.email, "autre.membre@example.com"));
    expect(made).toHaveLength(0);
  });

  it("an address with an account of another role, or another member's crew account, is refused", async () => {
    const client = await addMember(granby, "client@example.com");
    expect(
      await codeOf(inviteCrewMember(db(), { franchiseeId: granby, memberId: client.id, sendPasswordLink })),
    ).toBe("EMAIL_ALREADY_EXISTS");
    const [clientUser] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    expect(clientUser?.role).toBe("client");
    // The demo crew's address on a member of another franchise.
    const twin = await addMember(sherbrooke, "crew@example.com");
    expect(
      await codeOf(inviteCrewMember(db(), { franchiseeId: sherbrooke, memberId: twin.id, sendPasswordLink })),
    ).toBe("EMAIL_ALREADY_EXISTS");
  });

  it("removing a member ends their sessions, and the account then reaches nothing", async () => {
    const { id } = await addMember(granby, "retire@example.com");
    const { userId } = await inviteCrewMember(db(), { franchiseeId: granby, memberId: id, sendPasswordLink });
    await db()
      .insert(s.sessions)
      .values({ id: "sess-crew", token: "tok-crew", userId, expiresAt: new Date(Date.now() + 86_400_000) });
    await removeTeamMember(db(), { franchiseeId: granby, memberId: id, now: NOW });
    expect(await db().select().from(s.sessions).where(eq(s.sessions.userId, userId))).toHaveLength(0);
    const [user] = await db().select().from(s.users).where(eq(s.users.id, userId));
    expect(await codeOf(resolveCrewMember(db(), user!))).toBe("FORBIDDEN");
    const resets = await db()
      .select()
      .from(s.verifications)
      .where(and(eq(s.verifications.value, userId)));
    expect(resets).toHaveLength(0);
  });

  describe("roles", () => {
    it("a user of another role is never a crew actor", async () => {
      const [client] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
      expect(await codeOf(resolveCrewMember(db(), client!))).toBe("FORBIDDEN");
    });
  });
});
