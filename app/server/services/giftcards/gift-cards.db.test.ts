import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { giftCardCodeFrom, giftCardPurchaseSchema } from "~/domain/giftcards/gift-cards";
import { AppError } from "~/lib/errors";
import {
  FRIDAY_MORNING as BOOKED_AT,
  granbyRequest,
  nthGranbyStart,
} from "../../../../tests/factories/bookings";
import { deliverEvent, drainPaymentJobs, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "../booking/book-slot.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { bookingCardStep, syncCardStep } from "../payments/booking-payment.server";
import {
  deliverGiftCard,
  giftCardsOverview,
  loadPurchasePage,
  purchaseGiftCard,
  purchaseToken,
} from "./gift-cards.server";
import { giftCardUseOfBooking } from "./gift-card-redemption.server";

// Gift cards (issue 34, item 5; ADR 087) on both databases: a purchase paid once whatever
// confirms it (the webhook twice, the buyer's return), the recipient's e-mail sent once, a card
// spent by two bookings at once never below zero, a partial use and its restoration.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

/** The clock of the purchase: a Friday morning in Quebec; the card leaves on the next Monday. */
const NOW = BOOKED_AT;
const pay = (url: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });

describeDatabases("gift cards", ({ db }) => {
  let slot = 0;
  let serial = 0;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  const card = async (id: string) =>
    (await db().select().from(s.giftCards).where(eq(s.giftCards.id, id)))[0]!;
  const jobsNamed = async (name: string, giftCardId: string) =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, name))).filter(
      (job) => (job.payload as { giftCardId: string }).giftCardId === giftCardId,
    );

  /** A paid card of `cents`, written directly (the purchase has its own test). */
  async function paidCard(cents: number) {
    serial += 1;
    const bytes = new Uint8Array(16).map((_, i) => (serial * 31 + i * 7 + cents) % 256);
    const [row] = await db()
      .insert(s.giftCards)
      .values({
        code: giftCardCodeFrom(bytes),
        status: "paid",
        paidAt: NOW,
        amountCents: cents,
        balanceCents: cents,
        buyerName: "Marc Roy",
        buyerEmail: "marc@example.com",
        recipientName: "Julie Roy",
        recipientEmail: "julie@example.com",
        deliverOn: "2026-03-09",
        purchaseKey: `test:${serial}:${cents}`,
      })
      .returning();
    return row!;
  }

  const book = (code: string) => {
    slot += 1;
    return bookSlot(db(), {
      actor: null,
      input: granbyRequest({
        start: nthGranbyStart(slot),
        email: `gift${slot}@example.com`,
        giftCardCode: code,
      }),
      now: BOOKED_AT,
    });
  };

  it("records a purchase once and applies its payment once, from two webhooks and the buyer's return at once", async () => {
    const purchase = giftCardPurchaseSchema(NOW).parse({
      amount: "75,00",
      buyerName: "Marc Roy",
      buyerEmail: "Marc@Example.com",
      recipientName: "Julie Roy",
      recipientEmail: "julie@example.com",
      message: "Bonne fête !",
      deliverOn: "2026-03-09",
    });
    const creations = () =>
      stripeTest.standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")
        .length;
    const before = creations();
    // A double submit: one card, one hosted page.
    const [first, second] = await Promise.all([
      purchaseGiftCard(db(), {
        purchase,
        key: "11111111-2222-4333-8444-555555555555",
        now: new Date(),
        stripe: stripeTest.stripe,
      }),
      purchaseGiftCard(db(), {
        purchase,
        key: "11111111-2222-4333-8444-555555555555",
        now: new Date(),
        stripe: stripeTest.stripe,
      }),
    ]);
    expect(second.id).toBe(first.id);
    const bought = await card(first.id);
    expect(bought).toMatchObject({ status: "awaiting_payment", amountCents: 7_500, balanceCents: 7_500 });
    expect(bought.buyerEmail).toBe("marc@example.com");
    expect(creations() - before).toBeLessThanOrEqual(2);
    expect(bought.stripeCheckoutSessionId).toMatch(/^cs_test/);

    const paid = await pay(bought.stripeCheckoutUrl!);
    expect(paid.status).toBe(303);
    const completed = stripeTest.standIn.events.findLast(
      (e) =>
        e.type === "checkout.session.completed" &&
        (e.data.object as Stripe.Checkout.Session).id === bought.stripeCheckoutSessionId,
    )!;
    const token = await purchaseToken(db(), first.id);
    // The event delivered twice, and the buyer back on the page, all at once.
    await Promise.all([
      deliverEvent(db(), stripeTest.standIn, completed),
      deliverEvent(db(), stripeTest.standIn, completed),
      loadPurchasePage(db(), first.id, token, { stripe: stripeTest.stripe, now: NOW }),
    ]);
    await drainPaymentJobs(db(), stripeTest.stripe, NOW);
    const after = await card(first.id);
    expect(after).toMatchObject({ status: "paid", balanceCents: 7_500 });
    expect(after.paidAt).not.toBeNull();
    const deliveries = await jobsNamed("gift-cards.deliver", first.id);
    expect(deliveries).toHaveLength(1);
    // 9 h on the chosen Monday in Quebec (EDT, the day after the change).
    expect(deliveries[0]!.runAt.toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(await jobsNamed("email.gift-card", first.id)).toHaveLength(1);
    const event = await db().select().from(s.stripeEvents).where(eq(s.stripeEvents.eventId, completed.id));
    expect(event[0]!.outcome).toMatch(/applied|stale/);

    // A wrong token shows nothing.
    expect(
      (await loadPurchasePage(db(), first.id, "x".repeat(32), { stripe: stripeTest.stripe, now: NOW })).state,
    ).toBe("invalid");
  });

  it("e-mails the recipient once when the delivery job runs twice at once", async () => {
    const gift = await paidCard(5_000);
    let sent = 0;
    const send = async () => {
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const outcomes = await Promise.all([
      deliverGiftCard(db(), gift.id, { now: NOW, send }),
      deliverGiftCard(db(), gift.id, { now: NOW, send }),
    ]);
    expect(sent).toBe(1);
    expect(outcomes.sort()).toEqual(["already", "delivered"]);
    expect((await card(gift.id)).deliveredAt).not.toBeNull();
    expect(await deliverGiftCard(db(), gift.id, { now: NOW, send })).toBe("already");
    expect(sent).toBe(1);
  });

  it("pays part of a booking, keeps the rest on the card, and gives it back when the booking is cancelled", async () => {
    const gift = await paidCard(50_000);
    const booked = await book(gift.code);
    // One car: 149,99 $ + TPS 7,50 $ + TVQ 14,96 $ = 172,45 $.
    expect((await card(gift.id)).balanceCents).toBe(50_000 - 17_245);
    expect(await giftCardUseOfBooking(db(), booked.bookingId)).toEqual({
      usedCents: 17_245,
      remainingCents: 32_755,
    });
    const [row] = await db()
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.appointmentId, booked.appointmentId), eq(s.payments.kind, "gift_card")));
    expect(row).toMatchObject({
      method: "gift_card",
      status: "succeeded",
      amountCents: 17_245,
      subtotalCents: 14_999,
      tpsCents: 750,
      tvqCents: 1_496,
      // The network's 8 % of the part before taxes: the franchisee is credited the rest.
      applicationFeeCents: 1_200,
    });

    await cancelBooking(db(), {
      bookingId: booked.bookingId,
      now: BOOKED_AT,
      input: { token: booked.manageToken },
    });
    expect((await card(gift.id)).balanceCents).toBe(50_000);
    const rows = await db()
      .select()
      .from(s.payments)
      .where(eq(s.payments.appointmentId, booked.appointmentId));
    expect(rows.map((r) => [r.kind, r.method, r.status, r.amountCents]).sort()).toEqual([
      ["gift_card", "gift_card", "succeeded", 17_245],
      ["refund", "gift_card", "succeeded", 17_245],
    ]);
  });

  it("never spends a card below zero when two bookings use it at once", async () => {
    // 250 $: the first booking takes 172,45 $, the other what is left (77,55 $).
    const shared = await paidCard(25_000);
    const [a, b] = await Promise.all([book(shared.code), book(shared.code)]);
    const used = await Promise.all([a, b].map((x) => giftCardUseOfBooking(db(), x.bookingId)));
    expect(used.map((u) => u!.usedCents).sort((x, y) => x - y)).toEqual([7_755, 17_245]);
    expect((await card(shared.id)).balanceCents).toBe(0);

    // 100 $, three bookings at once: one pays with it; the others are refused and not booked.
    const small = await paidCard(10_000);
    const results = await Promise.allSettled([book(small.code), book(small.code), book(small.code)]);
    const booked = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((r as PromiseRejectedResult).reason as AppError).code).toBe("GIFT_CARD_REFUSED");
    }
    expect((await card(small.id)).balanceCents).toBe(0);
    const uses = await db().select().from(s.giftCardUses).where(eq(s.giftCardUses.giftCardId, small.id));
    expect(uses).toHaveLength(1);
  });

  it("refuses an unknown or unpaid code, and sums the cards for the admin", async () => {
    const unknown = await book("ZZZZZZZZZZZZZZZZ").catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(AppError);
    expect((unknown as AppError).message).toBe("UNKNOWN");
    const overview = await giftCardsOverview(db());
    expect(overview.soldCents).toBe(overview.usedCents + overview.outstandingCents);
    expect(overview.outstandingCents).toBeGreaterThan(0);
  });

  // Last: it switches Granby to a 25 % deposit for the rest of the file.
  it("in a deposit zone, pays first: the deposit and the balance after the wash are on what is left", async () => {
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const account = await stripeTest.stripe.accounts.create(
      { country: "CA" },
      { idempotencyKey: `gift:${Date.now()}` },
    );
    await db()
      .update(s.franchisees)
      .set({ stripeAccountId: account.id, stripeAccountState: "enabled" })
      .where(eq(s.franchisees.id, zone!.franchiseeId!));
    await db()
      .insert(s.zonePaymentSettings)
      .values({ zoneId: zone!.id, mode: "deposit", depositRule: "percent", depositValue: 2_500 });

    // 100 $ of 172,45 $: 72,45 $ left; a quarter of it today (18,11 $), the rest after the wash.
    const gift = await paidCard(10_000);
    const booked = await book(gift.code);
    const step = await bookingCardStep(db(), { ...booked, now: new Date(), stripe: stripeTest.stripe });
    if (step.mode !== "deposit") throw new Error(`expected a deposit, got ${step.mode}`);
    expect(step.terms.today.totalCents).toBe(1_811);
    expect(step.terms.later.totalCents).toBe(5_434);
    await pay(step.url);
    await syncCardStep(db(), booked.bookingId, { stripe: stripeTest.stripe, now: new Date() });
    await drainPaymentJobs(db(), stripeTest.stripe);
    const done = await completeAppointment(db(), {
      appointmentId: booked.appointmentId,
      franchiseeId: zone!.franchiseeId!,
      now: new Date(booked.startAt.getTime() + 60 * 60_000),
    });
    expect(done.balanceCents).toBe(5_434);
    const rows = await db()
      .select()
      .from(s.payments)
      .where(eq(s.payments.appointmentId, booked.appointmentId));
    // The three parts add up to the booking's lines, to the cent.
    const sum = (key: "amountCents" | "subtotalCents" | "tpsCents" | "tvqCents") =>
      rows.reduce((total, row) => total + row[key], 0);
    expect(rows.map((r) => r.kind).sort()).toEqual(["balance", "deposit", "gift_card"]);
    expect([sum("amountCents"), sum("subtotalCents"), sum("tpsCents"), sum("tvqCents")]).toEqual([
      17_245, 14_999, 750, 1_496,
    ]);

    // A card that pays it all: only the card is kept (for the zone's fees), nothing charged today.
    const whole = await paidCard(20_000);
    const covered = await book(whole.code);
    const kept = await bookingCardStep(db(), { ...covered, now: new Date(), stripe: stripeTest.stripe });
    expect(kept.mode).toBe("card_kept");
  });
});
