import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { verifyStripeEvent } from "./webhook.server";

const secret = "whsec_test_secret";
const payload = JSON.stringify({
  id: "evt_1",
  object: "event",
  type: "account.updated",
  data: { object: {} },
});
const sign = (options: Partial<{ payload: string; secret: string; timestamp: number }> = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...options });

describe("verifyStripeEvent", () => {
  it("accepts the body signed with the endpoint's secret by the SDK's test helper", () => {
    expect(verifyStripeEvent(payload, sign(), secret)?.id).toBe("evt_1");
  });

  it("refuses no header, another secret, another body and an old signature", () => {
    expect(verifyStripeEvent(payload, null, secret)).toBeNull();
    expect(verifyStripeEvent(payload, sign({ secret: "whsec_other" }), secret)).toBeNull();
    expect(verifyStripeEvent(payload.replace("evt_1", "evt_2"), sign(), secret)).toBeNull();
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(verifyStripeEvent(payload, sign({ timestamp: old }), secret)).toBeNull();
    expect(verifyStripeEvent(payload, "t=1,v1=abc", secret)).toBeNull();
  });
});
