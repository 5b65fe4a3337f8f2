import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { REVIEW_EDIT_WINDOW_MS } from "~/domain/reviews/reviews";
import type { AppError } from "~/lib/errors";
import { describeDatabases } from "../../../../tests/setup/db";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { reviewToken } from "./review-link.server";
import {
  hideReview,
  listPublishedReviews,
  loadReviewPage,
  respondToReview,
  reviewSummary,
  saveReview,
} from "./reviews.server";

const BOOKED_AT = new Date("2026-03-06T08:00:00-05:00");
const DONE = new Date("2026-03-09T18:00:00-04:00");

describeDatabases("reviews", ({ db }) => {
  let bookingId: string;
  let granby: string;
  let sherbrooke: string;
  let adminId: string;
  let franchiseeUserId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const zones = await db().select().from(s.serviceZones);
    granby = zones.find((z) => z.routeSlug === "granby")!.franchiseeId!;
    sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
    const users = await db().select().from(s.users);
    adminId = users.find((u) => u.email === "admin@example.com")!.id;
    franchiseeUserId = users.find((u) => u.email === "franchisee@example.com")!.id;
    const input = BookingRequestSchema.parse({
      zone: "granby",
      cars: 1,
      start: "2026-03-09T09:00:00-04:00",
      name: "Rosalie Bouchard",
      email: "rosalie@example.com",
      phone: "(450) 555-0142",
      address: "123, rue Principale, Granby",
      postalCode: "J2G 2T5",
    });
    const booked = await bookSlot(db(), { actor: null, input, now: BOOKED_AT });
    bookingId = booked.bookingId;
    await completeAppointment(db(), { appointmentId: booked.appointmentId, franchiseeId: granby, now: DONE });
  });

  it("seeds the demo client's reviews with demo accounts, published", async () => {
    const demo = await listPublishedReviews(db(), { zoneSlug: "granby" });
    expect(demo.map((r) => [r.displayName, r.rating])).toEqual([
      ["Catherine C.", 5],
      ["Catherine C.", 4],
    ]);
  });

  it("opens with the signed link only; one review, editable 30 days; a 2 counts in the average", async () => {
    const token = await reviewToken(db(), bookingId);
    expect(await loadReviewPage(db(), { bookingId, token: "x".repeat(32) })).toBeNull();
    expect(await loadReviewPage(db(), { bookingId: "demohist01", token })).toBeNull();
    const page = await loadReviewPage(db(), { bookingId, token }, DONE);
    expect(page).toMatchObject({ defaultName: "Rosalie B.", review: null, editable: true });

    const input = { rating: 2, comment: "En retard.", display_name: "Rosalie B.", publish_consent: true };
    const first = await saveReview(db(), { bookingId, token }, input, DONE);
    expect(first.created).toBe(true);
    const edited = await saveReview(
      db(),
      { bookingId, token },
      { ...input, comment: "En retard, mais propre." },
      DONE,
    );
    expect(edited).toMatchObject({
      created: false,
      review: { id: first.review.id, comment: "En retard, mais propre." },
    });
    const late = new Date(DONE.getTime() + REVIEW_EDIT_WINDOW_MS + 60_000);
    const refused = await saveReview(db(), { bookingId, token }, input, late).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe("APPOINTMENT_NOT_CHANGEABLE");
    expect(
      await db().select().from(s.appointmentReviews).where(eq(s.appointmentReviews.id, first.review.id)),
    ).toHaveLength(1);

    expect(await reviewSummary(db(), { zoneSlug: "granby" })).toEqual({ average: 11 / 3, count: 3 });
    expect(await reviewSummary(db(), { zoneSlug: "sherbrooke" })).toEqual({ average: null, count: 0 });
  });

  it("lets the franchisee answer its own review once, and the admin hide only for a policy reason", async () => {
    const [review] = await db()
      .select()
      .from(s.appointmentReviews)
      .where(eq(s.appointmentReviews.comment, "En retard, mais propre."));
    const id = review!.id;
    const other = await respondToReview(db(), {
      reviewId: id,
      franchiseeId: sherbrooke,
      userId: franchiseeUserId,
      response: "Non",
    }).catch((e: unknown) => e);
    expect((other as AppError).code).toBe("NOT_FOUND");
    await respondToReview(db(), {
      reviewId: id,
      franchiseeId: granby,
      userId: franchiseeUserId,
      response: "Merci, désolés du retard.",
    });
    const twice = await respondToReview(db(), {
      reviewId: id,
      franchiseeId: granby,
      userId: franchiseeUserId,
      response: "Encore",
    }).catch((e: unknown) => e);
    expect((twice as AppError).code).toBe("APPOINTMENT_NOT_CHANGEABLE");

    for (const reason of ["", "negative", "low_rating"]) {
      const refused = await hideReview(db(), { reviewId: id, reason, actorId: adminId }).catch(
        (e: unknown) => e,
      );
      expect((refused as AppError).code).toBe("VALIDATION");
    }
    expect((await reviewSummary(db(), { zoneSlug: "granby" })).count).toBe(3);

    await hideReview(db(), { reviewId: id, reason: "personal_data", actorId: adminId, now: DONE });
    expect((await reviewSummary(db(), { zoneSlug: "granby" })).count).toBe(2);
    const log = await db().select().from(s.reviewModerationLog).where(eq(s.reviewModerationLog.reviewId, id));
    expect(log).toMatchObject([
      { action: "hide", reason: "personal_data", actorId: adminId, createdAt: DONE },
    ]);
  });
});
