import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { parseStripeForm } from "./form";
import { accountRoutes } from "./account-routes";
import { checkoutRoutes } from "./checkout";
import { hostedPageRoutes } from "./hosted-pages";
import { StripeApiError, invalid, type StandInState, type StripeObject } from "./objects";
import { paymentRoutes } from "./payment-routes";

/**
 * A local stand-in of the Stripe endpoints the product uses (ADR 073), driven by the real SDK
 * in tests through STRIPE_API_BASE / the SDK's host, port and protocol options. It keeps its
 * objects in memory, answers in Stripe's shapes (objects, lists, errors), honours idempotency
 * keys as Stripe does (same key and same parameters: the first answer again; other parameters:
 * an idempotency_error), serves a hosted Checkout and onboarding page, and sends webhook events
 * signed with the SDK's own test helper. Nothing reaches the network.
 */

export interface StripeStandIn {
  /** http://127.0.0.1:port: STRIPE_API_BASE for a server, or `sdkOptions` for a client. */
  url: string;
  sdkOptions: { host: string; port: number; protocol: "http" };
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed as they happen; unset = kept in `events` only (tests deliver them). */
  webhookUrl: string | undefined;
  /** Every event, in the order it happened. */
  events: Stripe.Event[];
  /** Every API request: method, path, idempotency key. */
  requests: { method: string; path: string; idempotencyKey?: string }[];
  object<T = StripeObject>(id: string): T;
  /** Ends a `processing` payment intent as Stripe would later: succeeded or refused; its event. */
  settleIntent(id: string, outcome: "succeeded" | "failed"): Stripe.Event;
  /** An event's body and its Stripe-Signature header, made by the SDK's test helper. */
  sign(
    event: Stripe.Event,
    options?: { secret?: string; timestamp?: number },
  ): { payload: string; header: string };
  /** Resolves once every webhook POST started so far has been answered. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 and a random port (or `port`: a browser test's server). */
export async function startStripeStandIn(
  options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string; port?: number } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? "sk_test_standin";
  const webhookSecret = options.webhookSecret ?? "whsec_standin";
  const helper = new Stripe(secretKey);
  const state: StandInState = { objects: new Map(), cards: new Map(), events: [], base: "" };
  const requests: StripeStandIn["requests"] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const deliveries: Promise<unknown>[] = [];
  const routes = [...checkoutRoutes, ...paymentRoutes, ...accountRoutes, ...hostedPageRoutes];

  const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;
  const sign: StripeStandIn["sign"] = (event, { secret = webhookSecret, timestamp } = {}) => {
    const payload = JSON.stringify(event, null, 2);
    return { payload, header: helper.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
  };
  const emit = (type: string, object: StripeObject): Stripe.Event => {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
    state.events.push(event);
    if (standIn.webhookUrl) {
      const { payload, header } = sign(event);
      deliveries.push(
        fetch(standIn.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": header },
          body: payload,
        }).then(
          (response) => response.arrayBuffer(),
          () => undefined,
        ),
      );
    }
    return event;
  };

  function answer(
    req: http.IncomingMessage,
    body: string,
  ): { status: number; headers: Record<string, string>; body: string } {
    const url = new URL(req.url ?? "/", state.base);
    const isApi = url.pathname.startsWith("/v1/");
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    if (isApi) {
      requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
    }
    const fingerprint = `${req.method} ${url.pathname} ${body}`;
    const replay = idempotencyKey && req.method === "POST" ? idempotent.get(idempotencyKey) : undefined;
    if (replay) {
      if (replay.fingerprint !== fingerprint) {
        return json(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      }
      return {
        status: replay.status,
        headers: { "content-type": "application/json", "idempotent-replayed": "true" },
        body: replay.body,
      };
    }
    const route = routes.find(([method, path]) => method === req.method && path.test(url.pathname));
    let result: ReturnType<typeof json>;
    try {
      if (!route) throw invalid(`Unrecognized request URL (${req.method}: ${url.pathname}).`);
      const params = url.pathname.match(route[1])!.slice(1);
      const form = parseStripeForm(req.method === "GET" ? url.search.slice(1) : body);
      const routeAnswer = route[2]({ state, params, form, query: url.searchParams, emit, newId });
      if ("redirect" in routeAnswer)
        return { status: 303, headers: { location: routeAnswer.redirect }, body: "" };
      if ("html" in routeAnswer) {
        return {
          status: routeAnswer.status ?? 200,
          headers: { "content-type": "text/html; charset=utf-8" },
          body: routeAnswer.html,
        };
      }
      result = json(routeAnswer.status ?? 200, routeAnswer.json);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      result = json(error.status, { error: error.body });
    }
    // Stripe keeps the answer of a key, errors included, except for a failed validation (400).
    if (idempotencyKey && req.method === "POST" && isApi && result.status !== 400) {
      idempotent.set(idempotencyKey, { fingerprint, status: result.status, body: result.body });
    }
    return result;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let out;
      try {
        out = answer(req, Buffer.concat(chunks).toString("utf8"));
      } catch (error) {
        out = json(500, { error: { type: "api_error", message: String(error) } });
      }
      res.writeHead(out.status, { "request-id": newId("req"), ...out.headers });
      res.end(out.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  state.base = `http://127.0.0.1:${port}`;

  const standIn: StripeStandIn = {
    url: state.base,
    sdkOptions: { host: "127.0.0.1", port, protocol: "http" },
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    events: state.events,
    requests,
    object<T>(id: string): T {
      const found = state.objects.get(id);
      if (!found) throw new Error(`The stand-in has no object ${id}`);
      return structuredClone(found) as T;
    },
    settleIntent(id, outcome) {
      const intent = state.objects.get(id);
      if (!intent || intent.object !== "payment_intent" || intent.status !== "processing") {
        throw new Error(`The stand-in has no processing payment intent ${id}`);
      }
      if (outcome === "succeeded") {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        return emit("payment_intent.succeeded", intent);
      }
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
      };
      return emit("payment_intent.payment_failed", intent);
    },
    sign,
    async flush() {
      while (deliveries.length > 0) await Promise.all(deliveries.splice(0));
    },
    async close() {
      await standIn.flush();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

function json(status: number, value: unknown) {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(value) };
}
