import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  appointmentReviews,
  appointments,
  reviewModerationLog,
  reviewTotals,
  serviceZones,
  services,
  users,
} from "#db/schema";
import {
  HIDE_REASONS,
  canEditReview,
  defaultDisplayName,
  type HideReason,
  type ReviewForm,
} from "~/domain/reviews/reviews";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { isReviewTokenValid } from "./review-link.server";

export type Review = typeof appointmentReviews.$inferSelect;

/** Who opens a review page: the link's token, or the signed-in client who owns the booking. */
export interface ReviewAccess {
  bookingId: string;
  token?: string;
  user?: { id: string; role: string } | null;
}

export interface ReviewPage {
  appointmentId: string;
  bookingId: string;
  serviceName: string;
  startAt: Date;
  defaultName: string;
  review: Review | null;
  editable: boolean;
  editableUntil: Date | null;
}

/** A published review reads as 'the customer agreed and no admin hid it for the policy'. */
const published = and(
  eq(appointmentReviews.publishConsent, true),
  isNull(appointmentReviews.hiddenAt),
  eq(appointments.status, "completed"),
);

/**
 * The completed appointment a review page is about, with its review; null when the link is not
 * genuine (or the session does not own the booking) or the wash is not completed.
 */
export async function loadReviewPage(
  db: Db,
  { bookingId, token, user }: ReviewAccess,
  now: Date = new Date(),
): Promise<ReviewPage | null> {
  if (!/^[0-9a-z]{4,40}$/i.test(bookingId)) return null;
  const [row] = await db
    .select({ appointment: appointments, serviceName: services.name, review: appointmentReviews })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(appointmentReviews, eq(appointmentReviews.appointmentId, appointments.id))
    .where(eq(appointments.bookingId, bookingId));
  if (!row || row.appointment.status !== "completed") return null;
  const owner =
    user?.role === "client" && row.appointment.userId !== null && row.appointment.userId === user.id;
  if (!owner && !(await isReviewTokenValid(db, bookingId, token ?? ""))) return null;
  const review = row.review;
  return {
    appointmentId: row.appointment.id,
    bookingId,
    serviceName: row.serviceName,
    startAt: row.appointment.startAt,
    defaultName: defaultDisplayName(row.appointment.customerName),
    review,
    editable: review ? canEditReview(review.createdAt, now) : true,
    editableUntil: review ? new Date(review.createdAt.getTime() + 30 * 24 * 60 * 60_000) : null,
  };
}

/**
 * Writes the one review of the appointment, or changes it within 30 days of its first writing.
 * NOT_FOUND when the access is refused; APPOINTMENT_NOT_CHANGEABLE (TOO_LATE) after 30 days.
 */
export async function saveReview(
  db: Db,
  access: ReviewAccess,
  input: ReviewForm,
  now: Date = new Date(),
): Promise<{ review: Review; created: boolean }> {
  const page = await loadReviewPage(db, access, now);
  if (!page) throw new AppError("NOT_FOUND");
  return db.transaction(async (tx) => {
    const values = {
      rating: input.rating,
      comment: input.comment === "" ? null : input.comment,
      displayName: input.display_name,
      publishConsent: input.publish_consent,
      updatedAt: now,
    };
    const [created] = await tx
      .insert(appointmentReviews)
      .values({ appointmentId: page.appointmentId, ...values, createdAt: now })
      .onConflictDoNothing({ target: appointmentReviews.appointmentId })
      .returning();
    if (created) return { review: created, created: true };
    const [current] = await tx
      .select()
      .from(appointmentReviews)
      .where(eq(appointmentReviews.appointmentId, page.appointmentId))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND");
    if (!canEditReview(current.createdAt, now)) throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "TOO_LATE");
    const [updated] = await tx
      .update(appointmentReviews)
      .set(values)
      .where(eq(appointmentReviews.id, current.id))
      .returning();
    return { review: updated!, created: false };
  });
}

export interface PublicReview {
  id: string;
  rating: number;
  comment: string | null;
  displayName: string;
  zoneName: string;
  createdAt: Date;
  response: string | null;
  respondedAt: Date | null;
}

export interface ReviewSummary {
  average: number | null;
  count: number;
}

/** The columns of a review as the public reads it (with the customer's name for the default display name). */
const publicColumns = {
  id: appointmentReviews.id,
  rating: appointmentReviews.rating,
  comment: appointmentReviews.comment,
  displayName: appointmentReviews.displayName,
  customerName: appointments.customerName,
  zoneName: serviceZones.zoneName,
  createdAt: appointmentReviews.createdAt,
  response: appointmentReviews.response,
  respondedAt: appointmentReviews.respondedAt,
};

/** The name shown: the one the customer chose, else first name and initial. */
function withDisplayName<T extends { customerName: string; displayName: string | null }>({
  customerName,
  displayName,
  ...rest
}: T): Omit<T, "customerName" | "displayName"> & { displayName: string } {
  return { ...rest, displayName: displayName || defaultDisplayName(customerName) };
}

/**
 * Average and count of the published reviews of the network, or of one zone (by slug), from the
 * totals the database keeps per zone (`review_totals`, ADR 105): a few hundred rows at most
 * instead of every review joined to its appointment. The sum divided by the count in SQL's
 * numeric is the very figure `avg` gave over the reviews themselves.
 */
