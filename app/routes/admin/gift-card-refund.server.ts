import { formatMoney } from "~/lib/format";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import type { Db } from "~/server/db.server";
import type { StripeClient } from "~/server/payments/stripe.server";
import type { AdminActor } from "~/server/services/admin/assert-admin.server";
import { refundGiftCard } from "~/server/services/giftcards/refund-gift-card.server";
import { adminFailure } from "./admin-answers.server";

/**
 * /admin/payments' « Rembourser le solde » (ADR 087, amended): the form's card and one-time key to
 * the refund, and its answer as the page's toast or the card's French error (`form`
 * `gift-card:<id>`). The service checks the admin again.
 */
export async function giftCardRefundFromForm(
  db: Db,
  values: Record<string, string>,
  actor: AdminActor,
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<
  | { ok: true; title: string }
  | {
      ok: false;
      status: number;
      reply: { form: string; fieldErrors: Record<string, never>; formError: string };
    }
> {
  const giftCardId = values.giftCardId ?? "";
  const form = `gift-card:${giftCardId}`;
  const key = values.key ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(key)) {
    return {
      ok: false,
      status: 400,
      reply: { form, fieldErrors: {}, formError: paymentsOfficeMessages.validation.request },
    };
  }
  try {
    const refund = await refundGiftCard(db, { actor, giftCardId, key, ...deps });
    return {
      ok: true,
      title: refund.replayed
        ? giftCardMessages.admin.refundAgain
        : giftCardMessages.admin.refundDone(formatMoney(refund.amountCents)),
    };
  } catch (error) {
    const failure = adminFailure(error);
    return {
      ok: false,
      status: failure.status,
      reply: { form, fieldErrors: {}, formError: failure.message },
    };
  }
}
