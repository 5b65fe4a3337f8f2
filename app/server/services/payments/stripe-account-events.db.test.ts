import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { deliverEvent, drainPaymentJobs, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { createConnectedAccount, createOnboardingLink } from "../../payments/connect.server";

// Stripe's account events and the events the product does not act on, on both databases (ADR 073).

const stripeTest = setUpStripeStandIn();

const lastEvent = (type: string) => stripeTest.standIn.events.findLast((e) => e.type === type)!;

describeDatabases("Stripe account events", ({ db, kind }) => {
  const key = (name: string) => `${kind}:${name}`;
  const deliver = (event: Stripe.Event) => deliverEvent(db(), stripeTest.standIn, event);

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  it("follows a franchisee's onboarding from the account as Stripe has it now", async () => {
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const own = await createConnectedAccount(stripeTest.stripe, {
      email: null,
      businessName: "Granby",
      franchiseeId: zone!.franchiseeId!,
      idempotencyKey: key(`acct:${zone!.franchiseeId}`),
    });
    await db()
      .update(s.franchisees)
      .set({ stripeAccountId: own, stripeAccountState: "onboarding" })
      .where(eq(s.franchisees.id, zone!.franchiseeId!));
    const url = await createOnboardingLink(stripeTest.stripe, {
      accountId: own,
      refreshUrl: "http://localhost/r",
      returnUrl: "http://localhost/ok",
    });
    await fetch(url, { method: "POST", redirect: "manual" });
    const updated = lastEvent("account.updated");
    // An older 'not yet enabled' event delivered after the newer one cannot undo it.
    const older = {
      ...updated,
      id: `${updated.id}_old`,
      data: { object: { ...updated.data.object, charges_enabled: false } },
    } as Stripe.Event;
    await deliver(updated);
    await deliver(older);
    await drainPaymentJobs(db(), stripeTest.stripe);
    const [franchisee] = await db()
      .select()
      .from(s.franchisees)
      .where(eq(s.franchisees.id, zone!.franchiseeId!));
    expect(franchisee!.stripeAccountState).toBe("enabled");
  });

  it("records an event it does not act on, and one for an object it does not know", async () => {
    const event = {
      ...lastEvent("account.updated"),
      type: "payment_intent.succeeded",
      id: key("evt_unknown_pi"),
      data: { object: { id: "pi_elsewhere", object: "payment_intent" } },
    } as Stripe.Event;
    await deliver(event);
    await deliver({ ...event, id: key("evt_other_type"), type: "customer.created" } as Stripe.Event);
    await drainPaymentJobs(db(), stripeTest.stripe);
    const rows = await db()
      .select({ id: s.stripeEvents.eventId, outcome: s.stripeEvents.outcome })
      .from(s.stripeEvents);
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: key("evt_unknown_pi"), outcome: "unknown_object" },
        { id: key("evt_other_type"), outcome: "ignored" },
      ]),
    );
  });
});
