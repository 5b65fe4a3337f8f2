/**
 * The franchisee's team members and their weekly availability (docs/product.md, sections 3, 5 and 7; ADR 020).
 * Every query is limited to the franchisee's own members; an id of another franchisee's member or
 * range is NOT_FOUND and changes nothing. Every change announces new slots to the booking engine.
 */
import { and, asc, count, desc, eq, gt, inArray, like } from "drizzle-orm";
import { appointments, sessions, teamAvailability, teamMembers, verifications } from "#db/schema";
import { findOverlap, shortTime, sortWeekly, usualWeek } from "~/domain/franchisee/availability";
import type { AvailabilityInput, TeamMemberInput } from "~/domain/franchisee/schemas";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { sqlState } from "../../db-errors.server";
import { withSlotChange } from "../booking/slot-change.server";

export interface AvailabilityView {
  id: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

export interface TeamMemberView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  createdAt: Date;
  /** True once the member was invited to the crew's app (an account of role crew, ADR 077). */
  hasCrewAccount: boolean;
  availability: AvailabilityView[];
}

/** Active members, newest first, each with its availability by day then start time. */
export async function listTeam(
  db: Db,
  { franchiseeId }: { franchiseeId: string },
): Promise<TeamMemberView[]> {
  const members = await db
    .select({
      id: teamMembers.id,
      firstName: teamMembers.firstName,
      lastName: teamMembers.lastName,
      email: teamMembers.email,
      phone: teamMembers.phone,
      createdAt: teamMembers.createdAt,
      userId: teamMembers.userId,
    })
    .from(teamMembers)
    .where(and(eq(teamMembers.franchiseeId, franchiseeId), eq(teamMembers.isActive, true)))
    .orderBy(desc(teamMembers.createdAt), asc(teamMembers.lastName));
  if (members.length === 0) return [];
  const ranges = await db
    .select({
      id: teamAvailability.id,
      teamMemberId: teamAvailability.teamMemberId,
      dayOfWeek: teamAvailability.dayOfWeek,
      startTime: teamAvailability.startTime,
      endTime: teamAvailability.endTime,
      isAvailable: teamAvailability.isAvailable,
    })
    .from(teamAvailability)
    .where(
      inArray(
        teamAvailability.teamMemberId,
        members.map((m) => m.id),
      ),
    )
    .orderBy(asc(teamAvailability.dayOfWeek), asc(teamAvailability.startTime));
  return members.map(({ userId, ...member }) => ({
    ...member,
    hasCrewAccount: userId !== null,
    availability: sortWeekly(
      ranges
        .filter((r) => r.teamMemberId === member.id)
        .map(({ teamMemberId: _, ...r }) => ({
          ...r,
          startTime: shortTime(r.startTime),
          endTime: shortTime(r.endTime),
        })),
    ),
  }));
}

/** A second member with the same e-mail (unique index, 23505) is EMAIL_TAKEN. */
function emailTaken(error: unknown): unknown {
  return sqlState(error) === "23505" ? new AppError("EMAIL_TAKEN", "EMAIL_TAKEN", { cause: error }) : error;
}

/**
 * EMAIL_TAKEN when another member has this e-mail. With `usualHours`, the new member starts with
 * the team's usual hours (the weekly ranges most active members share, else Monday to Friday 9 h
 * to 17 h; issue 33), in the same transaction.
 */
export async function addTeamMember(
  db: Db,
  {
    franchiseeId,
    input,
    usualHours = false,
  }: { franchiseeId: string; input: TeamMemberInput; usualHours?: boolean },
): Promise<{ id: string }> {
  try {
    return await withSlotChange(db, async (tx) => {
      const ranges = await tx
        .select({
          teamMemberId: teamAvailability.teamMemberId,
          dayOfWeek: teamAvailability.dayOfWeek,
          startTime: teamAvailability.startTime,
          endTime: teamAvailability.endTime,
          isAvailable: teamAvailability.isAvailable,
        })
        .from(teamAvailability)
        .innerJoin(teamMembers, eq(teamMembers.id, teamAvailability.teamMemberId))
        .where(and(eq(teamMembers.franchiseeId, franchiseeId), eq(teamMembers.isActive, true)));
      const byMember = new Map<string, typeof ranges>();
      for (const range of ranges) {
        byMember.set(range.teamMemberId, [...(byMember.get(range.teamMemberId) ?? []), range]);
      }
      const week = usualHours
        ? usualWeek([...byMember.values()].map((availability) => ({ availability })))
        : [];
      const [row] = await tx
        .insert(teamMembers)
        .values({
          franchiseeId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone || null,
        })
        .returning({ id: teamMembers.id });
      if (week.length > 0) {
        await tx.insert(teamAvailability).values(week.map((range) => ({ teamMemberId: row!.id, ...range })));
      }
      return { id: row!.id };
    });
  } catch (error) {
    throw emailTaken(error);
  }
}

/** EMAIL_TAKEN as above; NOT_FOUND when the member is not one of this franchisee's active members. */
export async function updateTeamMember(
  db: Db,
  { franchiseeId, memberId, input }: { franchiseeId: string; memberId: string; input: TeamMemberInput },
): Promise<{ id: string }> {
  try {
    return await withSlotChange(db, async (tx) => {
      const [row] = await tx
        .update(teamMembers)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone || null,
        })
        .where(ownMember(franchiseeId, memberId))
        .returning({ id: teamMembers.id });
      if (!row) throw new AppError("NOT_FOUND");
      return { id: row.id };
    });
  } catch (error) {
    throw emailTaken(error);
  }
}

