import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import {
  achievements,
  consentEvents,
  franchiseApplications,
  loyaltyPoints,
  pointsLedger,
  rewardRedemptions,
  rewards,
  sessions,
} from "#db/schema";
import { consentAddress } from "../messaging/consent.server";
import type { Db } from "../../db.server";
import { exportOffers } from "../offers/client-offers.server";
import { exportReviews } from "../reviews/client-reviews.server";
import { loadClient, ownedAppointments, verifiedAddresses } from "./client-owner.server";
import { listOwnedAppointments } from "./owned-appointments.server";

/**
 * Everything the product keeps about a client, as one JSON document (Quebec's Law 25, right to
 * data portability): profile, bookings with their extras, loyalty balance, points ledger,
 * redemptions, achievements, reviews, promo codes, consent events, sessions (without their secrets) and a franchise
 * application if any. Secrets (password hash, session tokens, manage-link hashes) are left out.
 */
export async function exportClientData(db: Db, { userId, now = new Date() }: { userId: string; now?: Date }) {
  const owner = await loadClient(db, userId);
  const bookings = await listOwnedAppointments(db, owner, "asc");

  // Records under an address only once it is verified (ADR 043); the account's own always.
  const verified = verifiedAddresses(owner);
  const addresses = [
    verified.email ? consentAddress("email", verified.email) : null,
    verified.phone ? consentAddress("sms", verified.phone) : null,
  ].filter((a): a is string => Boolean(a));
  const [balance] = await db.select().from(loyaltyPoints).where(eq(loyaltyPoints.userId, userId));

  return {
    exportedAt: now.toISOString(),
    format: "lavage-mobile-prestige/client-data@1",
    profile: {
      id: owner.id,
      email: owner.email,
      emailVerified: owner.emailVerified,
      firstName: owner.firstName,
      lastName: owner.lastName,
      phone: owner.phone,
      phoneVerified: verified.phone !== null,
      role: owner.role,
      createdAt: owner.createdAt,
    },
    bookings: bookings.map(({ id: _id, ...booking }) => booking),
    // The reviews of those bookings, published or not, with any answer (ADR 057).
    reviews: await exportReviews(db, ownedAppointments(owner)),
    // The referral code and the personal offers sent to the verified e-mail (ADR 057).
    promoCodes: await exportOffers(db, {
      userId,
      email: owner.emailVerified ? owner.email : "",
    }),
    loyalty: balance
      ? { points: balance.points, totalEarned: balance.totalEarned, createdAt: balance.createdAt }
      : null,
    pointsLedger: await db
      .select({
        delta: pointsLedger.delta,
        balanceAfter: pointsLedger.balanceAfter,
        reason: pointsLedger.reason,
        note: pointsLedger.note,
        createdAt: pointsLedger.createdAt,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId))
      .orderBy(asc(pointsLedger.createdAt)),
    rewardRedemptions: await db
      .select({
        reward: rewards.name,
        pointsSpent: rewardRedemptions.pointsSpent,
        redeemedAt: rewardRedemptions.redeemedAt,
      })
      .from(rewardRedemptions)
      .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
      .where(eq(rewardRedemptions.userId, userId))
      .orderBy(asc(rewardRedemptions.redeemedAt)),
    achievements: await db
      .select({
        type: achievements.achievementType,
        name: achievements.achievementName,
        pointsAwarded: achievements.pointsAwarded,
        earnedAt: achievements.earnedAt,
      })
      .from(achievements)
      .where(eq(achievements.userId, userId))
      .orderBy(asc(achievements.earnedAt)),
    consentEvents: await db
      .select({
        channel: consentEvents.channel,
        address: consentEvents.address,
        kind: consentEvents.kind,
        action: consentEvents.action,
        source: consentEvents.source,
        expiresAt: consentEvents.expiresAt,
        occurredAt: consentEvents.occurredAt,
      })
      .from(consentEvents)
      .where(
        or(
          eq(consentEvents.userId, userId),
          addresses.length ? inArray(consentEvents.address, addresses) : sql`false`,
        ),
      )
      .orderBy(asc(consentEvents.occurredAt)),
    sessions: await db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    franchiseApplications: await db
      .select()
      .from(franchiseApplications)
      .where(
        or(
          eq(franchiseApplications.userId, userId),
          owner.emailVerified
            ? and(sql`lower(${franchiseApplications.email}) = ${owner.email.toLowerCase()}`)
            : sql`false`,
        ),
      ),
  };
}
