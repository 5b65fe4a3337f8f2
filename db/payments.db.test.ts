import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeDatabases } from "../tests/setup/db";
import * as s from "./schema";
import { seed } from "~/server/seed/seed";

// The payments tables' own rules (issue 31, ADR 073), on both databases.

function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  while (e && typeof e === "object") {
    if ("code" in e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = "cause" in e ? e.cause : undefined;
  }
  return undefined;
}

async function stateOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return sqlState(error);
  }
}

describeDatabases("payments tables", ({ db }) => {
  let zoneId: string;
  let franchiseeId: string;
  let appointmentId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    zoneId = zone!.id;
    franchiseeId = zone!.franchiseeId!;
    const [member] = await db()
      .select()
      .from(s.teamMembers)
      .where(eq(s.teamMembers.franchiseeId, franchiseeId));
    const [service] = await db().select().from(s.services);
    const [appointment] = await db()
      .insert(s.appointments)
      .values({
        bookingId: "PAY1",
        manageTokenHash: "x",
        zoneId,
        franchiseeId,
        teamMemberId: member!.id,
        serviceId: service!.id,
        cars: 1,
        customerName: "Léa Côté",
        customerEmail: "lea@example.com",
        customerPhone: "450 555-0100",
        address: "1 rue Principale, Granby",
        unitPriceCents: 14_999,
        priceCents: 14_999,
        startAt: new Date("2030-03-09T13:00:00Z"),
        endAt: new Date("2030-03-09T14:30:00Z"),
        blockedUntil: new Date("2030-03-09T14:30:00Z"),
      })
      .returning();
    appointmentId = appointment!.id;
  });

  it("keeps a zone on site by default and a deposit zone with its rule", async () => {
    const [row] = await db().insert(s.zonePaymentSettings).values({ zoneId }).returning();
    expect(row).toMatchObject({ mode: "on_site", lateCancelRule: "none", noShowRule: "none" });
    const set = (values: Partial<typeof s.zonePaymentSettings.$inferInsert>) =>
      db().update(s.zonePaymentSettings).set(values).where(eq(s.zonePaymentSettings.zoneId, zoneId));
    expect(await stateOf(set({ mode: "deposit" }))).toBe("23514");
    expect(await stateOf(set({ mode: "deposit", depositRule: "percent", depositValue: 10_001 }))).toBe(
      "23514",
    );
    expect(await stateOf(set({ lateCancelRule: "deposit" }))).toBe("23514");
    expect(await stateOf(set({ mode: "card_kept", noShowRule: "fixed" }))).toBe("23514");
    await set({
      mode: "deposit",
      depositRule: "percent",
      depositValue: 2_500,
      lateCancelRule: "deposit",
      noShowRule: "percent",
      noShowValue: 5_000,
    });
  });

  it("refuses a royalty outside 0 to 100 %", async () => {
    const update = (royaltyBasisPoints: number) =>
      db().update(s.franchisees).set({ royaltyBasisPoints }).where(eq(s.franchisees.id, franchiseeId));
    expect(await stateOf(update(10_001))).toBe("23514");
    await update(750);
    const [row] = await db().select().from(s.franchisees).where(eq(s.franchisees.id, franchiseeId));
    expect(row).toMatchObject({ royaltyBasisPoints: 750, stripeAccountState: "not_started" });
  });

  it("keeps ledger lines that add up, one per idempotency key, refunds tied to their payment", async () => {
    const line = {
      appointmentId,
      franchiseeId,
      kind: "balance" as const,
      amountCents: 17_245 + 2_250,
      subtotalCents: 14_999,
      tpsCents: 750,
      tvqCents: 1_496,
      tipCents: 2_250,
      applicationFeeCents: 1_200,
      idempotencyKey: "booking:PAY1:balance",
    };
    expect(
      await stateOf(
        db()
          .insert(s.payments)
          .values({ ...line, amountCents: 1 }),
      ),
    ).toBe("23514");
    expect(
      await stateOf(
        db()
          .insert(s.payments)
          .values({ ...line, applicationFeeCents: 15_000 }),
      ),
    ).toBe("23514");
    const [charge] = await db().insert(s.payments).values(line).returning();
    expect(await stateOf(db().insert(s.payments).values(line))).toBe("23505");
    const refund = { ...line, kind: "refund" as const, idempotencyKey: "refund:1" };
    expect(await stateOf(db().insert(s.payments).values(refund))).toBe("23514");
    await db()
      .insert(s.payments)
      .values({ ...refund, refundOf: charge!.id });
    expect(
      await stateOf(
        db()
          .insert(s.payments)
          .values({ ...line, idempotencyKey: "cash", method: "cash", stripePaymentIntentId: "pi_1" }),
      ),
    ).toBe("23514");
  });

  it("records a Stripe event once", async () => {
    const event = {
      eventId: "evt_1",
      type: "checkout.session.completed",
      objectId: "cs_1",
      stripeCreatedAt: new Date(),
      payload: { id: "evt_1" },
    };
    await db().insert(s.stripeEvents).values(event);
    expect(await stateOf(db().insert(s.stripeEvents).values(event))).toBe("23505");
  });
});
