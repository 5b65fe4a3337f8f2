import type Stripe from "stripe";
import type { FormObject } from "./form";

/**
 * What a saved card does when charged: Stripe's test cards 4242…, 4000…0002 and 4000…3184; and
 * `processing`, a payment Stripe answers `processing` and settles later (`settleIntent`).
 */
export type CardBehavior = "ok" | "declined" | "authentication_required" | "processing";

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StandInState {
  objects: Map<string, StripeObject>;
  /** The behaviour of each payment method the stand-in made. */
  cards: Map<string, CardBehavior>;
  events: Stripe.Event[];
  base: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown> & { type: string; message: string },
  ) {
    super(body.message);
  }
}

export function missing(id: string, param = "id"): StripeApiError {
  return new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such object: '${id}'`,
  });
}

export function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: "invalid_request_error", message, param, code });
}

export interface RouteContext {
  state: StandInState;
  params: string[];
  form: FormObject;
  query: URLSearchParams;
  /** Records an event (delivered when a webhook URL is set) and returns it. */
  emit: (type: string, object: StripeObject) => Stripe.Event;
  /** Makes an id with Stripe's prefix. */
  newId: (prefix: string) => string;
}

export type RouteAnswer =
  { json: unknown; status?: number } | { html: string; status?: number } | { redirect: string };

export type Route = [method: string, path: RegExp, handle: (ctx: RouteContext) => RouteAnswer];

// The stand-in's objects and the rules its routes share (ADR 073).

/** Stripe's test payment methods, usable by id in test mode. */
export const TEST_METHODS: Record<string, CardBehavior> = {
  pm_card_visa: "ok",
  pm_card_chargeDeclined: "declined",
  // 4000 0000 0000 0341: attaching it to a customer succeeds, charging it is declined.
  pm_card_chargeCustomerFail: "declined",
  pm_card_authenticationRequired: "authentication_required",
  // The stand-in's own (Stripe has no such test card): the charge stays `processing` until the
  // test settles it with `standIn.settleIntent`, as a payment Stripe has not finished yet.
  pm_standin_processing: "processing",
};

/** The last four digits of Stripe's test card behind each test payment method. */
export const TEST_METHOD_LAST4: Record<string, string> = {
  pm_card_visa: "4242",
  pm_card_chargeDeclined: "0002",
  pm_card_chargeCustomerFail: "0341",
  pm_card_authenticationRequired: "3184",
};

export function get(ctx: RouteContext, id: string, object: string, param = "id"): StripeObject {
  const found = ctx.state.objects.get(id);
  if (!found || found.object !== object) throw missing(id, param);
  return found;
}

export function save<T extends StripeObject>(ctx: RouteContext, object: T): T {
  ctx.state.objects.set(object.id, object);
  return object;
}

export const now = () => Math.floor(Date.now() / 1000);

/** A card payment method with its test behaviour, attached to `customer`. */
export function newCard(
  ctx: RouteContext,
  behavior: CardBehavior,
  customer: string | null,
  last4 = { ok: "4242", declined: "0002", authentication_required: "3184", processing: "0077" }[behavior],
): StripeObject {
  const method = save(ctx, {
    id: ctx.newId("pm"),
    object: "payment_method",
    type: "card",
    customer,
    created: now(),
    card: { brand: "visa", last4, exp_month: 12, exp_year: 2034, country: "CA", funding: "credit" },
    metadata: {},
  });
  ctx.state.cards.set(method.id, behavior);
  return method;
}

export function list(data: StripeObject[], url: string) {
  return { json: { object: "list", data, has_more: false, url } };
}

export function cardsOf(ctx: RouteContext, customer: string) {
  get(ctx, customer, "customer", "customer");
  const cards = [...ctx.state.objects.values()].filter(
    (o) => o.object === "payment_method" && o.customer === customer,
  );
  return cards.reverse();
}

/**
 * Confirms a payment intent with its payment method: succeeded (or requires_capture when
 * manual), or a 402 card_error with the intent, as Stripe answers an off-session refusal.
 */
export function confirmIntent(ctx: RouteContext, intent: StripeObject, offSession: boolean): StripeObject {
  const methodId = intent.payment_method as string | null;
  if (!methodId)
    throw invalid("You must provide a payment method to confirm this PaymentIntent.", "payment_method");
  let behavior = TEST_METHODS[methodId];
  if (!behavior) {
    const method = get(ctx, methodId, "payment_method", "payment_method");
    if (intent.customer && method.customer !== intent.customer) {
      throw invalid("The provided PaymentMethod belongs to another customer.", "payment_method");
    }
    behavior = ctx.state.cards.get(methodId) ?? "ok";
  }
  const refused = behavior === "declined" || (behavior === "authentication_required" && offSession);
  if (refused) {
    intent.status = "requires_payment_method";
    const code = behavior === "declined" ? "card_declined" : "authentication_required";
    intent.last_payment_error = {
      type: "card_error",
      code,
      decline_code: behavior === "declined" ? "generic_decline" : code,
    };
    save(ctx, intent);
    ctx.emit("payment_intent.payment_failed", intent);
    throw new StripeApiError(402, {
      type: "card_error",
      code,
      decline_code: behavior === "declined" ? "generic_decline" : "authentication_required",
      message: behavior === "declined" ? "Your card was declined." : "This payment requires authentication.",
      payment_intent: structuredClone(intent),
    });
  }
  const charge = ctx.newId("ch");
  intent.latest_charge = charge;
  intent.last_payment_error = null;
  if (behavior === "processing") {
    intent.status = "processing";
    save(ctx, intent);
    ctx.emit("payment_intent.processing", intent);
  } else if (intent.capture_method === "manual") {
    intent.status = "requires_capture";
    intent.amount_capturable = intent.amount;
    save(ctx, intent);
    ctx.emit("payment_intent.amount_capturable_updated", intent);
  } else {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    save(ctx, intent);
    ctx.emit("payment_intent.succeeded", intent);
  }
  return intent;
}

export function newIntent(ctx: RouteContext, values: Record<string, unknown>): StripeObject {
  const amount = values.amount as number | undefined;
  if (!amount || amount < 50) throw invalid("Amount must be at least 50 cents", "amount", "amount_too_small");
  if (values.currency !== "cad") throw invalid("The stand-in takes CAD only.", "currency");
  const fee = values.application_fee_amount as number | undefined;
  if (fee !== undefined && fee > amount) {
    throw invalid("The application fee cannot exceed the amount.", "application_fee_amount");
  }
  return save(ctx, {
    id: ctx.newId("pi"),
    object: "payment_intent",
    created: now(),
    status: "requires_confirmation",
    amount_received: 0,
    amount_capturable: 0,
    capture_method: "automatic",
    customer: null,
    payment_method: null,
    latest_charge: null,
    application_fee_amount: null,
    on_behalf_of: null,
    transfer_data: null,
    setup_future_usage: null,
    metadata: {},
    livemode: false,
    ...values,
  });
}

export function refundedSoFar(ctx: RouteContext, intentId: string): number {
  return [...ctx.state.objects.values()]
    .filter((o) => o.object === "refund" && o.payment_intent === intentId && o.status === "succeeded")
    .reduce((sum, o) => sum + (o.amount as number), 0);
}
