import { field, integerField, metadataField, type FormObject } from "./form";
import {
  get,
  invalid,
  newCard,
  newIntent,
  now,
  save,
  type CardBehavior,
  type Route,
  type RouteContext,
  type StripeObject,
} from "./objects";

// Checkout Sessions of the stand-in (ADR 073): mode payment (a deposit, the card kept with
// setup_future_usage) and mode setup (the card only). The hosted page (hosted-pages.ts) completes
// them as Stripe's would: the payment intent or setup intent, the saved card, the events.

function lineItemsTotal(form: FormObject): number {
  const items = form.line_items;
  if (!Array.isArray(items) || items.length === 0)
    throw invalid("line_items is required in payment mode", "line_items");
  return items.reduce<number>((sum, _item, i) => {
    const unit = integerField(form, "line_items", String(i), "price_data", "unit_amount");
    const quantity = integerField(form, "line_items", String(i), "quantity") ?? 1;
    if (unit === undefined) throw invalid("price_data[unit_amount] is required", `line_items[${i}]`);
    return sum + unit * quantity;
  }, 0);
}

function createSession(ctx: RouteContext): StripeObject {
  const f = ctx.form;
  const mode = field(f, "mode");
  if (mode !== "payment" && mode !== "setup") throw invalid("mode must be payment or setup here", "mode");
  const customer = field(f, "customer") ?? null;
  if (customer) get(ctx, customer, "customer", "customer");
  const expiresAt = integerField(f, "expires_at") ?? now() + 86_400;
  if (expiresAt < now() + 1_800 - 60 || expiresAt > now() + 86_400 + 60) {
    throw invalid("expires_at must be between 30 minutes and 24 hours from now", "expires_at");
  }
  const successUrl = field(f, "success_url");
  if (!successUrl) throw invalid("success_url is required", "success_url");
  const id = ctx.newId(mode === "payment" ? "cs_test" : "cs_test_setup");
  const pi = (...path: string[]) => field(f, "payment_intent_data", ...path);
  return save(ctx, {
    id,
    object: "checkout.session",
    created: now(),
    mode,
    status: "open",
    payment_status: mode === "payment" ? "unpaid" : "no_payment_required",
    customer,
    currency: "cad",
    amount_total: mode === "payment" ? lineItemsTotal(f) : null,
    expires_at: expiresAt,
    success_url: successUrl,
    cancel_url: field(f, "cancel_url") ?? null,
    payment_intent: null,
    setup_intent: null,
    metadata: metadataField(f, "metadata"),
    url: `${ctx.state.base}/c/pay/${id}`,
    // What the completed payment intent will carry (Stripe keeps it on the session's side).
    stand_in_payment_intent_data:
      mode === "payment"
        ? {
            application_fee_amount: integerField(f, "payment_intent_data", "application_fee_amount") ?? null,
            on_behalf_of: pi("on_behalf_of") ?? null,
            transfer_data: pi("transfer_data", "destination")
              ? { destination: pi("transfer_data", "destination") }
              : null,
            setup_future_usage: pi("setup_future_usage") ?? null,
            metadata: metadataField(f, "payment_intent_data", "metadata"),
          }
        : {
            on_behalf_of: field(f, "setup_intent_data", "on_behalf_of") ?? null,
            metadata: metadataField(f, "setup_intent_data", "metadata"),
          },
  });
}

/** The session as the API shows it: without the stand-in's own field. */
export function publicSession(session: StripeObject): StripeObject {
  const { stand_in_payment_intent_data: _hidden, ...shown } = session;
  return shown as StripeObject;
}

export type CheckoutOutcome = { ok: true; redirect: string } | { ok: false; message: string };

/**
 * What the hosted page does when the customer submits a test card: a refused card leaves the
 * session open (the customer may try another); an accepted one completes it.
 */
export function completeCheckout(
  ctx: RouteContext,
  sessionId: string,
  behavior: CardBehavior,
): CheckoutOutcome {
  const session = get(ctx, sessionId, "checkout.session");
  if (session.status !== "open") return { ok: false, message: "Cette page de paiement n'est plus valide." };
  if ((session.expires_at as number) <= now()) {
    session.status = "expired";
    ctx.emit("checkout.session.expired", publicSession(session));
    return { ok: false, message: "Cette page de paiement a expiré." };
  }
  if (behavior === "declined")
    return { ok: false, message: "Votre carte a été refusée. Essayez une autre carte." };
  const card = newCard(ctx, behavior, session.customer as string | null);
  const data = session.stand_in_payment_intent_data as Record<string, unknown>;
  if (session.mode === "payment") {
    const intent = newIntent(ctx, {
      amount: session.amount_total,
      currency: "cad",
      customer: session.customer,
      payment_method: card.id,
      ...data,
    });
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = ctx.newId("ch");
    ctx.emit("payment_intent.succeeded", intent);
    session.payment_intent = intent.id;
    session.payment_status = "paid";
  } else {
    const setup = save(ctx, {
      id: ctx.newId("seti"),
      object: "setup_intent",
      created: now(),
      status: "succeeded",
      usage: "off_session",
      customer: session.customer,
      payment_method: card.id,
      ...data,
    });
    ctx.emit("setup_intent.succeeded", setup);
    session.setup_intent = setup.id;
  }
  session.status = "complete";
  ctx.emit("checkout.session.completed", publicSession(session));
  return { ok: true, redirect: String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", sessionId) };
}

export const checkoutRoutes: Route[] = [
  ["POST", /^\/v1\/checkout\/sessions$/, (ctx) => ({ json: publicSession(createSession(ctx)) })],
  [
    "GET",
    /^\/v1\/checkout\/sessions\/([^/]+)$/,
    (ctx) => ({ json: publicSession(get(ctx, ctx.params[0]!, "checkout.session")) }),
  ],
  [
    "POST",
    /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    (ctx) => {
      const session = get(ctx, ctx.params[0]!, "checkout.session");
      if (session.status !== "open") {
        throw invalid(
          `Only Checkout Sessions with a status of open can be expired.`,
          undefined,
          "checkout_session_not_open",
        );
      }
      session.status = "expired";
      ctx.emit("checkout.session.expired", publicSession(session));
      return { json: publicSession(session) };
    },
  ],
];
