import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { giftCardPurchaseSchema } from "~/domain/giftcards/gift-cards";
import { formatMoney } from "~/lib/format";
import {
  loadPurchasePage,
  purchaseGiftCard,
  purchaseToken,
} from "~/server/services/giftcards/gift-cards.server";
import { FRIDAY_MORNING as NOW } from "../../../tests/factories/bookings";
import { setUpStripeStandIn } from "../../../tests/factories/payments";
import { describeDatabases } from "../../../tests/setup/db";
import { giftCardRefundFromForm } from "./gift-card-refund.server";

// /admin/payments' « Rembourser le solde » glue, in process (ADR 087, amended): the toast of a
// refund and of the same form sent again, the card's French error, and the service's own check
// of the admin.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

describeDatabases("the admin's gift card refund form", ({ db }) => {
  let adminId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    adminId = (await db().select({ id: s.users.id }).from(s.users).limit(1))[0]!.id;
  });

  async function boughtCard(amount: string) {
    const purchase = giftCardPurchaseSchema(NOW).parse({
      amount,
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
    const [card] = await db().select().from(s.giftCards).where(eq(s.giftCards.id, id));
    await fetch(card!.stripeCheckoutUrl!, {
      method: "POST",
      body: new URLSearchParams({ card: "ok" }),
      redirect: "manual",
    });
    await loadPurchasePage(db(), id, await purchaseToken(db(), id), { stripe: stripeTest.stripe, now: NOW });
    return id;
  }

  const send = (values: Record<string, string>, role: "admin" | "franchisee" = "admin") =>
    giftCardRefundFromForm(db(), values, { id: adminId, role }, { stripe: stripeTest.stripe, now: NOW });

  it("refunds the balance with a toast, answers the same form again as done, then says nothing is left", async () => {
    const giftCardId = await boughtCard("50,00");
    const key = crypto.randomUUID();
    expect(await send({ intent: "gift-card-refund", giftCardId, key })).toEqual({
      ok: true,
      title: `Remboursement de ${formatMoney(5_000)} envoyé à Stripe.`,
    });
    expect(await send({ intent: "gift-card-refund", giftCardId, key })).toEqual({
      ok: true,
      title: "Ce remboursement avait déjà été demandé.",
    });
    expect(await send({ intent: "gift-card-refund", giftCardId, key: crypto.randomUUID() })).toEqual({
      ok: false,
      status: 409,
      reply: {
        form: `gift-card:${giftCardId}`,
        fieldErrors: {},
        formError: "Le solde de cette carte-cadeau a déjà été remboursé : il n'y reste rien à rembourser.",
      },
    });
  });

  it("refuses anyone but the admin, and a form without its key", async () => {
    const giftCardId = await boughtCard("30,00");
    const refused = await send(
      { intent: "gift-card-refund", giftCardId, key: crypto.randomUUID() },
      "franchisee",
    );
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect(await send({ intent: "gift-card-refund", giftCardId })).toMatchObject({ ok: false, status: 400 });
    const [card] = await db().select().from(s.giftCards).where(eq(s.giftCards.id, giftCardId));
    expect(card!.balanceCents).toBe(3_000);
  });
});
