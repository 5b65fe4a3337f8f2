import type { StripeClient } from "./stripe.server";

/** Where a franchisee's Stripe account stands, as Stripe reports it. */
export interface ConnectedAccountState {
  /** Stripe accepts charges for it: its zones may take cards (else payment on site). */
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** The franchisee finished the hosted onboarding form. */
  detailsSubmitted: boolean;
}

/**
 * A connected account for a franchisee (ADR 073): Stripe hosts its onboarding and dashboard
 * (Express); the platform pays Stripe's fees and carries refunds and disputes first (the charges
 * are destination charges, the royalty is the application fee).
 */
export async function createConnectedAccount(
  stripe: StripeClient,
  input: { email: string | null; businessName: string; franchiseeId: string; idempotencyKey: string },
): Promise<string> {
  const account = await stripe.accounts.create(
    {
      country: "CA",
      email: input.email ?? undefined,
      business_profile: { name: input.businessName },
      controller: {
        fees: { payer: "application" },
        losses: { payments: "application" },
        stripe_dashboard: { type: "express" },
      },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { franchisee_id: input.franchiseeId },
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return account.id;
}

/** A one-time link to Stripe's hosted onboarding; it expires within minutes, so make it on click. */
export async function createOnboardingLink(
  stripe: StripeClient,
  input: { accountId: string; refreshUrl: string; returnUrl: string },
): Promise<string> {
  const link = await stripe.accountLinks.create({
    account: input.accountId,
    type: "account_onboarding",
    refresh_url: input.refreshUrl,
    return_url: input.returnUrl,
    collection_options: { fields: "eventually_due" },
  });
  return link.url;
}

export async function retrieveAccountState(
  stripe: StripeClient,
  accountId: string,
): Promise<ConnectedAccountState> {
  const account = await stripe.accounts.retrieve(accountId);
  return {
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
  };
}