export async function reviewSummary(
  db: Db,
  { zoneSlug }: { zoneSlug?: string } = {},
): Promise<ReviewSummary> {
  const reviews = sql<number>`coalesce(sum(${reviewTotals.reviewCount}), 0)`.mapWith(Number);
  const average = sql<
    string | null
  >`sum(${reviewTotals.ratingSum})::numeric / nullif(sum(${reviewTotals.reviewCount}), 0)`;
  const [row] = zoneSlug
    ? await db
        .select({ average, n: reviews })
        .from(reviewTotals)
        .innerJoin(serviceZones, eq(serviceZones.id, reviewTotals.zoneId))
        .where(eq(serviceZones.routeSlug, zoneSlug))
    : await db.select({ average, n: reviews }).from(reviewTotals);
  const n = row?.n ?? 0;
  return { average: n > 0 && row?.average != null ? Number(row.average) : null, count: n };
}

/** The latest published reviews (newest first), of the network or of one zone. */
export async function listPublishedReviews(
  db: Db,
  { zoneSlug, limit = 6 }: { zoneSlug?: string; limit?: number } = {},
): Promise<PublicReview[]> {
  const rows = await db
    .select(publicColumns)
    .from(appointmentReviews)
    .innerJoin(appointments, eq(appointments.id, appointmentReviews.appointmentId))
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(and(published, zoneSlug ? eq(serviceZones.routeSlug, zoneSlug) : undefined))
    .orderBy(desc(appointmentReviews.createdAt), desc(appointmentReviews.id))
    .limit(limit);
  return rows.map(withDisplayName);
}

export interface ManagedReview extends PublicReview {
  bookingId: string;
  publishConsent: boolean;
  hiddenAt: Date | null;
  hiddenReason: HideReason | null;
  hiddenByName: string | null;
  franchiseeId: string;
}

async function listManaged(db: Db, franchiseeId: string | null): Promise<ManagedReview[]> {
  const hider = alias(users, "hider");
  const rows = await db
    .select({
      ...publicColumns,
      bookingId: appointments.bookingId,
      publishConsent: appointmentReviews.publishConsent,
      hiddenAt: appointmentReviews.hiddenAt,
      hiddenReason: appointmentReviews.hiddenReason,
      hiddenByName: hider.name,
      franchiseeId: appointments.franchiseeId,
    })
    .from(appointmentReviews)
    .innerJoin(appointments, eq(appointments.id, appointmentReviews.appointmentId))
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .leftJoin(hider, eq(hider.id, appointmentReviews.hiddenBy))
    .where(franchiseeId ? eq(appointments.franchiseeId, franchiseeId) : undefined)
    .orderBy(desc(appointmentReviews.createdAt), desc(appointmentReviews.id))
    .limit(200);
  return rows.map(withDisplayName);
}

/** Every review of the franchisee's appointments, newest first (published or not). */
export function listFranchiseeReviews(db: Db, franchiseeId: string): Promise<ManagedReview[]> {
  return listManaged(db, franchiseeId);
}

/** Every review of the network, newest first, for the admin. */
export function listAllReviews(db: Db): Promise<ManagedReview[]> {
  return listManaged(db, null);
}

/**
 * The franchisee's one public answer to a review of its own appointment. NOT_FOUND for another
 * franchisee's review; APPOINTMENT_NOT_CHANGEABLE (ANSWERED) when it already has an answer.
 */
export async function respondToReview(
  db: Db,
  {
    reviewId,
    franchiseeId,
    userId,
    response,
    now = new Date(),
  }: { reviewId: string; franchiseeId: string; userId: string; response: string; now?: Date },
): Promise<void> {
  const [owned] = await db
    .select({ id: appointmentReviews.id, response: appointmentReviews.response })
    .from(appointmentReviews)
    .innerJoin(appointments, eq(appointments.id, appointmentReviews.appointmentId))
    .where(and(eq(appointmentReviews.id, reviewId), eq(appointments.franchiseeId, franchiseeId)));
  if (!owned) throw new AppError("NOT_FOUND");
  const answered = await db
    .update(appointmentReviews)
    .set({ response, respondedAt: now, respondedBy: userId })
    .where(and(eq(appointmentReviews.id, reviewId), isNull(appointmentReviews.response)))
    .returning({ id: appointmentReviews.id });
  if (answered.length === 0) throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "ANSWERED");
}

/**
 * The admin hides a review for a reason of the published policy, logged with who and when. Any
 * other reason (a low rating is not one) is refused: VALIDATION.
 */
export async function hideReview(
  db: Db,
  {
    reviewId,
    reason,
    actorId,
    now = new Date(),
  }: { reviewId: string; reason: string; actorId: string; now?: Date },
): Promise<void> {
  if (!(HIDE_REASONS as readonly string[]).includes(reason)) throw new AppError("VALIDATION", "REASON");
  const policyReason = reason as HideReason;
  await db.transaction(async (tx) => {
    const [hidden] = await tx
      .update(appointmentReviews)
      .set({ hiddenAt: now, hiddenReason: policyReason, hiddenBy: actorId })
      .where(eq(appointmentReviews.id, reviewId))
      .returning({ id: appointmentReviews.id });
    if (!hidden) throw new AppError("NOT_FOUND");
    await tx
      .insert(reviewModerationLog)
      .values({ reviewId, action: "hide", reason: policyReason, actorId, createdAt: now });
  });
}

/** The admin shows a hidden review again, logged too. */
export async function restoreReview(
  db: Db,
  { reviewId, actorId, now = new Date() }: { reviewId: string; actorId: string; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [restored] = await tx
      .update(appointmentReviews)
      .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
      .where(eq(appointmentReviews.id, reviewId))
      .returning({ id: appointmentReviews.id });
    if (!restored) throw new AppError("NOT_FOUND");
    await tx.insert(reviewModerationLog).values({ reviewId, action: "restore", actorId, createdAt: now });
  });
}
