import { data } from "react-router";
import type { RefundReply } from "~/components/payments/statement-view";
import { RefundSchema } from "~/domain/payments/schemas";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { z } from "~/lib/zod-fr";
import type { Db } from "../db.server";
import { requestRefund, type RefundActor } from "../services/payments/request-refund.server";
import { failureOf } from "./failure.server";

const e = paymentsOfficeMessages.errors;

/** Text of a string field of a form ('' when absent or a file). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The refund form of the admin's and the franchisee's statements (ADR 075): parsed with the
 * page's schema, refused in French at the field at fault, what was typed kept. On success the
 * caller redirects with its toast.
 */
export async function refundFromForm(
  db: Db,
  form: FormData,
  actor: RefundActor,
): Promise<{ ok: true; amountCents: number } | { ok: false; reply: ReturnType<typeof data<RefundReply>> }> {
  const values = { amount: textOf(form, "amount"), reason: textOf(form, "reason") };
  const paymentId = textOf(form, "paymentId");
  const parsed = RefundSchema.safeParse({ ...values, paymentId, key: textOf(form, "key") });
  const fail = (status: number, reply: Omit<RefundReply, "intent" | "paymentId" | "values">) =>
    ({
      ok: false,
      reply: data<RefundReply>({ intent: "refund", paymentId, values, ...reply }, { status }),
    }) as const;
  if (!parsed.success) {
    const { fieldErrors, formErrors } = z.flattenError(parsed.error);
    return fail(400, {
      fieldErrors: { amount: fieldErrors.amount, reason: fieldErrors.reason },
      formError:
        formErrors[0] ??
        (fieldErrors.paymentId || fieldErrors.key ? paymentsOfficeMessages.validation.request : undefined),
    });
  }
  try {
    const done = await requestRefund(db, { actor, refund: parsed.data });
    return { ok: true, amountCents: done.amountCents };
  } catch (error) {
    const failure = failureOf(error, {
      NOT_FOUND: e.notFound,
      VALIDATION: (err) =>
        err.message === "REFUND_TOO_LARGE"
          ? e.refundTooLarge(err.count ?? 0)
          : err.message === "NOTHING_TO_REFUND"
            ? e.nothingToRefund
            : e.notRefundable,
    });
    return failure.field === "amount"
      ? fail(failure.status, { fieldErrors: { amount: [failure.message] } })
      : fail(failure.status, { fieldErrors: {}, formError: failure.message });
  }
}
