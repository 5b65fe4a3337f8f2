import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { hasCode } from "~/lib/errors";
import {
  deliverEvent,
  drainPaymentJobs,
  granbyAppointment,
  setUpStripeStandIn,
} from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { decideShopReturn, refundShopReturn, requestShopReturn } from "./shop-returns.server";
import { loadShopOrder, markShopOrdersDelivered, shopOrdersOfStop } from "./shop-orders.server";
import { placeShopOrder } from "./shop-checkout.server";
import { saveRetailProduct, setShopStock } from "./shop-back-office.server";

// The shop (issue 34, item 4; ADR 094) on both databases: the last item bought by two orders at
// once (one wins, the stock never below zero), the paid webhook delivered twice with the
// customer's return (one paid order, one e-mail), an expired page giving its stock back once,
// and a return accepted twice at once (one refund at Stripe, the stock back once).

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

const pay = (url: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });

/**
 * The shop's clock is the real one: Stripe (and its stand-in) takes a hosted page's expiry on its
 * own clock. The factory's appointments are in 2031, after it.
 */
const NOW = new Date();

describeDatabases("the shop", ({ db }) => {
  let franchiseeId = "";
  let serial = 0;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    franchiseeId = zone!.franchiseeId!;
  });

  /** A retail product made of the next catalogue item, with `stock` at the Granby franchisee. */
  async function product(stock: number, priceCents = 1_999) {
    serial += 1;
    const items = await db().select().from(s.inventoryItems);
    const item = items[serial % items.length]!;
    await saveRetailProduct(db(), {
      itemId: item.id,
      isRetail: true,
      price: priceCents,
      slug: `produit-${serial}`,
    });
    await setShopStock(db(), { itemId: item.id, franchiseeId, quantity: stock });
    return item.id;
  }

  async function customer() {
    serial += 1;
    const id = `shop-user-${serial}`;
    await db()
      .insert(s.users)
      .values({ id, name: `Client ${serial}`, email: `client${serial}@example.com`, emailVerified: true });
    return { id, name: `Client ${serial}`, email: `client${serial}@example.com`, role: "client" as const };
  }

  const stockOf = async (itemId: string) =>
    (await db().select().from(s.shopStock).where(eq(s.shopStock.inventoryItemId, itemId)))[0]!.quantity;
  const orderOf = async (id: string) =>
    (await db().select().from(s.shopOrders).where(eq(s.shopOrders.id, id)))[0]!;
  const completedEvent = (sessionId: string) =>
    stripeTest.standIn.events.findLast(
      (e) =>
        e.type === "checkout.session.completed" &&
        (e.data.object as Stripe.Checkout.Session).id === sessionId,
    )!;

  it("sells the last item once when two customers order it at the same moment", async () => {
    const itemId = await product(1);
    const [a, b] = [await customer(), await customer()];
    const outcomes = await Promise.allSettled(
      [a, b].map((user) =>
        placeShopOrder(db(), {
          user,
          cart: { franchiseeId, lines: [{ itemId, quantity: 1 }] },
          delivery: "pickup",
          key: crypto.randomUUID(),
          now: NOW,
          stripe: stripeTest.stripe,
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o) => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(hasCode((lost[0] as PromiseRejectedResult).reason, "SHOP_OUT_OF_STOCK")).toBe(true);
    expect(await stockOf(itemId)).toBe(0);
    // The loser's order was rolled back whole: one order, one line.
    const orders = await db().select().from(s.shopOrders).where(eq(s.shopOrders.franchiseeId, franchiseeId));
    const lines = await db()
      .select()
      .from(s.shopOrderLines)
      .where(eq(s.shopOrderLines.inventoryItemId, itemId));
    expect(lines).toHaveLength(1);
    expect(orders.filter((o) => o.id === lines[0]!.orderId)).toHaveLength(1);
  });

  it("records a double submit as one order and its payment once, from two webhooks and the return at once", async () => {
    const itemId = await product(5, 2_500);
    const user = await customer();
    const wash = await granbyAppointment(db());
    await db().update(s.appointments).set({ userId: user.id }).where(eq(s.appointments.id, wash.id));
    const key = crypto.randomUUID();
    const place = () =>
      placeShopOrder(db(), {
        user,
        cart: { franchiseeId, lines: [{ itemId, quantity: 2 }] },
        delivery: "next_wash",
        key,
        now: NOW,
        stripe: stripeTest.stripe,
      });
    const [first, second] = await Promise.all([place(), place()]);
    expect(second.id).toBe(first.id);
    expect(await stockOf(itemId)).toBe(3);
    const order = await orderOf(first.id);
    // 2 × 25,00 $ = 50,00 $ + TPS 2,50 $ + TVQ 4,99 $.
    expect(order).toMatchObject({
      status: "awaiting_payment",
      appointmentId: wash.id,
      subtotalCents: 5_000,
      tpsCents: 250,
      tvqCents: 499,
      totalCents: 5_749,
    });
    const session = await stripeTest.stripe.checkout.sessions.retrieve(order.stripeCheckoutSessionId!);
    expect(session.amount_total).toBe(5_749);

    expect((await pay(order.stripeCheckoutUrl!)).status).toBe(303);
    const completed = completedEvent(order.stripeCheckoutSessionId!);
    await Promise.all([
      deliverEvent(db(), stripeTest.standIn, completed),
      deliverEvent(db(), stripeTest.standIn, completed),
      loadShopOrder(db(), first.id, { user, stripe: stripeTest.stripe, now: NOW }),
    ]);
    await drainPaymentJobs(db(), stripeTest.stripe, NOW);
    const paid = await orderOf(first.id);
    expect(paid.status).toBe("paid");
    expect(paid.stripePaymentIntentId).toMatch(/^pi_/);
    const mails = (await db().select().from(s.jobs).where(eq(s.jobs.name, "email.shop-order"))).filter(
      (job) => (job.payload as { orderId: string }).orderId === first.id,
    );
    expect(mails).toHaveLength(1);
    expect(await stockOf(itemId)).toBe(3);
    // The crew sees it on the wash's stop, and hands it over.
    expect(await shopOrdersOfStop(db(), wash.id)).toEqual([
      expect.objectContaining({ number: paid.number, lines: [{ name: expect.any(String), quantity: 2 }] }),
    ]);
    expect(await markShopOrdersDelivered(db(), wash.id, NOW)).toBe(1);
    expect(await markShopOrdersDelivered(db(), wash.id, NOW)).toBe(0);
    // Another customer does not see it.
    const other = await customer();
    await expect(
      loadShopOrder(db(), first.id, { user: other, stripe: stripeTest.stripe, now: NOW }),
    ).rejects.toSatisfy((e) => hasCode(e, "NOT_FOUND"));
  });

  it("shows the crew only what is left to hand over once returns are accepted before the wash", async () => {
    const [wax, cloth] = [await product(5, 1_000), await product(5, 500)];
    const user = await customer();
    const wash = await granbyAppointment(db());
    await db().update(s.appointments).set({ userId: user.id }).where(eq(s.appointments.id, wash.id));
    const placed = await placeShopOrder(db(), {
      user,
      cart: {
        franchiseeId,
        lines: [
          { itemId: wax, quantity: 3 },
          { itemId: cloth, quantity: 1 },
        ],
      },
      delivery: "next_wash",
      key: crypto.randomUUID(),
      now: NOW,
      stripe: stripeTest.stripe,
    });
    const order = await orderOf(placed.id);
    await pay(order.stripeCheckoutUrl!);
    await deliverEvent(db(), stripeTest.standIn, completedEvent(order.stripeCheckoutSessionId!));
    await drainPaymentJobs(db(), stripeTest.stripe, NOW);
    const lines = await db().select().from(s.shopOrderLines).where(eq(s.shopOrderLines.orderId, placed.id));
    const lineOf = (itemId: string) => lines.find((line) => line.inventoryItemId === itemId)!;
    const [waxName, clothName] = [lineOf(wax).name, lineOf(cloth).name];
    const onStop = async () =>
      (await shopOrdersOfStop(db(), wash.id)).map((o) => ({ number: o.number, lines: o.lines }));
    const admin = { id: "shop-admin-stop", role: "admin" as const };
    await db()
      .insert(s.users)
      .values({ id: admin.id, name: "Admin", email: "shop-admin-stop@example.com", role: "admin" });
    const returnOf = async (quantities: [string, number][], accept: boolean | null) => {
      const ret = await requestShopReturn(db(), {
        user,
        orderId: placed.id,
        reason: null,
        now: NOW,
        key: crypto.randomUUID(),
        lines: new Map(quantities.map(([itemId, n]) => [lineOf(itemId).id, n])),
      });
      if (accept !== null)
        await decideShopReturn(db(), {
          actor: admin,
          returnId: ret.id,
          accept,
          now: NOW,
          stripe: stripeTest.stripe,
        });
    };

    // 2 of the 3 waxes taken back before the wash: the crew brings 1 wax and the cloth.
    await returnOf([[wax, 2]], true);
    expect(await onStop()).toEqual([
      {
        number: order.number,
        lines: expect.arrayContaining([
          { name: waxName, quantity: 1 },
          { name: clothName, quantity: 1 },
        ]),
      },
    ]);
    expect((await onStop())[0]!.lines).toHaveLength(2);
    // A return only asked, not yet decided, changes nothing the crew brings.
    await returnOf([[cloth, 1]], null);
    expect((await onStop())[0]!.lines).toHaveLength(2);
    const asked = (await db().select().from(s.shopReturns).where(eq(s.shopReturns.orderId, placed.id))).find(
      (r) => r.status === "requested",
    );
    await decideShopReturn(db(), {
      actor: admin,
      returnId: asked!.id,
      accept: true,
      now: NOW,
      stripe: stripeTest.stripe,
    });
    expect(await onStop()).toEqual([{ number: order.number, lines: [{ name: waxName, quantity: 1 }] }]);
    await returnOf([[wax, 1]], true);
    expect(await onStop()).toEqual([]);
    // The crew hands the stop over: the order all taken back is not marked delivered.
    expect(await markShopOrdersDelivered(db(), wash.id, NOW)).toBe(0);
    expect((await orderOf(placed.id)).status).toBe("paid");
  });

  it("gives the stock back once when the hosted page expires unpaid", async () => {
    const itemId = await product(2);
    const user = await customer();
    const placed = await placeShopOrder(db(), {
      user,
      cart: { franchiseeId, lines: [{ itemId, quantity: 2 }] },
      delivery: "pickup",
      key: crypto.randomUUID(),
      now: NOW,
      stripe: stripeTest.stripe,
    });
    expect(await stockOf(itemId)).toBe(0);
    const order = await orderOf(placed.id);
    await stripeTest.stripe.checkout.sessions.expire(order.stripeCheckoutSessionId!);
    const expired = stripeTest.standIn.events.findLast(
      (e) =>
        e.type === "checkout.session.expired" &&
        (e.data.object as Stripe.Checkout.Session).id === order.stripeCheckoutSessionId,
    )!;
    await Promise.all([
      deliverEvent(db(), stripeTest.standIn, expired),
      deliverEvent(db(), stripeTest.standIn, expired),
    ]);
    await drainPaymentJobs(db(), stripeTest.stripe, NOW);
    expect((await orderOf(placed.id)).status).toBe("cancelled");
    expect(await stockOf(itemId)).toBe(2);
  });

  it("refunds an accepted return once, whoever accepts it twice at once, and puts the stock back once", async () => {
    const itemId = await product(3, 1_000);
    const user = await customer();
    const placed = await placeShopOrder(db(), {
      user,
      cart: { franchiseeId, lines: [{ itemId, quantity: 1 }] },
      delivery: "pickup",
      key: crypto.randomUUID(),
      now: NOW,
      stripe: stripeTest.stripe,
    });
    const order = await orderOf(placed.id);
    await pay(order.stripeCheckoutUrl!);
    await deliverEvent(db(), stripeTest.standIn, completedEvent(order.stripeCheckoutSessionId!));
    await drainPaymentJobs(db(), stripeTest.stripe, NOW);
    expect((await orderOf(placed.id)).status).toBe("paid");
    expect(await stockOf(itemId)).toBe(2);

    // Past the 14 days: refused.
    await expect(
      requestShopReturn(db(), {
        user,
        orderId: placed.id,
        reason: null,
        now: new Date(NOW.getTime() + 15 * 86_400_000),
        key: crypto.randomUUID(),
      }),
    ).rejects.toSatisfy((e) => hasCode(e, "SHOP_REFUSED"));
    const returnKey = crypto.randomUUID();
    const [r1, r2] = await Promise.all([
      requestShopReturn(db(), { user, orderId: placed.id, reason: "Pas ouvert", now: NOW, key: returnKey }),
      requestShopReturn(db(), { user, orderId: placed.id, reason: "Pas ouvert", now: NOW, key: returnKey }),
    ]);
    expect(r2.id).toBe(r1.id);

    const admin = { id: "shop-admin", role: "admin" as const };
    await db()
      .insert(s.users)
      .values({ id: admin.id, name: "Admin", email: "shop-admin@example.com", role: "admin" });
    const refundsBefore = stripeTest.standIn.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/refunds",
    ).length;
    const decisions = await Promise.allSettled([
      decideShopReturn(db(), {
        actor: admin,
        returnId: r1.id,
        accept: true,
        now: NOW,
        stripe: stripeTest.stripe,
      }),
      decideShopReturn(db(), {
        actor: admin,
        returnId: r1.id,
        accept: true,
        now: NOW,
        stripe: stripeTest.stripe,
      }),
    ]);
    expect(decisions.filter((d) => d.status === "fulfilled")).toHaveLength(1);
    // The job runs it again, and so does a retry: one refund all the same.
    expect(await refundShopReturn(db(), r1.id, stripeTest.stripe)).toBe("already");
    const [ret] = await db().select().from(s.shopReturns).where(eq(s.shopReturns.id, r1.id));
    expect(ret).toMatchObject({ status: "accepted", amountCents: 1_150 });
    expect(ret!.stripeRefundId).toMatch(/^re_/);
    const ours = stripeTest.standIn.events.filter(
      (e) =>
        e.type === "refund.created" && (e.data.object as Stripe.Refund).metadata?.shop_return_id === r1.id,
    );
    expect(ours).toHaveLength(1);
    expect((ours[0]!.data.object as Stripe.Refund).amount).toBe(1_150);
    expect(
      stripeTest.standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds").length -
        refundsBefore,
    ).toBeGreaterThanOrEqual(1);
    expect(await stockOf(itemId)).toBe(3);
  });
});
