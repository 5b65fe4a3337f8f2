import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { errorText } from "~/domain/errors/error-text";
import {
  formatGiftCardCode,
  giftCardPurchaseSchema,
  normalizeGiftCardCode,
} from "~/domain/giftcards/gift-cards";
import { AppError } from "~/lib/errors";
import { FRIDAY_MORNING as NOW, granbyRequest, nthGranbyStart } from "../../../../tests/factories/bookings";
import { deliverEvent, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { createGiftCardHandlers } from "../../jobs/handlers/gift-cards-jobs.server";
import { claimJobs, completeJob } from "../../jobs/job-claims.server";
import type { Mailer } from "../../mail/mailer.server";
import { bookSlot } from "../booking/book-slot.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import {
  deliverGiftCard,
  giftCardsOverview,
  loadPurchasePage,
  purchaseGiftCard,
  purchaseToken,
} from "./gift-cards.server";
import { refundGiftCard } from "./refund-gift-card.server";

// Refunding a gift card's purchase (ADR 087, amended) on both databases, against the local Stripe
// stand-in: only the unused balance goes back, on the purchase's PaymentIntent, once whatever
// repeats it; a used card is refused in French; a booking spending the card at the same moment
// and the refund take turns on the card's row; only the admin may do it.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

const pay = (url: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });

