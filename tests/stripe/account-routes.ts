import { field, metadataField } from "./form";
import {
  cardsOf,
  get,
  invalid,
  list,
  missing,
  newCard,
  now,
  save,
  StripeApiError,
  TEST_METHOD_LAST4,
  TEST_METHODS,
  type Route,
} from "./objects";

// Customers, their payment methods, connected accounts and account links of the stand-in.

export const accountRoutes: Route[] = [
  [
    "POST",
    /^\/v1\/customers$/,
    (ctx) => ({
      json: save(ctx, {
        id: ctx.newId("cus"),
        object: "customer",
        created: now(),
        email: field(ctx.form, "email") ?? null,
        name: field(ctx.form, "name") ?? null,
        phone: field(ctx.form, "phone") ?? null,
        metadata: metadataField(ctx.form, "metadata"),
        invoice_settings: { default_payment_method: null },
      }),
    }),
  ],
  ["GET", /^\/v1\/customers\/([^/]+)$/, (ctx) => ({ json: get(ctx, ctx.params[0]!, "customer") })],
  [
    // As Stripe: the customer is gone for good (a stub with deleted: true), its cards detached; a
    // second deletion is "No such customer".
    "DELETE",
    /^\/v1\/customers\/([^/]+)$/,
    (ctx) => {
      const id = ctx.params[0]!;
      const customer = get(ctx, id, "customer");
      if (customer.deleted) throw missing(id);
      for (const card of cardsOf(ctx, id)) card.customer = null;
      const stub = { id, object: "customer", deleted: true };
      save(ctx, stub);
      ctx.emit("customer.deleted", customer);
      return { json: stub };
    },
  ],
  [
    "GET",
    /^\/v1\/customers\/([^/]+)\/payment_methods$/,
    (ctx) => list(cardsOf(ctx, ctx.params[0]!), `/v1/customers/${ctx.params[0]}/payment_methods`),
  ],
  [
    "GET",
    /^\/v1\/payment_methods$/,
    (ctx) => {
      const customer = ctx.query.get("customer");
      if (!customer) throw invalid("customer is required", "customer");
      return list(cardsOf(ctx, customer), "/v1/payment_methods");
    },
  ],
  [
    // As Stripe in test mode: attaching a test payment method (pm_card_visa…) saves a new card
    // on the customer; pm_card_chargeDeclined is refused at attach time (Stripe checks the card),
    // pm_card_chargeCustomerFail attaches and is declined when charged.
    "POST",
    /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    (ctx) => {
      const id = ctx.params[0]!;
      const customer = field(ctx.form, "customer");
      if (!customer) throw invalid("Missing required param: customer.", "customer");
      get(ctx, customer, "customer", "customer");
      const behavior = TEST_METHODS[id];
      if (behavior) {
        if (id === "pm_card_chargeDeclined") {
          throw new StripeApiError(402, {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
          });
        }
        const card = newCard(ctx, behavior, customer, TEST_METHOD_LAST4[id]);
        ctx.emit("payment_method.attached", card);
        return { json: card };
      }
      const method = get(ctx, id, "payment_method");
      if (method.customer && method.customer !== customer) {
        throw invalid("The payment method you provided has already been attached to a customer.");
      }
      method.customer = customer;
      ctx.emit("payment_method.attached", method);
      return { json: method };
    },
  ],
  [
    "POST",
    /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    (ctx) => {
      const method = get(ctx, ctx.params[0]!, "payment_method");
      if (!method.customer) throw invalid("The payment method you provided is not attached to a customer.");
      method.customer = null;
      ctx.emit("payment_method.detached", method);
      return { json: method };
    },
  ],
  [
    "POST",
    /^\/v1\/accounts$/,
    (ctx) => ({
      json: save(ctx, {
        id: ctx.newId("acct"),
        object: "account",
        created: now(),
        country: field(ctx.form, "country") ?? "CA",
        email: field(ctx.form, "email") ?? null,
        business_profile: { name: field(ctx.form, "business_profile", "name") ?? null },
        controller: {
          stripe_dashboard: { type: field(ctx.form, "controller", "stripe_dashboard", "type") ?? "full" },
        },
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: metadataField(ctx.form, "metadata"),
      }),
    }),
  ],
  ["GET", /^\/v1\/accounts\/([^/]+)$/, (ctx) => ({ json: get(ctx, ctx.params[0]!, "account") })],
  [
    "POST",
    /^\/v1\/account_links$/,
    (ctx) => {
      const account = field(ctx.form, "account") ?? "";
      get(ctx, account, "account", "account");
      const returnUrl = field(ctx.form, "return_url");
      const refreshUrl = field(ctx.form, "refresh_url");
      if (!returnUrl || !refreshUrl) throw invalid("return_url and refresh_url are required", "return_url");
      const link = ctx.newId("al");
      ctx.state.objects.set(link, {
        id: link,
        object: "stand_in.account_link",
        account,
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return {
        json: {
          object: "account_link",
          created: now(),
          expires_at: now() + 300,
          url: `${ctx.state.base}/connect/onboarding/${link}`,
        },
      };
    },
  ],
];
