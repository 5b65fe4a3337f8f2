import { eq } from "drizzle-orm";
import * as s from "#db/schema";
import type { Db } from "~/server/db.server";
import { createPaymentHandlers } from "~/server/jobs/handlers/payments.server";
import { claimJobs, completeJob } from "~/server/jobs/job-claims.server";
import type Stripe from "stripe";
import { createStripeClient, type StripeClient } from "~/server/payments/stripe.server";
import { verifyStripeEvent } from "~/server/payments/webhook.server";
import { receiveStripeEvent } from "~/server/services/payments/receive-stripe-event.server";
import { afterAll, beforeAll } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../stripe/stand-in";

let counter = 0;

/** A scheduled Granby appointment (the seeded zone, member and service), a day after the last one made. */
export async function granbyAppointment(db: Db) {
  counter += 1;
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
  const franchiseeId = zone!.franchiseeId!;
  const [member] = await db.select().from(s.teamMembers).where(eq(s.teamMembers.franchiseeId, franchiseeId));
  const [service] = await db.select().from(s.services);
  const startAt = new Date(Date.UTC(2031, 0, 1 + counter, 14));
  const [appointment] = await db
    .insert(s.appointments)
    .values({
      bookingId: `PAY${counter}${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      manageTokenHash: "x",
      zoneId: zone!.id,
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
      startAt,
      endAt: new Date(startAt.getTime() + 90 * 60_000),
      blockedUntil: new Date(startAt.getTime() + 90 * 60_000),
    })
    .returning();
  return appointment!;
}

/**
 * A Granby appointment whose card step waits on `sessionId`: its payment plan, and in deposit
 * mode its pending deposit row (the amounts of a 25 % deposit of 172,45 $).
 */
export async function bookingAwaitingCard(
  db: Db,
  input: { mode: "deposit" | "card_kept"; accountId: string; customerId: string; sessionId: string },
) {
  const appointment = await granbyAppointment(db);
  const franchiseeId = appointment.franchiseeId;
  const deposit = input.mode === "deposit";
  await db.insert(s.appointmentPaymentPlans).values({
    appointmentId: appointment!.id,
    mode: input.mode,
    depositCents: deposit ? 4_311 : 0,
    royaltyBasisPoints: 800,
    stripeAccountId: input.accountId,
    stripeCustomerId: input.customerId,
    stripeCheckoutSessionId: input.sessionId,
    holdUntil: new Date(Date.now() + 30 * 60_000),
  });
  const [depositRow] = deposit
    ? await db
        .insert(s.payments)
        .values({
          appointmentId: appointment!.id,
          franchiseeId,
          kind: "deposit",
          amountCents: 4_311,
          subtotalCents: 3_750,
          tpsCents: 187,
          tvqCents: 374,
          applicationFeeCents: 300,
          idempotencyKey: `booking:${appointment!.id}:deposit`,
          stripeCheckoutSessionId: input.sessionId,
        })
        .returning()
    : [];
  return { appointmentId: appointment!.id, franchiseeId, depositId: depositRow?.id };
}

/** Runs the queued payment jobs (Stripe events, refunds) until none is left; returns how many ran. */
export async function drainPaymentJobs(db: Db, stripe: StripeClient, now = new Date()): Promise<number> {
  const handlers = createPaymentHandlers({ stripe: () => stripe, now: () => now });
  let ran = 0;
  for (;;) {
    const jobs = await claimJobs(db, { workerId: "test", names: Object.keys(handlers), limit: 10 });
    if (jobs.length === 0) return ran;
    for (const job of jobs) {
      const handler = handlers[job.name as keyof typeof handlers] as (
        payload: unknown,
        ctx: never,
      ) => Promise<void>;
      await handler(job.payload, { db } as never);
      await completeJob(db, job);
      ran += 1;
    }
  }
}

/** The SDK's client of the stand-in. */
export function standInClient(standIn: StripeStandIn): StripeClient {
  return createStripeClient({
    secretKey: standIn.secretKey,
    publishableKey: "pk_test_standin",
    webhookSecret: standIn.webhookSecret,
    api: standIn.sdkOptions,
  });
}

/**
 * The Stripe stand-in of a test file and a client of it, started before the file's tests and
 * closed after them. The fields are there once `beforeAll` ran: read them in tests and hooks.
 * The file itself sets the Stripe keys in `vi.hoisted` (before the modules that read them load).
 */
export function setUpStripeStandIn(): { readonly standIn: StripeStandIn; readonly stripe: StripeClient } {
  const held = {} as { standIn: StripeStandIn; stripe: StripeClient };
  beforeAll(async () => {
    held.standIn = await startStripeStandIn();
    held.stripe = standInClient(held.standIn);
  });
  afterAll(() => held.standIn?.close());
  return held;
}

/** What POST /api/stripe/webhook does with an event: the SDK's signature check, then the record and its job. */
export async function deliverEvent(db: Db, standIn: StripeStandIn, event: Stripe.Event) {
  const { payload, header } = standIn.sign(event);
  const verified = verifyStripeEvent(payload, header, standIn.webhookSecret);
  if (!verified) throw new Error("signature refused");
  return receiveStripeEvent(db, verified);
}
