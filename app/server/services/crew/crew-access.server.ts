/**
 * Crew accounts (issue 32, ADR 077): a franchisee invites one of their team members to the
 * crew's app. The member gets an account of role `crew` tied to that team member row, with a
 * password nobody knows, and the invitation e-mail (ADR 042's wording, "create your password")
 * lets them choose one. The account sees only its own member's appointments of its franchisee;
 * the actor below is resolved from the database at every request, never from the session alone.
 */
import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import { accounts, franchisees, teamMembers, users } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { requestPasswordLink } from "../admin/approve-franchise-application.server";

/** Who a crew account is: its user, its active team member and that member's franchisee. */
export interface CrewActor {
  userId: string;
  memberId: string;
  franchiseeId: string;
  firstName: string;
  lastName: string;
}

/**
 * The crew actor of a user of role crew: their active team member of an active franchisee.
 * FORBIDDEN when there is none (the member was removed, or the franchise closed).
 */
export async function resolveCrewMember(db: Db, user: { id: string; role: string }): Promise<CrewActor> {
  if (user.role !== "crew") throw new AppError("FORBIDDEN");
  const [row] = await db
    .select({
      memberId: teamMembers.id,
      franchiseeId: teamMembers.franchiseeId,
      firstName: teamMembers.firstName,
      lastName: teamMembers.lastName,
    })
    .from(teamMembers)
    .innerJoin(franchisees, eq(franchisees.id, teamMembers.franchiseeId))
    .where(
      and(eq(teamMembers.userId, user.id), eq(teamMembers.isActive, true), eq(franchisees.isActive, true)),
    )
    .limit(1);
  if (!row) throw new AppError("FORBIDDEN");
  return { userId: user.id, ...row };
}

export interface InvitationResult {
  email: string;
  userId: string;
  /** True when the account was made now; false when an invitation is sent again. */
  accountCreated: boolean;
  /** Whether the "create your password" e-mail was handed to better-auth. */
  linkSent: boolean;
}

/**
 * Invites one of the franchisee's active members (NOT_FOUND otherwise) to the crew's app, by the
 * member's e-mail. An address that already has an account of another role (a client, a
 * franchisee, an admin), or the account of another active member, is EMAIL_ALREADY_EXISTS: a
 * crew account is never made by changing someone's existing account. Inviting again sends a new
 * link (the older one stops working, ADR 042).
 */
export async function inviteCrewMember(
  db: Db,
  {
    franchiseeId,
    memberId,
    now = new Date(),
    sendPasswordLink = requestPasswordLink,
  }: {
    franchiseeId: string;
    memberId: string;
    now?: Date;
    sendPasswordLink?: (email: string) => Promise<boolean>;
  },
): Promise<InvitationResult> {
  const unusablePassword = await hashPassword(crypto.randomBytes(48).toString("base64url"));
  const result = await db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.id, memberId),
          eq(teamMembers.franchiseeId, franchiseeId),
          eq(teamMembers.isActive, true),
        ),
      )
      .for("update");
    if (!member) throw new AppError("NOT_FOUND");
    const email = member.email.trim().toLowerCase();
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for("update");
    if (existing && existing.role !== "crew") throw new AppError("EMAIL_ALREADY_EXISTS");
    if (existing) {
      const [other] = await tx
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, existing.id), eq(teamMembers.isActive, true)));
      if (other && other.id !== member.id) throw new AppError("EMAIL_ALREADY_EXISTS");
    }
    let userId = existing?.id;
    if (!userId) {
      userId = crypto.randomUUID();
      await tx.insert(users).values({
        id: userId,
        email,
        name: `${member.firstName} ${member.lastName}`,
        firstName: member.firstName,
        lastName: member.lastName,
        phone: member.phone,
        role: "crew",
        // Proven when the invitation's link is used (onPasswordReset marks it, ADR 042).
        emailVerified: false,
      });
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: unusablePassword,
      });
    }
    await tx.update(teamMembers).set({ userId, updatedAt: now }).where(eq(teamMembers.id, member.id));
    return { email, userId, accountCreated: !existing };
  });
  return { ...result, linkSent: await sendPasswordLink(result.email) };
}
