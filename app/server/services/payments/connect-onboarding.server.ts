import { and, eq, isNull } from "drizzle-orm";
import { franchisees } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import {
  createConnectedAccount,
  createOnboardingLink,
  retrieveAccountState,
} from "../../payments/connect.server";
import type { StripeClient } from "../../payments/stripe.server";

// The franchisee's Stripe Connect onboarding (issue 31, ADR 073 and 075): the connected account
// made at the first click (one per franchisee: the idempotency key is the franchisee's), a fresh
// hosted onboarding link on every click, and the account's state read back from Stripe when
// the franchisee comes back (the account.updated event does the same without the browser).

type ConnectState = "not_started" | "onboarding" | "enabled" | "restricted";

function stateOf(account: { chargesEnabled: boolean; detailsSubmitted: boolean }): ConnectState {
  return account.chargesEnabled ? "enabled" : account.detailsSubmitted ? "restricted" : "onboarding";
}

/** The hosted onboarding page's URL for the franchisee, its account made first if it has none. */
export async function startConnectOnboarding(
  db: Db,
  input: {
    franchiseeId: string;
    stripe: StripeClient | undefined;
    refreshUrl: string;
    returnUrl: string;
  },
): Promise<string> {
  if (!input.stripe) throw new AppError("FORBIDDEN", "STRIPE_OFF");
  const [row] = await db.select().from(franchisees).where(eq(franchisees.id, input.franchiseeId));
  if (!row) throw new AppError("NOT_FOUND");
  let accountId = row.stripeAccountId;
  if (!accountId) {
    const made = await createConnectedAccount(input.stripe, {
      email: row.email,
      businessName: row.businessName,
      franchiseeId: row.id,
      idempotencyKey: `franchisee:${row.id}:connect-account`,
    });
    // Two clicks at once get the same account (same key); the first write keeps it.
    await db
      .update(franchisees)
      .set({ stripeAccountId: made, stripeAccountState: "onboarding" })
      .where(and(eq(franchisees.id, row.id), isNull(franchisees.stripeAccountId)));
    const [now] = await db
      .select({ id: franchisees.stripeAccountId })
      .from(franchisees)
      .where(eq(franchisees.id, row.id));
    accountId = now!.id!;
  }
  return createOnboardingLink(input.stripe, {
    accountId,
    refreshUrl: input.refreshUrl,
    returnUrl: input.returnUrl,
  });
}

/** Reads the franchisee's account from Stripe and records its state; null without an account. */
export async function refreshConnectState(
  db: Db,
  input: { franchiseeId: string; stripe: StripeClient | undefined },
): Promise<ConnectState | null> {
  if (!input.stripe) return null;
  const [row] = await db
    .select({ accountId: franchisees.stripeAccountId })
    .from(franchisees)
    .where(eq(franchisees.id, input.franchiseeId));
  if (!row?.accountId) return null;
  const state = stateOf(await retrieveAccountState(input.stripe, row.accountId));
  await db
    .update(franchisees)
    .set({ stripeAccountState: state })
    .where(eq(franchisees.id, input.franchiseeId));
  return state;
}
