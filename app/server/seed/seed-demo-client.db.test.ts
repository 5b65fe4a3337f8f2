import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeDatabases } from "../../../tests/setup/db";
import * as s from "#db/schema";
import { seed } from "./seed";

describeDatabases("seed: the demo client's history", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    await seed(db(), { demoAccounts: true });
  });

  it("has two completed washes in the past, credited once each through the ledger", async () => {
    const [client] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    const washes = await db().select().from(s.appointments).where(eq(s.appointments.userId, client!.id));
    expect(washes).toHaveLength(2);
    for (const wash of washes) {
      expect(wash.status).toBe("completed");
      expect(wash.startAt.getTime()).toBeLessThan(Date.now());
      expect(
        wash.startAt.toLocaleString("en-CA", { timeZone: "America/Toronto", hour: "2-digit", hour12: false }),
      ).toBe("10");
    }
    const [balance] = await db().select().from(s.loyaltyPoints).where(eq(s.loyaltyPoints.userId, client!.id));
    expect(balance).toMatchObject({ points: 200, totalEarned: 200 });
    const ledger = await db().select().from(s.pointsLedger).where(eq(s.pointsLedger.userId, client!.id));
    expect(ledger.map((e) => [e.reason, e.delta, e.balanceAfter]).sort()).toEqual([
      ["appointment_completed", 50, 150],
      ["appointment_completed", 50, 200],
      ["welcome", 100, 100],
    ]);
    const achievements = await db()
      .select()
      .from(s.achievements)
      .where(eq(s.achievements.userId, client!.id));
    expect(achievements.map((a) => a.achievementType).sort()).toEqual(["first_wash", "welcome"]);
  });
});
