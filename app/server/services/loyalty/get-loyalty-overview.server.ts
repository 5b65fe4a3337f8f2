import { asc, count, desc, eq } from "drizzle-orm";
import {
  achievements,
  appointments,
  loyaltyPoints,
  pointsLedger,
  rewardRedemptions,
  rewards,
} from "#db/schema";
import { levelProgress, type LevelProgress } from "~/domain/loyalty/levels";
import type { Db } from "../../db.server";
import { ensureLoyaltyProfile } from "./ledger.server";

/** The shop shows this many rewards, the space this many achievements (docs/product.md, section 9). */
const SHOP_REWARDS = 4;
const SHOWN_ACHIEVEMENTS = 3;
/** The points history shows the latest entries. */
const SHOWN_LEDGER_ENTRIES = 50;

export interface LoyaltyOverview {
  profile: { points: number; totalEarned: number } & LevelProgress;
  /** The first 4 active rewards by cost. */
  rewards: { id: string; name: string; description: string; pointsCost: number }[];
  redemptions: {
    id: string;
    pointsSpent: number;
    redeemedAt: string;
    reward: { id: string; name: string };
  }[];
  redemptionCount: number;
  /** The 3 most recent. */
  achievements: { id: string; type: string; name: string; pointsAwarded: number; earnedAt: string }[];
  achievementCount: number;
  ledger: {
    id: string;
    delta: number;
    balanceAfter: number;
    reason: (typeof pointsLedger.reason.enumValues)[number];
    createdAt: string;
    bookingId: string | null;
    rewardName: string | null;
    achievementName: string | null;
  }[];
}

/**
 * The loyalty card, the shop, the redemptions, the achievements and the points history of one
 * client. Creates the welcome record first (once, race-safe), as the spec's screen does.
 */
export async function getLoyaltyOverview(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<LoyaltyOverview> {
  const readBalance = () =>
    db
      .select({ points: loyaltyPoints.points, totalEarned: loyaltyPoints.totalEarned })
      .from(loyaltyPoints)
      .where(eq(loyaltyPoints.userId, userId));
  // Read first: the record exists from the first view on, and the welcome transaction (a write,
  // which on PGlite holds the one session) is then needed once per client, not on every view.
  let [balance] = await readBalance();
  if (!balance) {
    await ensureLoyaltyProfile(db, userId, now);
    [balance] = await readBalance();
  }
  const points = balance?.points ?? 0;
  const totalEarned = balance?.totalEarned ?? 0;

  const [shop, redemptionRows, achievementRows, [achieved], ledgerRows] = await Promise.all([
    db
      .select({
        id: rewards.id,
        name: rewards.name,
        description: rewards.description,
        pointsCost: rewards.pointsCost,
      })
      .from(rewards)
      .where(eq(rewards.isActive, true))
      .orderBy(asc(rewards.pointsCost), asc(rewards.name))
      .limit(SHOP_REWARDS),
    db
      .select({
        id: rewardRedemptions.id,
        pointsSpent: rewardRedemptions.pointsSpent,
        redeemedAt: rewardRedemptions.redeemedAt,
        rewardId: rewards.id,
        rewardName: rewards.name,
      })
      .from(rewardRedemptions)
      .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
      .where(eq(rewardRedemptions.userId, userId))
      .orderBy(desc(rewardRedemptions.redeemedAt), desc(rewardRedemptions.id)),
    db
      .select({
        id: achievements.id,
        type: achievements.achievementType,
        name: achievements.achievementName,
        pointsAwarded: achievements.pointsAwarded,
        earnedAt: achievements.earnedAt,
      })
      .from(achievements)
      .where(eq(achievements.userId, userId))
      .orderBy(desc(achievements.earnedAt), desc(achievements.id))
      .limit(SHOWN_ACHIEVEMENTS),
    db.select({ n: count() }).from(achievements).where(eq(achievements.userId, userId)),
    db
      .select({
        id: pointsLedger.id,
        delta: pointsLedger.delta,
        balanceAfter: pointsLedger.balanceAfter,
        reason: pointsLedger.reason,
        createdAt: pointsLedger.createdAt,
        bookingId: appointments.bookingId,
        rewardName: rewards.name,
        achievementName: achievements.achievementName,
      })
      .from(pointsLedger)
      .leftJoin(appointments, eq(appointments.id, pointsLedger.appointmentId))
      .leftJoin(rewardRedemptions, eq(rewardRedemptions.id, pointsLedger.redemptionId))
      .leftJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
      .leftJoin(achievements, eq(achievements.id, pointsLedger.achievementId))
      .where(eq(pointsLedger.userId, userId))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.balanceAfter))
      .limit(SHOWN_LEDGER_ENTRIES),
  ]);

  return {
    profile: { points, totalEarned, ...levelProgress(totalEarned) },
    rewards: shop,
    redemptions: redemptionRows.map((r) => ({
      id: r.id,
      pointsSpent: r.pointsSpent,
      redeemedAt: r.redeemedAt.toISOString(),
      reward: { id: r.rewardId, name: r.rewardName },
    })),
    // Every redemption is listed (each has its reward: the foreign key restricts deletes).
    redemptionCount: redemptionRows.length,
    achievements: achievementRows.map((a) => ({ ...a, earnedAt: a.earnedAt.toISOString() })),
    achievementCount: achieved?.n ?? 0,
    ledger: ledgerRows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}
