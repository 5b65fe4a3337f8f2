import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { hasCode } from "~/lib/errors";
import { deliverEvent, drainPaymentJobs, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { exportClientData } from "../account/export-client-data.server";
import { saveRetailProduct } from "./shop-back-office.server";
import { placeShopOrder } from "./shop-checkout.server";
import { franchiseeShop, handOverPickup, setOwnShopStock, setShopDeliveries } from "./shop-franchisee.server";
import { decideShopReturn, requestShopReturn } from "./shop-returns.server";
import { shopCreditOf } from "./shop-statement.server";

// The franchisee's own shop (ADR 094, amended) on both databases: its stock, its orders and
// returns only (another franchisee sees none and decides none), a pickup handed over once, the
// deliveries it offers enforced at checkout, and its credit in the month's statement: the retail
// price before taxes less the royalty frozen on the order, a refunded return deducted.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();
const NOW = new Date();

describeDatabases("the franchisee's shop", ({ db }) => {
  const granby = { id: "", userId: "", businessName: "" };
  const sherbrooke = { id: "", userId: "", businessName: "" };
  let serial = 0;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    for (const [slug, into] of [
      ["granby", granby],
      ["sherbrooke", sherbrooke],
    ] as const) {
      const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, slug));
      const [row] = await db().select().from(s.franchisees).where(eq(s.franchisees.id, zone!.franchiseeId!));
      into.id = row!.id;
      into.userId = row!.userId!;
      into.businessName = row!.businessName;
    }
    // Granby's own royalty: 10 %.
    await db()
      .update(s.franchisees)
      .set({ royaltyBasisPoints: 1_000 })
      .where(eq(s.franchisees.id, granby.id));
  });

  async function customer() {
    serial += 1;
    const id = `fshop-user-${serial}`;
    const email = `fshop${serial}@example.com`;
    await db()
      .insert(s.users)
      .values({ id, name: `Client ${serial}`, email, emailVerified: true });
    return { id, name: `Client ${serial}`, email, role: "client" as const };
  }

  async function paidOrder(
    user: Awaited<ReturnType<typeof customer>>,
    itemId: string,
    quantity: number,
    more: { itemId: string; quantity: number }[] = [],
  ) {
    const placed = await placeShopOrder(db(), {
      user,
      cart: { franchiseeId: granby.id, lines: [{ itemId, quantity }, ...more] },
      delivery: "pickup",
      key: crypto.randomUUID(),
      now: NOW,
      stripe: stripeTest.stripe,
    });
    const [order] = await db().select().from(s.shopOrders).where(eq(s.shopOrders.id, placed.id));
    await fetch(order!.stripeCheckoutUrl!, {
      method: "POST",
      body: new URLSearchParams({ card: "ok" }),
      redirect: "manual",
    });
    const completed = stripeTest.standIn.events.findLast(
      (e) =>
        e.type === "checkout.session.completed" &&
        (e.data.object as Stripe.Checkout.Session).id === order!.stripeCheckoutSessionId,
    )!;
    await deliverEvent(db(), stripeTest.standIn, completed);
    await drainPaymentJobs(db(), stripeTest.stripe, NOW);
    return placed.id;
  }

  it("shows and decides only its own orders, and credits its sales less the royalty, refunds deducted", async () => {
    const [item, other] = await db().select().from(s.inventoryItems).limit(2);
    await saveRetailProduct(db(), { itemId: item!.id, isRetail: true, price: 2_000, slug: "fshop-produit" });
    // Its own stock, set from its page; an item not sold in the shop is not found.
    await setOwnShopStock(db(), { franchiseeId: granby.id, itemId: item!.id, quantity: 4 });
    await expect(
      setOwnShopStock(db(), { franchiseeId: granby.id, itemId: other!.id, quantity: 4 }),
    ).rejects.toSatisfy((e) => hasCode(e, "NOT_FOUND"));
    expect((await franchiseeShop(db(), granby.id)).products).toEqual([
      expect.objectContaining({ itemId: item!.id, stock: 4 }),
    ]);

    const user = await customer();
    const a = await paidOrder(user, item!.id, 2);
    const b = await paidOrder(user, item!.id, 1);
    const mine = await franchiseeShop(db(), granby.id);
    expect(mine.toPickUp.map((o) => o.id).sort()).toEqual([a, b].sort());
    expect(mine.products[0]!.stock).toBe(1);
    const theirs = await franchiseeShop(db(), sherbrooke.id);
    expect([...theirs.toPickUp, ...theirs.toDeliver, ...theirs.delivered]).toEqual([]);

    // Handed over once; another franchisee cannot.
    await expect(
      handOverPickup(db(), { franchiseeId: sherbrooke.id, orderId: a, now: NOW }),
    ).rejects.toSatisfy((e) => hasCode(e, "NOT_FOUND"));
    const handed = await Promise.allSettled([
      handOverPickup(db(), { franchiseeId: granby.id, orderId: a, now: NOW }),
      handOverPickup(db(), { franchiseeId: granby.id, orderId: a, now: NOW }),
    ]);
    expect(handed.filter((h) => h.status === "fulfilled")).toHaveLength(1);
    expect(
      hasCode((handed.find((h) => h.status === "rejected") as PromiseRejectedResult).reason, "ORDER_CLOSED"),
    ).toBe(true);
    expect((await franchiseeShop(db(), granby.id)).delivered.map((o) => o.id)).toEqual([a]);

    // The return of order A: Sherbrooke may not decide it, Granby accepts it once.
    const ret = await requestShopReturn(db(), {
      user,
      orderId: a,
      reason: null,
      now: NOW,
      key: crypto.randomUUID(),
    });
    expect((await franchiseeShop(db(), sherbrooke.id)).returns).toEqual([]);
    await expect(
      decideShopReturn(db(), {
        actor: { id: sherbrooke.userId, role: "franchisee" },
        returnId: ret.id,
        accept: true,
        now: NOW,
        stripe: stripeTest.stripe,
      }),
    ).rejects.toSatisfy((e) => hasCode(e, "FORBIDDEN"));
    const decide = () =>
      decideShopReturn(db(), {
        actor: { id: granby.userId, role: "franchisee" },
        returnId: ret.id,
        accept: true,
        now: NOW,
        stripe: stripeTest.stripe,
      });
    const decisions = await Promise.allSettled([decide(), decide()]);
    expect(decisions.filter((d) => d.status === "fulfilled")).toHaveLength(1);
    const [returned] = await db().select().from(s.shopReturns).where(eq(s.shopReturns.id, ret.id));
    expect(returned!.stripeRefundId).toMatch(/^re_/);
    expect((await franchiseeShop(db(), granby.id)).products[0]!.stock).toBe(3);

    // The statement of a fixed month: both sales paid in it, the refund made in it.
    await db()
      .update(s.shopOrders)
      .set({ paidAt: new Date("2031-03-10T15:00:00Z") })
      .where(eq(s.shopOrders.franchiseeId, granby.id));
    await db()
      .update(s.shopReturns)
      .set({ refundedAt: new Date("2031-03-12T15:00:00Z") })
      .where(eq(s.shopReturns.id, ret.id));
    // The royalty changes afterwards: the orders keep theirs (10 %).
    await db()
      .update(s.franchisees)
      .set({ royaltyBasisPoints: 2_000 })
      .where(eq(s.franchisees.id, granby.id));
    const credit = await shopCreditOf(db(), { franchiseeId: granby.id, month: "2031-03" });
    // Sales 40,00 $ + 20,00 $ before taxes, royalty 6,00 $; the refund takes back 40,00 $ less 4,00 $.
    expect(credit.totals).toEqual({
      salesCents: 6_000,
      refundedCents: 4_000,
      royaltyCents: 200,
      creditCents: 1_800,
    });
    expect(credit.rows.map((r) => [r.kind, r.subtotalCents, r.royaltyCents, r.creditCents])).toEqual([
      ["sale", 4_000, 400, 3_600],
      ["sale", 2_000, 200, 1_800],
      ["refund", -4_000, -400, -3_600],
    ]);
    expect((await shopCreditOf(db(), { franchiseeId: sherbrooke.id, month: "2031-03" })).rows).toEqual([]);
    expect((await shopCreditOf(db(), { franchiseeId: granby.id, month: "2031-04" })).rows).toEqual([]);
    // The admin's network statement: the same lines, each with its franchisee, and one credit per franchisee.
    const network = await shopCreditOf(db(), { franchiseeId: null, month: "2031-03" });
    expect(network.totals).toEqual(credit.totals);
    expect(network.rows.map((r) => r.businessName)).toEqual(credit.rows.map(() => granby.businessName));
    expect(network.perFranchisee).toEqual([
      { franchiseeId: granby.id, businessName: granby.businessName, totals: credit.totals },
    ]);

    // The customer's account export has both orders, their lines and the return (ADR 027).
    const exported = await exportClientData(db(), { userId: user.id, now: NOW });
    expect(exported.shopOrders).toEqual([
      expect.objectContaining({
        status: "delivered",
        totalCents: 4_599,
        lines: [expect.objectContaining({ quantity: 2, unitPriceCents: 2_000, totalCents: 4_000 })],
        returns: [expect.objectContaining({ status: "accepted", amountCents: 4_599 })],
      }),
      expect.objectContaining({ status: "paid", totalCents: 2_300, returns: [] }),
    ]);
    expect(JSON.stringify(exported.shopOrders)).not.toMatch(/checkout|cs_test|pi_/);
  });

  it("refuses at checkout a delivery the franchisee does not offer, and keeps one offered", async () => {
    await expect(setShopDeliveries(db(), granby.id, { nextWash: false, pickup: false })).rejects.toSatisfy(
      (e) => hasCode(e, "VALIDATION"),
    );
    await setShopDeliveries(db(), granby.id, { nextWash: true, pickup: false });
    const [item] = await db().select().from(s.shopStock).where(eq(s.shopStock.franchiseeId, granby.id));
    const user = await customer();
    await expect(
      placeShopOrder(db(), {
        user,
        cart: { franchiseeId: granby.id, lines: [{ itemId: item!.inventoryItemId, quantity: 1 }] },
        delivery: "pickup",
        key: crypto.randomUUID(),
        now: NOW,
        stripe: stripeTest.stripe,
      }),
    ).rejects.toSatisfy((e) => hasCode(e, "SHOP_REFUSED") && (e as Error).message === "DELIVERY_NOT_OFFERED");
    expect((await franchiseeShop(db(), granby.id)).deliveries).toEqual({ nextWash: true, pickup: false });
  });

  it("takes partial returns in turns: never more than bought, refunds adding up to what was paid", async () => {
    await setShopDeliveries(db(), granby.id, { nextWash: true, pickup: true });
    const [, x, y] = await db().select().from(s.inventoryItems).limit(3);
    await saveRetailProduct(db(), { itemId: x!.id, isRetail: true, price: 2_000, slug: "fshop-x" });
    await saveRetailProduct(db(), { itemId: y!.id, isRetail: true, price: 1_500, slug: "fshop-y" });
    await setOwnShopStock(db(), { franchiseeId: granby.id, itemId: x!.id, quantity: 3 });
    await setOwnShopStock(db(), { franchiseeId: granby.id, itemId: y!.id, quantity: 1 });
    const user = await customer();
    const orderId = await paidOrder(user, x!.id, 3, [{ itemId: y!.id, quantity: 1 }]);
    const [order] = await db().select().from(s.shopOrders).where(eq(s.shopOrders.id, orderId));
    const lines = await db().select().from(s.shopOrderLines).where(eq(s.shopOrderLines.orderId, orderId));
    const lineOf = (itemId: string) => lines.find((l) => l.inventoryItemId === itemId)!.id;
    const ask = (wanted: [string, number][], key = crypto.randomUUID()) =>
      requestShopReturn(db(), { user, orderId, reason: null, now: NOW, key, lines: new Map(wanted) });

    // Two returns of 2 of the 3 at once: one is taken, the other finds only 1 left.
    const both = await Promise.allSettled([ask([[lineOf(x!.id), 2]]), ask([[lineOf(x!.id), 2]])]);
    expect(both.filter((b) => b.status === "fulfilled")).toHaveLength(1);
    expect(
      hasCode((both.find((b) => b.status === "rejected") as PromiseRejectedResult).reason, "SHOP_REFUSED"),
    ).toBe(true);
    // A double submit of the rest is one return.
    const key = crypto.randomUUID();
    const [r1, r2] = await Promise.all([
      ask(
        [
          [lineOf(x!.id), 1],
          [lineOf(y!.id), 1],
        ],
        key,
      ),
      ask(
        [
          [lineOf(x!.id), 1],
          [lineOf(y!.id), 1],
        ],
        key,
      ),
    ]);
    expect(r2.id).toBe(r1.id);
    await expect(ask([[lineOf(y!.id), 1]])).rejects.toSatisfy((e) => hasCode(e, "SHOP_REFUSED"));

    const returns = await db().select().from(s.shopReturns).where(eq(s.shopReturns.orderId, orderId));
    expect(returns).toHaveLength(2);
    // 2 × 20,00 $ = 40,00 $ + TPS 2,00 $ + TVQ 3,99 $; the last takes what is left of the total.
    const first = returns.find((r) => r.id !== r1.id)!;
    expect(first).toMatchObject({ subtotalCents: 4_000, amountCents: 4_599 });
    expect(returns.find((r) => r.id === r1.id)).toMatchObject({
      subtotalCents: 3_500,
      amountCents: order!.totalCents - 4_599,
    });

    // Both accepted, each twice at once: two refunds, adding up to the order's total.
    for (const ret of returns) {
      const decide = () =>
        decideShopReturn(db(), {
          actor: { id: granby.userId, role: "franchisee" },
          returnId: ret.id,
          accept: true,
          now: NOW,
          stripe: stripeTest.stripe,
        });
      await Promise.allSettled([decide(), decide()]);
    }
    const refunds = stripeTest.standIn.events.filter(
      (e) =>
        e.type === "refund.created" &&
        returns.some((r) => r.id === (e.data.object as Stripe.Refund).metadata?.shop_return_id),
    );
    expect(refunds).toHaveLength(2);
    expect(refunds.reduce((sum, e) => sum + (e.data.object as Stripe.Refund).amount, 0)).toBe(
      order!.totalCents,
    );
    const stock = await db().select().from(s.shopStock).where(eq(s.shopStock.franchiseeId, granby.id));
    expect(stock.find((row) => row.inventoryItemId === x!.id)!.quantity).toBe(3);
    expect(stock.find((row) => row.inventoryItemId === y!.id)!.quantity).toBe(1);
  });
});