describeDatabases("gift card refunds", ({ db }) => {
  let slot = 0;
  let adminId: string;
  const admin = () => ({ id: adminId, role: "admin" as const });
  const sent: { to: string; subject: string; text: string }[] = [];
  const mailer = {
    kind: "file",
    send: async (mail: { to: string; subject: string; text: string }) => {
      sent.push(mail);
      return {} as never;
    },
  } as unknown as Mailer;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [user] = await db().select({ id: s.users.id }).from(s.users).limit(1);
    adminId = user!.id;
  });

  const card = async (id: string) =>
    (await db().select().from(s.giftCards).where(eq(s.giftCards.id, id)))[0]!;
  const refundsOf = (id: string) =>
    db().select().from(s.giftCardRefunds).where(eq(s.giftCardRefunds.giftCardId, id));
  /** Refunds Stripe made on an intent (an idempotent replay makes none). */
  const stripeRefunds = (intentId: string) =>
    stripeTest.standIn.events.filter(
      (e) => e.type === "refund.created" && (e.data.object as Stripe.Refund).payment_intent === intentId,
    ) as unknown as { data: { object: Stripe.Refund } }[];

  /** A card bought through the hosted page and paid at the stand-in: it has a real PaymentIntent. */
  async function boughtCard(cents: number) {
    const purchase = giftCardPurchaseSchema(NOW).parse({
      amount: (cents / 100).toFixed(2).replace(".", ","),
      buyerName: "Marc Roy",
      buyerEmail: "marc@example.com",
      recipientName: "Julie Roy",
      recipientEmail: "julie@example.com",
      message: "",
      deliverOn: "2026-03-09",
    });
    const { id } = await purchaseGiftCard(db(), {
      purchase,
      key: crypto.randomUUID(),
      now: new Date(),
      stripe: stripeTest.stripe,
    });
    expect((await pay((await card(id)).stripeCheckoutUrl!)).status).toBe(303);
    const page = await loadPurchasePage(db(), id, await purchaseToken(db(), id), {
      stripe: stripeTest.stripe,
      now: NOW,
    });
    expect(page.state).toBe("paid");
    const paid = await card(id);
    expect(paid.stripePaymentIntentId).toMatch(/^pi_/);
    return paid;
  }

  const book = (code: string) => {
    slot += 1;
    return bookSlot(db(), {
      actor: null,
      input: granbyRequest({
        start: nthGranbyStart(slot),
        email: `refund${slot}@example.com`,
        giftCardCode: code,
      }),
      now: NOW,
    });
  };

  const refund = (giftCardId: string, key: string = crypto.randomUUID()) =>
    refundGiftCard(db(), { actor: admin(), giftCardId, key, now: NOW, stripe: stripeTest.stripe });

  /** Runs the gift cards' queued jobs (the refund's job, the buyer's e-mails). */
  async function drainGiftCardJobs() {
    const handlers = createGiftCardHandlers({
      mailer: () => mailer,
      now: () => NOW,
      stripe: () => stripeTest.stripe,
    });
    for (;;) {
      const jobs = await claimJobs(db(), { workerId: "test", names: Object.keys(handlers), limit: 10 });
      if (jobs.length === 0) return;
      for (const job of jobs) {
        const handler = handlers[job.name as keyof typeof handlers] as (
          p: unknown,
          c: never,
        ) => Promise<void>;
        await handler(job.payload, { db: db() } as never);
        await completeJob(db(), job);
      }
    }
  }

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it("refunds what is left of a partly used card on its PaymentIntent, zeroes it, and tells the buyer", async () => {
    const gift = await boughtCard(25_000);
    const booked = await book(gift.code);
    // One car: 172,45 $ taken by the booking, 77,55 $ left.
    expect((await card(gift.id)).balanceCents).toBe(7_755);

    const done = await refund(gift.id);
    expect(done).toMatchObject({ amountCents: 7_755, status: "succeeded", replayed: false });
    expect((await card(gift.id)).balanceCents).toBe(0);
    const [row] = await refundsOf(gift.id);
    expect(row).toMatchObject({ amountCents: 7_755, status: "succeeded", createdBy: adminId });
    expect(row!.settledAt).not.toBeNull();
    const atStripe = stripeRefunds(gift.stripePaymentIntentId!);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]!.data.object).toMatchObject({ amount: 7_755, id: row!.stripeRefundId });
    // The network's own charge: no transfer to reverse, no royalty to give back.
    expect(atStripe[0]!.data.object).toMatchObject({
      reverse_transfer: false,
      refund_application_fee: false,
    });

    await drainGiftCardJobs();
    const mails = sent.filter((m) => m.subject === "Votre carte-cadeau a été remboursée");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("marc@example.com");
    expect(mails[0]!.text).toContain("77,55");

    // A booking cannot spend it any more, and says why.
    const spent = await refusal(book(gift.code));
    expect(spent.code).toBe("GIFT_CARD_REFUSED");
    expect(errorText(spent)).toMatch(/remboursé/);

    // The admin's figures: the liability went down by the refund; sold = used + refunded + outstanding.
    const overview = await giftCardsOverview(db());
    expect(overview.refundedCents).toBe(7_755);
    expect(overview.soldCents).toBe(overview.usedCents + overview.refundedCents + overview.outstandingCents);
    const listed = overview.cards.find((c) => c.id === gift.id)!;
    expect(listed.refunds.map((r) => [r.amountCents, r.status])).toEqual([[7_755, "succeeded"]]);
    // The buyer's purchase page says what was refunded.
    const purchasePage = async () => {
      const page = await loadPurchasePage(db(), gift.id, await purchaseToken(db(), gift.id), {
        stripe: stripeTest.stripe,
        now: NOW,
      });
      return page.state === "paid" ? page.refunded?.cents : page.state;
    };
    expect(await purchasePage()).toBe(7_755);

    // The booking cancelled later: its 172,45 $ come back on the card, which can be refunded again.
    await cancelBooking(db(), {
      bookingId: booked.bookingId,
      now: NOW,
      input: { token: booked.manageToken },
    });
    expect((await card(gift.id)).balanceCents).toBe(17_245);
    expect(await refund(gift.id)).toMatchObject({ amountCents: 17_245, status: "succeeded" });
    expect(stripeRefunds(gift.stripePaymentIntentId!).map((e) => e.data.object.amount)).toEqual([
      7_755, 17_245,
    ]);
    expect(await purchasePage()).toBe(25_000);
    const after = await giftCardsOverview(db());
    expect(after.refundedCents).toBe(25_000);
    expect(after.soldCents).toBe(after.usedCents + after.refundedCents + after.outstandingCents);
  });

  it("finds a card by its whole code, as a customer reads it out, and nothing by another", async () => {
    const gift = await boughtCard(3_000);
    await boughtCard(4_000);
    // Read out with dashes, in lower case, an O for a 0: the normalised code finds it alone.
    const spoken = formatGiftCardCode(gift.code).toLowerCase().replace(/0/g, "o");
    const found = await giftCardsOverview(db(), { code: normalizeGiftCardCode(spoken) });
    expect(found.cards.map((c) => c.id)).toEqual([gift.id]);
    // The figures stay the network's, whatever the search.
    expect(found.soldCents).toBe((await giftCardsOverview(db())).soldCents);
    const other = `${gift.code.slice(0, -1)}${gift.code.endsWith("Z") ? "Y" : "Z"}`;
    expect((await giftCardsOverview(db(), { code: other })).cards).toEqual([]);
  });

  it("refuses a fully used card, in French, and asks Stripe nothing", async () => {
    const gift = await boughtCard(10_000);
    await book(gift.code);
    expect((await card(gift.id)).balanceCents).toBe(0);
    const error = await refusal(refund(gift.id));
    expect(error.code).toBe("GIFT_CARD_NOT_REFUNDABLE");
    expect(error.message).toBe("USED");
    expect(errorText(error)).toBe(
      "Cette carte-cadeau a été entièrement utilisée : il n'y a rien à rembourser.",
    );
    expect(await refundsOf(gift.id)).toHaveLength(0);
    expect(stripeRefunds(gift.stripePaymentIntentId!)).toHaveLength(0);
  });

  it("refunds once on a double click, a second tab and the job running after", async () => {
    const gift = await boughtCard(5_000);
    const key = crypto.randomUUID();
    const otherTab = crypto.randomUUID();
    // A double click (one form key) and another tab (its own key), all at once.
    const outcomes = await Promise.allSettled([
      refund(gift.id, key),
      refund(gift.id, key),
      refund(gift.id, otherTab),
    ]);
    const answered = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value);
    const refused = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason as AppError);
    expect(answered.every((a) => a.amountCents === 5_000)).toBe(true);
    expect(new Set(answered.map((a) => a.refundId)).size).toBe(1);
    for (const error of refused) {
      expect(error.code).toBe("GIFT_CARD_NOT_REFUNDABLE");
      expect(errorText(error)).toMatch(/déjà été remboursé/);
    }
    // The job (queued with the row) runs after the refund sent at once: Stripe replays the first.
    await drainGiftCardJobs();
    expect(await refundsOf(gift.id)).toHaveLength(1);
    expect(stripeRefunds(gift.stripePaymentIntentId!)).toHaveLength(1);
    expect((await card(gift.id)).balanceCents).toBe(0);
    // The winning form sent again later answers its refund (either may win the race).
    const winner = outcomes[2]!.status === "fulfilled" ? otherTab : key;
    expect(await refund(gift.id, winner)).toMatchObject({ replayed: true, amountCents: 5_000 });
    // Refunded before its day: the recipient is not sent a card worth nothing.
    let delivered = 0;
    const send = async () => {
      delivered += 1;
    };
    expect(await deliverGiftCard(db(), gift.id, { now: NOW, send })).toBe("refunded");
    expect(delivered).toBe(0);
  });

  it("sends the refund with the job when Stripe was not asked at once, and a refund event changes nothing after", async () => {
    const gift = await boughtCard(4_000);
    const queued = await refundGiftCard(db(), {
      actor: admin(),
      giftCardId: gift.id,
      key: crypto.randomUUID(),
      now: NOW,
      stripe: undefined,
    });
    expect(queued.status).toBe("pending");
    expect((await card(gift.id)).balanceCents).toBe(0);
    await Promise.all([drainGiftCardJobs(), drainGiftCardJobs()]);
    const [row] = await refundsOf(gift.id);
    expect(row!.status).toBe("succeeded");
    expect(stripeRefunds(gift.stripePaymentIntentId!)).toHaveLength(1);
    const event = stripeTest.standIn.events.findLast(
      (e) => e.type === "refund.created" && (e.data.object as Stripe.Refund).id === row!.stripeRefundId,
    )!;
    await deliverEvent(db(), stripeTest.standIn, event as Stripe.Event);
    expect((await refundsOf(gift.id))[0]!.status).toBe("succeeded");
  });

  it("lets a booking and a refund of the same card take turns: one wins, the other is told why", async () => {
    for (let round = 0; round < 3; round += 1) {
      // 100 $ of a 172,45 $ booking: whichever comes first takes all of it.
      const gift = await boughtCard(10_000);
      const [booking, refunded] = await Promise.allSettled([book(gift.code), refund(gift.id)]);
      expect([booking.status, refunded.status].sort()).toEqual(["fulfilled", "rejected"]);
      const uses = await db().select().from(s.giftCardUses).where(eq(s.giftCardUses.giftCardId, gift.id));
      const refunds = await refundsOf(gift.id);
      expect((await card(gift.id)).balanceCents).toBe(0);
      if (booking.status === "fulfilled") {
        expect(uses.map((u) => u.amountCents)).toEqual([10_000]);
        expect(refunds).toHaveLength(0);
        const error = (refunded as PromiseRejectedResult).reason as AppError;
        expect(errorText(error)).toMatch(/entièrement utilisée/);
      } else {
        expect(uses).toHaveLength(0);
        expect(refunds.map((r) => r.amountCents)).toEqual([10_000]);
        const error = (booking as PromiseRejectedResult).reason as AppError;
        expect(error.code).toBe("GIFT_CARD_REFUSED");
        expect(errorText(error)).toMatch(/remboursé/);
      }
    }
  });

  it("lets only the admin refund a card", async () => {
    const gift = await boughtCard(3_000);
    for (const actor of [
      { id: adminId, role: "franchisee" as const },
      { id: adminId, role: "customer" as const },
    ]) {
      const error = await refusal(
        refundGiftCard(db(), {
          actor: actor as never,
          giftCardId: gift.id,
          key: crypto.randomUUID(),
          now: NOW,
          stripe: stripeTest.stripe,
        }),
      );
      expect(error.code).toBe("FORBIDDEN");
    }
    const anonymous = await refusal(
      refundGiftCard(db(), {
        actor: null,
        giftCardId: gift.id,
        key: crypto.randomUUID(),
        now: NOW,
        stripe: stripeTest.stripe,
      }),
    );
    expect(anonymous.code).toBe("NOT_AUTHENTICATED");
    expect((await card(gift.id)).balanceCents).toBe(3_000);
    expect(await refundsOf(gift.id)).toHaveLength(0);
  });
});
