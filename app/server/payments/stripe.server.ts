import Stripe from "stripe";
import { env, type StripeConfig } from "../env.server";

/** The official SDK's client, the one way the product talks to Stripe (ADR 073). */
export type StripeClient = Stripe;

/** Longest wait for one answer of Stripe's API; the SDK retries a failed request twice. */
export const STRIPE_TIMEOUT_MS = 20_000;

/**
 * A client of the official SDK for these settings, through its public options only: the API
 * base of STRIPE_API_BASE as host, port and protocol (a local stand-in in tests), Stripe
 * itself otherwise. The SDK pins its own API version. Retries are safe because every call
 * that moves money carries our idempotency key (a retry replays the first answer).
 */
export function createStripeClient(config: StripeConfig): StripeClient {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: "lavage-mobile-prestige" },
    ...config.api,
  });
}

let cached: { config: StripeConfig; client: StripeClient } | undefined;

/**
 * The client of the environment's keys, or undefined when Stripe is not configured: every
 * zone then takes payment on site, as before issue 31.
 */
export function stripeFromEnv(): StripeClient | undefined {
  const config = env().stripe;
  if (!config) return undefined;
  if (cached?.config !== config) cached = { config, client: createStripeClient(config) };
  return cached.client;
}
