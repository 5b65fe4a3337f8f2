import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "~/server/auth.server";
import {
  FRIDAY_MORNING as NOW,
  granbyRequest,
  MONDAY_9,
  rejection,
  TUESDAY_10,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "./book-slot.server";
import { actorOwnsAppointment, loadManageAccess, requireSelfServiceChange } from "./manage-access.server";
import { cancelBooking } from "./cancel-booking.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { openJobSecret } from "~/server/jobs/job-secrets.server";

function sessionUser(user: typeof s.users.$inferSelect): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as SessionUser["role"],
  };
}

describe("actorOwnsAppointment", () => {
  it("is the linked client only", () => {
    expect(actorOwnsAppointment({ id: "u1", role: "client" }, { userId: "u1" })).toBe(true);
    expect(actorOwnsAppointment({ id: "u2", role: "client" }, { userId: "u1" })).toBe(false);
    expect(actorOwnsAppointment({ id: "u1", role: "franchisee" }, { userId: "u1" })).toBe(false);
    expect(actorOwnsAppointment({ id: "u1", role: "client" }, { userId: null })).toBe(false);
    expect(actorOwnsAppointment(null, { userId: "u1" })).toBe(false);
  });
});

describeDatabases("booking changes by the signed-in owner", ({ db }) => {
  let owner: SessionUser;
  let other: SessionUser;
  let franchisee: SessionUser;
  let admin: SessionUser;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const byEmail = async (email: string) =>
      sessionUser((await db().select().from(s.users).where(eq(s.users.email, email)))[0]!);
    owner = await byEmail("client@example.com");
    franchisee = await byEmail("franchisee@example.com");
    admin = await byEmail("admin@example.com");
    await db()
      .insert(s.users)
      .values({ id: "other-client", name: "Autre Client", email: "autre@example.com", role: "client" })
      .onConflictDoNothing();
    other = await byEmail("autre@example.com");
  });

  beforeEach(async () => {
    await db().delete(s.jobs);
    await db().delete(s.appointmentUpsells);
    await db()
      .delete(s.appointments)
      .where(eq(s.appointments.startAt, new Date(MONDAY_9)));
    await db()
      .delete(s.appointments)
      .where(eq(s.appointments.startAt, new Date(TUESDAY_10)));
  });

  async function bookAsOwner() {
    const input = granbyRequest({
      start: MONDAY_9,
      name: "Catherine Client",
      email: "client@example.com",
      address: "45, rue Dufferin, Granby",
      postalCode: "J2G 4W9",
    });
    const booked = await bookSlot(db(), { actor: owner, input, now: NOW });
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, booked.appointmentId));
    expect(row!.userId).toBe(owner.id);
    return booked;
  }

  async function statusOf(bookingId: string) {
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.bookingId, bookingId));
    return row!;
  }

  it("the owner opens and cancels without the token; nobody else does", async () => {
    const booked = await bookAsOwner();
    const { bookingId } = booked;

    expect(await loadManageAccess(db(), { bookingId, actor: owner })).toBe("owner");
    expect(await loadManageAccess(db(), { bookingId, token: booked.manageToken, actor: null })).toBe("token");
    for (const actor of [other, franchisee, admin, null]) {
      expect(await loadManageAccess(db(), { bookingId, actor })).toBeNull();
      expect(await loadManageAccess(db(), { bookingId, token: "faux-jeton", actor })).toBeNull();
      const refused = await rejection(cancelBooking(db(), { bookingId, input: {}, now: NOW, actor }));
      expect(refused).toMatchObject({ code: "INVALID_MANAGE_TOKEN" });
      const wrongToken = await rejection(
        cancelBooking(db(), { bookingId, input: { token: "faux-jeton" }, now: NOW, actor }),
      );
      expect(wrongToken.code).toBe("INVALID_MANAGE_TOKEN");
    }
    expect((await statusOf(bookingId)).status).toBe("scheduled");

    // The 24 h rule still holds for the owner.
    const late = await rejection(
      cancelBooking(db(), { bookingId, input: {}, now: new Date("2026-03-08T09:00:01-04:00"), actor: owner }),
    );
    expect(late.code).toBe("TOO_LATE_TO_CHANGE");

    await cancelBooking(db(), { bookingId, input: { reason: "Empêchement" }, now: NOW, actor: owner });
    expect(await statusOf(bookingId)).toMatchObject({ status: "cancelled", cancelReason: "Empêchement" });
    const again = await rejection(cancelBooking(db(), { bookingId, input: {}, now: NOW, actor: owner }));
    expect(again.code).toBe("APPOINTMENT_NOT_CHANGEABLE");
  });

  it("the owner reschedules without the token: the e-mail carries no manage link; another client is refused", async () => {
    const booked = await bookAsOwner();
    const { bookingId } = booked;
    const move = (actor: SessionUser | null, token?: string) =>
      rescheduleBooking(db(), { bookingId, input: { start: TUESDAY_10, token }, now: NOW, actor });

    expect((await rejection(move(other))).code).toBe("INVALID_MANAGE_TOKEN");
    expect((await rejection(move(franchisee))).code).toBe("INVALID_MANAGE_TOKEN");
    expect((await rejection(move(null))).code).toBe("INVALID_MANAGE_TOKEN");
    expect((await statusOf(bookingId)).startAt).toEqual(new Date(MONDAY_9));

    await db().delete(s.jobs);
    // A wrong token alongside the owner's session: allowed as owner, the bad token never e-mailed.
    const moved = await move(owner, "faux-jeton");
    expect(moved.startAt).toEqual(new Date(TUESDAY_10));
    expect((await statusOf(bookingId)).startAt).toEqual(new Date(TUESDAY_10));
    const [changed] = await db()
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.name, "email.booking")));
    expect(changed!.payload).toMatchObject({ kind: "changed" });
    expect(changed!.payload).not.toHaveProperty("manageToken");

    // The token still works (the e-mailed link), and keeps the link in the next e-mail.
    await db().delete(s.jobs);
    await rescheduleBooking(db(), {
      bookingId,
      input: { start: MONDAY_9, token: booked.manageToken },
      now: NOW,
      actor: null,
    });
    const [withLink] = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.booking"));
    // Sealed in the table (ADR 068), the token once opened.
    const { manageToken: sealed, ...rest } = withLink!.payload as { manageToken: string; kind: string };
    expect(rest).toMatchObject({ kind: "changed" });
    expect(sealed).not.toContain(booked.manageToken);
    expect(openJobSecret(sealed)).toBe(booked.manageToken);
  });

  it("requireSelfServiceChange: token or owner, then the same status and 24 h checks", () => {
    const appointment = {
      manageTokenHash: "0".repeat(64),
      userId: owner.id,
      status: "scheduled" as const,
      startAt: new Date(MONDAY_9),
    };
    expect(requireSelfServiceChange(appointment, undefined, NOW, owner)).toBe("owner");
    expect(() => requireSelfServiceChange(appointment, undefined, NOW, other)).toThrow(AppError);
    expect(() => requireSelfServiceChange(appointment, undefined, NOW)).toThrow(AppError);
    expect(() =>
      requireSelfServiceChange({ ...appointment, status: "completed" }, undefined, NOW, owner),
    ).toThrow(expect.objectContaining({ code: "APPOINTMENT_NOT_CHANGEABLE" }));
  });
});
