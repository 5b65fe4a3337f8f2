import { and, eq, gte, sql } from "drizzle-orm";
import { loyaltyPoints, pointsLedger, rewardRedemptions, rewards } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";

export interface Exchange {
  redemptionId: string;
  rewardName: string;
  pointsSpent: number;
  balanceAfter: number;
}

/**
 * Exchanges an active reward for its cost in points (docs/product.md, sections 5 and 7). The check and the
 * deduction are one conditional UPDATE (`points >= cost`): under concurrent exchanges each one
 * re-reads the row it waited for, so a balance covers at most as many exchanges as it can pay
 * and never goes below zero (the table's check constraint is the last guard). The redemption and
 * its ledger row are written in the same transaction. A client without a loyalty record has no
 * points: INSUFFICIENT_POINTS. An unknown or inactive reward is NOT_FOUND.
 */
export async function exchangeReward(
  db: Db,
  { userId, rewardId, now = new Date() }: { userId: string; rewardId: string; now?: Date },
): Promise<Exchange> {
  return db.transaction(async (tx) => {
    const [reward] = await tx
      .select({ id: rewards.id, name: rewards.name, pointsCost: rewards.pointsCost })
      .from(rewards)
      .where(and(eq(rewards.id, rewardId), eq(rewards.isActive, true)));
    if (!reward) throw new AppError("NOT_FOUND", "REWARD");

    const [balance] = await tx
      .update(loyaltyPoints)
      .set({ points: sql`${loyaltyPoints.points} - ${reward.pointsCost}`, updatedAt: now })
      .where(and(eq(loyaltyPoints.userId, userId), gte(loyaltyPoints.points, reward.pointsCost)))
      .returning({ points: loyaltyPoints.points });
    if (!balance) throw new AppError("INSUFFICIENT_POINTS");

    const [redemption] = await tx
      .insert(rewardRedemptions)
      .values({ userId, rewardId: reward.id, pointsSpent: reward.pointsCost, redeemedAt: now })
      .returning({ id: rewardRedemptions.id });
    await tx.insert(pointsLedger).values({
      userId,
      delta: -reward.pointsCost,
      balanceAfter: balance.points,
      reason: "reward_redemption",
      redemptionId: redemption!.id,
      createdAt: now,
    });
    return {
      redemptionId: redemption!.id,
      rewardName: reward.name,
      pointsSpent: reward.pointsCost,
      balanceAfter: balance.points,
    };
  });
}
