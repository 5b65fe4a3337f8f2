import { field, integerField, metadataField } from "./form";
import { confirmIntent, get, invalid, newIntent, now, refundedSoFar, save, type Route } from "./objects";

// Payment intents (create with confirm off-session, confirm, capture) and refunds of the stand-in.

export const paymentRoutes: Route[] = [
  [
    "POST",
    /^\/v1\/payment_intents$/,
    (ctx) => {
      const f = ctx.form;
      const intent = newIntent(ctx, {
        amount: integerField(f, "amount"),
        currency: field(f, "currency"),
        customer: field(f, "customer") ?? null,
        payment_method: field(f, "payment_method") ?? null,
        capture_method: field(f, "capture_method") ?? "automatic",
        description: field(f, "description") ?? null,
        application_fee_amount: integerField(f, "application_fee_amount") ?? null,
        on_behalf_of: field(f, "on_behalf_of") ?? null,
        transfer_data: field(f, "transfer_data", "destination")
          ? { destination: field(f, "transfer_data", "destination") }
          : null,
        metadata: metadataField(f, "metadata"),
      });
      if (field(f, "confirm") === "true") confirmIntent(ctx, intent, field(f, "off_session") === "true");
      return { json: intent };
    },
  ],
  [
    "GET",
    /^\/v1\/payment_intents\/([^/]+)$/,
    (ctx) => ({ json: get(ctx, ctx.params[0]!, "payment_intent") }),
  ],
  [
    "POST",
    /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
    (ctx) => {
      const intent = get(ctx, ctx.params[0]!, "payment_intent");
      if (!["requires_confirmation", "requires_payment_method"].includes(intent.status as string)) {
        throw invalid(
          `This PaymentIntent's status is ${String(intent.status)}.`,
          undefined,
          "payment_intent_unexpected_state",
        );
      }
      intent.payment_method = field(ctx.form, "payment_method") ?? intent.payment_method;
      return { json: confirmIntent(ctx, intent, field(ctx.form, "off_session") === "true") };
    },
  ],
  [
    "POST",
    /^\/v1\/payment_intents\/([^/]+)\/capture$/,
    (ctx) => {
      const intent = get(ctx, ctx.params[0]!, "payment_intent");
      if (intent.status !== "requires_capture") {
        throw invalid(
          `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}.`,
          undefined,
          "payment_intent_unexpected_state",
        );
      }
      const amount = integerField(ctx.form, "amount_to_capture") ?? (intent.amount as number);
      if (amount > (intent.amount as number))
        throw invalid("amount_to_capture is too large", "amount_to_capture");
      intent.status = "succeeded";
      intent.amount_received = amount;
      intent.amount_capturable = 0;
      intent.application_fee_amount =
        integerField(ctx.form, "application_fee_amount") ?? intent.application_fee_amount;
      ctx.emit("payment_intent.succeeded", intent);
      return { json: intent };
    },
  ],
  ["GET", /^\/v1\/setup_intents\/([^/]+)$/, (ctx) => ({ json: get(ctx, ctx.params[0]!, "setup_intent") })],
  [
    "POST",
    /^\/v1\/refunds$/,
    (ctx) => {
      const intentId = field(ctx.form, "payment_intent");
      if (!intentId) throw invalid("payment_intent is required", "payment_intent");
      const intent = get(ctx, intentId, "payment_intent", "payment_intent");
      if (intent.status !== "succeeded")
        throw invalid("This PaymentIntent has no successful charge to refund.");
      const left = (intent.amount_received as number) - refundedSoFar(ctx, intentId);
      if (left <= 0)
        throw invalid(
          `Charge ${String(intent.latest_charge)} has already been refunded.`,
          undefined,
          "charge_already_refunded",
        );
      const amount = integerField(ctx.form, "amount") ?? left;
      if (amount > left) {
        throw invalid(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          "amount",
          "amount_too_large",
        );
      }
      const refund = save(ctx, {
        id: ctx.newId("re"),
        object: "refund",
        created: now(),
        amount,
        currency: "cad",
        charge: intent.latest_charge,
        payment_intent: intentId,
        status: "succeeded",
        reverse_transfer: field(ctx.form, "reverse_transfer") === "true",
        refund_application_fee: field(ctx.form, "refund_application_fee") === "true",
        metadata: metadataField(ctx.form, "metadata"),
      });
      ctx.emit("refund.created", refund);
      return { json: refund };
    },
  ],
];