/**
 * Soft delete (is_active false). Refused while the member still has scheduled appointments that
 * have not ended: the franchisee reassigns them first (ADR 020), so no customer is left without
 * a washer (HAS_APPOINTMENTS, with their `count`). Their availability no longer opens slots.
 * A member with a crew account (ADR 077) is signed out everywhere at once, and their pending
 * invitation link stops working: the account then reaches nothing (no active member).
 */
export async function removeTeamMember(
  db: Db,
  { franchiseeId, memberId, now = new Date() }: { franchiseeId: string; memberId: string; now?: Date },
): Promise<void> {
  await withSlotChange(db, async (tx) => {
    const [member] = await tx
      .select({ id: teamMembers.id, userId: teamMembers.userId })
      .from(teamMembers)
      .where(ownMember(franchiseeId, memberId))
      .for("update");
    if (!member) throw new AppError("NOT_FOUND");
    const [pending] = await tx
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.teamMemberId, memberId),
          eq(appointments.status, "scheduled"),
          gt(appointments.endAt, now),
        ),
      );
    if (pending && pending.n > 0) throw new AppError("HAS_APPOINTMENTS", undefined, { count: pending.n });
    await tx.update(teamMembers).set({ isActive: false }).where(eq(teamMembers.id, memberId));
    if (member.userId) {
      await tx.delete(sessions).where(eq(sessions.userId, member.userId));
      await tx
        .delete(verifications)
        .where(
          and(eq(verifications.value, member.userId), like(verifications.identifier, "reset-password:%")),
        );
    }
  });
}

function ownMember(franchiseeId: string, memberId: string) {
  return and(
    eq(teamMembers.id, memberId),
    eq(teamMembers.franchiseeId, franchiseeId),
    eq(teamMembers.isActive, true),
  );
}

/** The ids of this franchisee's active members: the scope of every availability change. */
function ownMemberIds(tx: Tx, franchiseeId: string) {
  return tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.franchiseeId, franchiseeId), eq(teamMembers.isActive, true)));
}

/** One availability window, only if it belongs to a member of this franchisee. */
function ownAvailability(tx: Tx, franchiseeId: string, availabilityId: string) {
  return and(
    eq(teamAvailability.id, availabilityId),
    inArray(teamAvailability.teamMemberId, ownMemberIds(tx, franchiseeId)),
  );
}

/**
 * Adds a weekly range to one of the franchisee's members. A range overlapping another range of
 * the same member on the same day is refused (OVERLAP, ADR 020); the member's row is locked so two
 * concurrent additions cannot both pass that check. An end before the start is END_BEFORE_START.
 */
export async function addAvailability(
  db: Db,
  { franchiseeId, input }: { franchiseeId: string; input: AvailabilityInput },
): Promise<{ id: string }> {
  try {
    return await withSlotChange(db, async (tx) => {
      const [member] = await tx
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(ownMember(franchiseeId, input.teamMemberId))
        .for("update");
      if (!member) throw new AppError("NOT_FOUND");
      const existing = await tx
        .select({
          id: teamAvailability.id,
          dayOfWeek: teamAvailability.dayOfWeek,
          startTime: teamAvailability.startTime,
          endTime: teamAvailability.endTime,
        })
        .from(teamAvailability)
        .where(eq(teamAvailability.teamMemberId, member.id));
      if (findOverlap(existing, input)) throw new AppError("OVERLAP");
      const [row] = await tx
        .insert(teamAvailability)
        .values({
          teamMemberId: member.id,
          dayOfWeek: input.dayOfWeek,
          startTime: input.startTime,
          endTime: input.endTime,
        })
        .returning({ id: teamAvailability.id });
      return { id: row!.id };
    });
  } catch (error) {
    // team_availability_order: the schema check already refuses it; this is the last guard.
    if (sqlState(error) === "23514") throw new AppError("END_BEFORE_START", undefined, { cause: error });
    throw error;
  }
}

/** Marks a range available or unavailable; NOT_FOUND unless it belongs to an own active member. */
export async function setAvailabilityAvailable(
  db: Db,
  {
    franchiseeId,
    availabilityId,
    isAvailable,
  }: { franchiseeId: string; availabilityId: string; isAvailable: boolean },
): Promise<void> {
  await withSlotChange(db, async (tx) => {
    const [row] = await tx
      .update(teamAvailability)
      .set({ isAvailable })
      .where(ownAvailability(tx, franchiseeId, availabilityId))
      .returning({ id: teamAvailability.id });
    if (!row) throw new AppError("NOT_FOUND");
  });
}

export async function deleteAvailability(
  db: Db,
  { franchiseeId, availabilityId }: { franchiseeId: string; availabilityId: string },
): Promise<void> {
  await withSlotChange(db, async (tx) => {
    const [row] = await tx
      .delete(teamAvailability)
      .where(ownAvailability(tx, franchiseeId, availabilityId))
      .returning({ id: teamAvailability.id });
    if (!row) throw new AppError("NOT_FOUND");
  });
}
