import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { standInClient } from "../factories/payments";
import { startStripeStandIn, type StripeStandIn } from "../stripe/stand-in";
import { startServer, type RunningServer } from "./server";

// POST /api/stripe/webhook on the production server, its Stripe settings pointed at the local
// stand-in (ADR 073): the SDK's signature check, one record per event, the job's own SDK call.

describe("Stripe's webhook over HTTP", () => {
  let standIn: StripeStandIn;
  let server: RunningServer;
  const post = (body: string, signature?: string) =>
    fetch(`${server.url}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      body,
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    server = await startServer({
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.url,
    });
    standIn.webhookUrl = `${server.url}/api/stripe/webhook`;
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it("refuses a GET, an unsigned event and one signed with another secret", async () => {
    expect((await fetch(`${server.url}/api/stripe/webhook`)).status).toBe(405);
    const payload = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "account.updated",
      data: { object: {} },
    });
    expect((await post(payload)).status).toBe(400);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    const answer = await post(payload, forged);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ received: false, error: "invalid signature" });
  });

  it("records a signed event once and acts on it through a job that asks Stripe (the stand-in) again", async () => {
    const stripe = standInClient(standIn);
    const account = await stripe.accounts.create({ country: "CA" }, { idempotencyKey: "http:account" });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: `${server.url}/franchisee`,
      return_url: `${server.url}/franchisee`,
    });
    // The stand-in posts account.updated to the server as Stripe would.
    await fetch(link.url, { method: "POST", redirect: "manual" });
    await standIn.flush();
    await vi.waitFor(
      () => expect(standIn.requests).toContainEqual({ method: "GET", path: `/v1/accounts/${account.id}` }),
      { timeout: 15_000, interval: 100 },
    );
    const event = standIn.events.findLast((e) => e.type === "account.updated")!;
    const { payload, header } = standIn.sign(event);
    const again = await post(payload, header);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });
});
