import { data } from "react-router";
import type { PaymentFormReply } from "~/components/payments/royalty-form";
import type { RefundReply } from "~/components/payments/statement-view";
import { RefundSchema, RoyaltySchema } from "~/domain/payments/schemas";
import { adminMessages } from "~/lib/messages/admin.fr";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { z } from "~/lib/zod-fr";
import type { Db } from "../db.server";
import type { AdminActor } from "../services/admin/assert-admin.server";
import { setRoyalty } from "../services/payments/manage-payment-settings.server";
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

/**
 * The royalty form (the payments page and the franchisees' table, ADR 075): the network's rate
 * or a franchisee's, refused in French with what was typed kept; on success, the toast's title.
 */
export async function royaltyFromForm(
  db: Db,
  values: Record<string, string>,
  actor: AdminActor,
): Promise<{ ok: true; title: string } | { ok: false; reply: ReturnType<typeof data<PaymentFormReply>> }> {
  const form = `royalty:${values.franchiseeId || "network"}`;
  const fail = (status: number, reply: Omit<PaymentFormReply, "form" | "values">) =>
    ({ ok: false, reply: data<PaymentFormReply>({ form, values, ...reply }, { status }) }) as const;
  const parsed = RoyaltySchema.safeParse(values);
  if (!parsed.success) return fail(400, { fieldErrors: z.flattenError(parsed.error).fieldErrors });
  try {
    const { businessName } = await setRoyalty(db, { actor, input: parsed.data });
    const t = paymentsOfficeMessages.admin;
    return { ok: true, title: businessName ? t.franchiseeSaved(businessName) : t.networkSaved };
  } catch (error) {
    const failure = failureOf(error, { NOT_FOUND: adminMessages.common.notFound });
    return fail(failure.status, { fieldErrors: {}, formError: failure.message });
  }
}
