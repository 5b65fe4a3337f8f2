import { eq } from "drizzle-orm";
import { appointmentPaymentPlans, paymentCustomers } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { detachSavedCard, listSavedCards, type SavedCard } from "../../payments/customers.server";
import type { StripeClient } from "../../payments/stripe.server";
import type { ClientOwner } from "../account/client-owner.server";
import { customersOf } from "./client-payments.server";

type Owner = Pick<ClientOwner, "id" | "email" | "emailVerified">;

/** The Stripe customer ids of a client (ADR 073: one per e-mail). */
async function customerIdsOf(db: Db, owner: Owner): Promise<string[]> {
  const rows = await db
    .select({ id: paymentCustomers.stripeCustomerId })
    .from(paymentCustomers)
    .where(customersOf(owner));
  return rows.map((row) => row.id);
}

/** The cards a client keeps at Stripe ("Moyens de paiement", ADR 079): brand, last 4, expiry. */
export async function listClientCards(
  db: Db,
  stripe: StripeClient | undefined,
  owner: Owner,
): Promise<{ online: boolean; cards: SavedCard[] }> {
  if (!stripe) return { online: false, cards: [] };
  const customers = await customerIdsOf(db, owner);
  const lists = await Promise.all(customers.map((id) => listSavedCards(stripe, id)));
  return { online: true, cards: lists.flat() };
}

/**
 * Removes one of the client's cards (detached at Stripe). Only a card of this client's own
 * customers: Stripe would detach any card of the platform it is given (NOT_FOUND otherwise).
 * A booking that kept it no longer charges it: its balance and tip are paid on site.
 */
export async function removeClientCard(
  db: Db,
  stripe: StripeClient | undefined,
  owner: Owner,
  cardId: string,
): Promise<void> {
  const { cards } = await listClientCards(db, stripe, owner);
  if (!stripe || !cards.some((card) => card.id === cardId)) throw new AppError("NOT_FOUND");
  await detachSavedCard(stripe, cardId);
  await db
    .update(appointmentPaymentPlans)
    .set({ stripePaymentMethodId: null })
    .where(eq(appointmentPaymentPlans.stripePaymentMethodId, cardId));
}
