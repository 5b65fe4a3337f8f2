import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import { describeDatabases } from "../../../../tests/setup/db";
import { exchangeReward } from "./exchange-reward.server";
import { getLoyaltyOverview } from "./get-loyalty-overview.server";
import { ensureLoyaltyProfile } from "./ledger.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");

/** The code of the AppError an exchange is refused with ('ok' when it succeeds). */
function codeOf(exchange: Promise<unknown>): Promise<string> {
  return exchange.then(
    () => "ok",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

describeDatabases("exchanging a reward", ({ db }) => {
  let clientId: string;
  let rewardsByCost: { id: string; name: string; pointsCost: number }[];

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    clientId = user!.id;
    rewardsByCost = await db()
      .select({ id: s.rewards.id, name: s.rewards.name, pointsCost: s.rewards.pointsCost })
      .from(s.rewards)
      .orderBy(asc(s.rewards.pointsCost));
  });

  const byCost = (points: number) => rewardsByCost.find((r) => r.pointsCost === points)!;

  beforeEach(async () => {
    await db().delete(s.pointsLedger);
    await db().delete(s.rewardRedemptions);
    await db().delete(s.achievements);
    await db().delete(s.loyaltyPoints);
  });

  async function giveBalance(points: number) {
    await ensureLoyaltyProfile(db(), clientId, NOW);
    await db()
      .update(s.loyaltyPoints)
      .set({ points, totalEarned: points })
      .where(eq(s.loyaltyPoints.userId, clientId));
  }

  it("deducts the cost, records the redemption and a ledger row, and shows them in the overview", async () => {
    await giveBalance(250);
    const cheapest = byCost(200);
    const later = new Date(NOW.getTime() + 60_000);
    const result = await exchangeReward(db(), { userId: clientId, rewardId: cheapest.id, now: later });
    expect(result).toMatchObject({ rewardName: cheapest.name, pointsSpent: 200, balanceAfter: 50 });

    const overview = await getLoyaltyOverview(db(), { userId: clientId, now: NOW });
    expect(overview.profile.points).toBe(50);
    expect(overview.redemptionCount).toBe(1);
    expect(overview.redemptions[0]).toMatchObject({
      pointsSpent: 200,
      reward: { id: cheapest.id, name: cheapest.name },
    });
    expect(overview.ledger[0]).toMatchObject({
      reason: "reward_redemption",
      delta: -200,
      balanceAfter: 50,
      rewardName: cheapest.name,
    });
    expect(overview.rewards.map((r) => r.pointsCost)).toEqual([150, 200, 300, 350]);
  });

  it("refuses without enough points, without a profile, and for an unknown reward, changing nothing", async () => {
    const cheapest = byCost(200);
    expect(await codeOf(exchangeReward(db(), { userId: clientId, rewardId: cheapest.id }))).toBe(
      "INSUFFICIENT_POINTS",
    );
    await giveBalance(199);
    expect(await codeOf(exchangeReward(db(), { userId: clientId, rewardId: cheapest.id }))).toBe(
      "INSUFFICIENT_POINTS",
    );
    expect(
      await codeOf(
        exchangeReward(db(), { userId: clientId, rewardId: "00000000-0000-4000-8000-000000000000" }),
      ),
    ).toBe("NOT_FOUND");
    await db().update(s.rewards).set({ isActive: false }).where(eq(s.rewards.id, cheapest.id));
    await giveBalance(1000);
    expect(await codeOf(exchangeReward(db(), { userId: clientId, rewardId: cheapest.id }))).toBe("NOT_FOUND");
    await db().update(s.rewards).set({ isActive: true }).where(eq(s.rewards.id, cheapest.id));
    expect(await db().select().from(s.rewardRedemptions)).toHaveLength(0);
  });

  it("lets 20 concurrent exchanges with points for one succeed exactly once, never below zero", async () => {
    await giveBalance(250);
    const reward = byCost(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        codeOf(exchangeReward(db(), { userId: clientId, rewardId: reward.id, now: NOW })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r !== "ok").every((r) => r === "INSUFFICIENT_POINTS")).toBe(true);
    const [balance] = await db().select().from(s.loyaltyPoints).where(eq(s.loyaltyPoints.userId, clientId));
    expect(balance!.points).toBe(50);
    expect(await db().select().from(s.rewardRedemptions)).toHaveLength(1);
    const ledger = await db()
      .select()
      .from(s.pointsLedger)
      .where(eq(s.pointsLedger.reason, "reward_redemption"));
    expect(ledger).toHaveLength(1);
  });

  it("spends a balance for several rewards at most as far as it goes under concurrency", async () => {
    await giveBalance(1000);
    const reward = byCost(300); // 3 fit in 1000
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        codeOf(exchangeReward(db(), { userId: clientId, rewardId: reward.id, now: NOW })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(3);
    const [balance] = await db().select().from(s.loyaltyPoints).where(eq(s.loyaltyPoints.userId, clientId));
    expect(balance!.points).toBe(100);
    const ledger = await db()
      .select({ balanceAfter: s.pointsLedger.balanceAfter })
      .from(s.pointsLedger)
      .where(eq(s.pointsLedger.reason, "reward_redemption"));
    expect(ledger.map((e) => e.balanceAfter).sort((a, b) => b - a)).toEqual([700, 400, 100]);
  });
});
