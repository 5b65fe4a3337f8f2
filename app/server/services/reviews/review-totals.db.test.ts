// The totals of published reviews per zone (review_totals, ADR 105), kept by the database's
// triggers: after each change to a review or to its appointment, the home page's and a zone's
// figures are exactly what `avg` and `count` over the reviews themselves give.
import { and, avg, count, eq, isNull } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { granbyRequest, nthGranbyStart } from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import type { Db } from "../../db.server";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { reviewToken } from "./review-link.server";
import { hideReview, restoreReview, reviewSummary, saveReview } from "./reviews.server";

const BOOKED_AT = new Date("2026-03-06T08:00:00-05:00");
const DONE = new Date("2026-03-20T18:00:00-04:00");

/** The figure as it was computed before the totals: every published review read. */
async function direct(db: Db, zoneSlug?: string) {
  const [row] = await db
    .select({ average: avg(s.appointmentReviews.rating), n: count() })
    .from(s.appointmentReviews)
    .innerJoin(s.appointments, eq(s.appointments.id, s.appointmentReviews.appointmentId))
    .innerJoin(s.serviceZones, eq(s.serviceZones.id, s.appointments.zoneId))
    .where(
      and(
        eq(s.appointmentReviews.publishConsent, true),
        isNull(s.appointmentReviews.hiddenAt),
        eq(s.appointments.status, "completed"),
        zoneSlug ? eq(s.serviceZones.routeSlug, zoneSlug) : undefined,
      ),
    );
  return { average: row!.n > 0 ? Number(row!.average) : null, count: row!.n };
}

describeDatabases("review totals", ({ db }) => {
  let granby: string;
  let adminId: string;
  /** Completed Granby washes of this suite: [appointment id, booking id]. */
  const washes: { appointmentId: string; bookingId: string }[] = [];

  async function expectSameAsDirect(step: string) {
    for (const zoneSlug of [undefined, "granby", "sherbrooke"])
      expect(await reviewSummary(db(), { zoneSlug }), `${step} (${zoneSlug ?? "network"})`).toEqual(
        await direct(db(), zoneSlug),
      );
  }

  async function review(index: number, rating: number, publish = true) {
    const { bookingId } = washes[index]!;
    const token = await reviewToken(db(), bookingId);
    const input = { rating, comment: "", display_name: "Léa T.", publish_consent: publish };
    return (await saveReview(db(), { bookingId, token }, input, DONE)).review;
  }

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const zones = await db().select().from(s.serviceZones);
    granby = zones.find((z) => z.routeSlug === "granby")!.franchiseeId!;
    const [admin] = await db().select().from(s.users).where(eq(s.users.email, "admin@example.com"));
    adminId = admin!.id;
    for (let n = 0; n < 5; n++) {
      const booked = await bookSlot(db(), {
        actor: null,
        input: granbyRequest({ start: nthGranbyStart(n), email: `lea.${n}@example.com` }),
        now: BOOKED_AT,
      });
      await completeAppointment(db(), {
        appointmentId: booked.appointmentId,
        franchiseeId: granby,
        now: DONE,
      });
      washes.push(booked);
    }
  });

  it("starts from the seeded reviews, then follows each review written, changed, hidden, restored or deleted", async () => {
    const before = await reviewSummary(db());
    expect(before.count).toBeGreaterThan(0);
    await expectSameAsDirect("seeded");

    const first = await review(0, 2);
    await expectSameAsDirect("a 2 written");
    expect((await reviewSummary(db())).count).toBe(before.count + 1);
    await review(1, 5);
    await review(2, 4, false);
    await expectSameAsDirect("a 5, and a 4 without consent");
    expect((await reviewSummary(db())).count).toBe(before.count + 2);

    await review(0, 3);
    await expectSameAsDirect("the 2 changed to a 3");
    await review(2, 4, true);
    await expectSameAsDirect("consent given later");

    await hideReview(db(), { reviewId: first.id, reason: "personal_data", actorId: adminId, now: DONE });
    await expectSameAsDirect("hidden");
    expect((await reviewSummary(db())).count).toBe(before.count + 2);
    await restoreReview(db(), { reviewId: first.id, actorId: adminId, now: DONE });
    await expectSameAsDirect("restored");

    await db().delete(s.appointmentReviews).where(eq(s.appointmentReviews.id, first.id));
    await expectSameAsDirect("a review deleted");
    expect((await reviewSummary(db())).count).toBe(before.count + 2);
  });

  it("follows its appointment: no longer completed, moved to another zone, deleted", async () => {
    await review(3, 1);
    await review(4, 5);
    await expectSameAsDirect("two more");
    const [one, other] = [washes[3]!.appointmentId, washes[4]!.appointmentId];

    await db().update(s.appointments).set({ status: "cancelled" }).where(eq(s.appointments.id, one));
    await expectSameAsDirect("its wash no longer completed");
    await db().update(s.appointments).set({ status: "completed" }).where(eq(s.appointments.id, one));
    await expectSameAsDirect("completed again");

    const [sherbrooke] = await db()
      .select({ id: s.serviceZones.id })
      .from(s.serviceZones)
      .where(eq(s.serviceZones.routeSlug, "sherbrooke"));
    await db().update(s.appointments).set({ zoneId: sherbrooke!.id }).where(eq(s.appointments.id, other));
    await expectSameAsDirect("moved to Sherbrooke");
    expect((await reviewSummary(db(), { zoneSlug: "sherbrooke" })).count).toBe(1);

    // The review goes with it (on delete cascade).
    await db().delete(s.appointments).where(eq(s.appointments.id, other));
    await expectSameAsDirect("its wash deleted");
    expect(await reviewSummary(db(), { zoneSlug: "sherbrooke" })).toEqual({ average: null, count: 0 });
  });

  it("counts reviews written many at once, in one statement", async () => {
    const completed = await db()
      .select({ id: s.appointments.id })
      .from(s.appointments)
      .leftJoin(s.appointmentReviews, eq(s.appointmentReviews.appointmentId, s.appointments.id))
      .where(and(eq(s.appointments.status, "completed"), isNull(s.appointmentReviews.id)));
    expect(completed.length).toBeGreaterThan(0);
    await db()
      .insert(s.appointmentReviews)
      .values(
        completed.map(({ id }, i) => ({
          appointmentId: id,
          rating: 1 + (i % 5),
          publishConsent: i % 3 !== 0,
        })),
      );
    await expectSameAsDirect("a bulk insert");
    await db().update(s.appointmentReviews).set({ rating: 5 });
    await expectSameAsDirect("a bulk update");
  });
});
