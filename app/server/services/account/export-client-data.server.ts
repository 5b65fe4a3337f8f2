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
import { getStorage, type FileStorage } from "../../storage/storage.server";
import { applicationPhotoKey } from "../applications/application-photo.server";
import { exportOffers } from "../offers/client-offers.server";
import { exportPayments } from "../payments/client-payments.server";
import { exportReviews } from "../reviews/client-reviews.server";
import { loadClient, ownedAppointments, verifiedAddresses } from "./client-owner.server";
import { listOwnedAppointments } from "./owned-appointments.server";
import { listCustomerVehicles } from "../vehicles/customer-vehicles.server";
import { exportShopOrders } from "../shop/shop-orders.server";
import { exportJobPhotos } from "../crew/client-job-photos.server";

/**
 * Everything the product keeps about a client, as one JSON document (Quebec's Law 25, right to
 * data portability): profile, bookings with their extras, loyalty balance, points ledger,
 * redemptions, achievements, reviews, shop orders (ADR 094), the crew's before/after photos of each booking (ADR 088), promo codes, consent events, sessions (without their secrets) and a franchise
 * application if any, with its photo as a data: URL (ADR 076). Secrets (password hash, session
 * tokens, manage-link hashes) are left out.
 */
export async function exportClientData(
  db: Db,
  { userId, now = new Date(), storage }: { userId: string; now?: Date; storage?: FileStorage },
) {
  const owner = await loadClient(db, userId);
  const bookings = await listOwnedAppointments(db, owner, "asc");

  // Records under an address only once it is verified (ADR 043); the account's own always.
  const verified = verifiedAddresses(owner);
  const addresses = [
    verified.email ? consentAddress("email", verified.email) : null,
    verified.phone ? consentAddress("sms", verified.phone) : null,
  ].filter((a): a is string => Boolean(a));
  const [balance] = await db.select().from(loyaltyPoints).where(eq(loyaltyPoints.userId, userId));
  // The before/after photos the crew took of each booking's cars (ADR 088), the pictures themselves.
  const photos = await exportJobPhotos(
    db,
    storage ?? getStorage(),
    bookings.map((b) => b.id),
  );

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
    bookings: bookings.map(({ id, ...booking }) => ({ ...booking, photos: photos.get(id) ?? [] })),
    // The saved vehicles (ADR 085).
    vehicles: (await listCustomerVehicles(db, { actor: { id: owner.id, role: "client" } })).map(
      ({ id: _id, ...vehicle }) => vehicle,
    ),
    // The reviews of those bookings, published or not, with any answer (ADR 057).
    reviews: await exportReviews(db, ownedAppointments(owner)),
    // The referral code and the personal offers sent to the verified e-mail (ADR 057).
    promoCodes: await exportOffers(db, {
      userId,
      email: owner.emailVerified ? owner.email : "",
    }),
    // The Stripe customers of the account and what was paid, refunded or refused (ADR 079).
    ...(await exportPayments(db, owner)),
    // The shop's orders, their lines and returns (ADR 094).
    shopOrders: await exportShopOrders(db, userId),
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
    franchiseApplications: await withPhotos(
      storage,
      await db
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
    ),
  };
}

/**
 * Each application with its photo itself (a data:image/webp;base64 URL), not the admin-only
 * address the row keeps: the person gets their own picture back. null without one.
 */
async function withPhotos<T extends { photoUrl: string | null }>(
  storage: FileStorage | undefined,
  rows: T[],
) {
  const out: (Omit<T, "photoUrl"> & { photo: string | null })[] = [];
  for (const { photoUrl, ...row } of rows) {
    const key = applicationPhotoKey(photoUrl);
    const file = key ? await (storage ?? getStorage()).get(key) : null;
    const bytes = file ? Buffer.from(await new Response(file.body).arrayBuffer()) : null;
    out.push({ ...row, photo: bytes ? `data:image/webp;base64,${bytes.toString("base64")}` : null });
  }
  return out;
}
