/**
 * The back office's payment forms (issue 31, ADR 075), shared by the pages and their actions:
 * a zone's payment setting, a royalty rate, a refund, a payment recorded on site. Amounts are
 * typed in dollars ('25,00') and percentages ('7,5'); the schemas give integer cents and basis
 * points, the units of the ledger and of zone_payment_settings.
 */
import { parsePriceToCents } from "~/domain/admin/money";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { STRIPE_MINIMUM_CENTS } from "./terms";

const v = paymentsOfficeMessages.validation;

/** A percentage as typed ('8', '7,5', '12.25 %') to basis points (0-10 000), or null. */
export function parsePercentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0\u202f%]/g, ""));
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as typed back: 750 -> '7,5', 800 -> '8'. */
export function basisPointsToPercentInput(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  if (rest === 0) return String(whole);
  return `${whole},${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const typed = z.preprocess(blank, refuseNul(z.string().trim().max(20, v.amount)).optional());

/** The admin's setting of one zone, as the form posts it. */
export const ZonePaymentSettingSchema = z
  .object({
    zoneId: z.uuid(v.request),
    mode: z.enum(["on_site", "card_kept", "deposit"], { error: v.mode }),
    depositRule: z.preprocess(blank, z.enum(["fixed", "percent"], { error: v.depositRule }).optional()),
    depositValue: typed,
    lateCancelRule: z.enum(["none", "deposit", "fixed", "percent"], { error: v.request }),
    lateCancelValue: typed,
    noShowRule: z.enum(["none", "deposit", "fixed", "percent"], { error: v.request }),
    noShowValue: typed,
  })
  .transform((input, ctx) => {
    /** A typed value by its rule: cents (at least Stripe's minimum) or basis points (above 0). */
    const valueOf = (rule: "fixed" | "percent", text: string | undefined, path: string): number | null => {
      if (text === undefined) {
        ctx.addIssue({ code: "custom", path: [path], message: rule === "fixed" ? v.amount : v.percent });
        return null;
      }
      if (rule === "fixed") {
        const cents = parsePriceToCents(text);
        if (cents === null) ctx.addIssue({ code: "custom", path: [path], message: v.amount });
        else if (cents < STRIPE_MINIMUM_CENTS)
          ctx.addIssue({ code: "custom", path: [path], message: v.amountMinimum });
        else return cents;
        return null;
      }
      const bp = parsePercentToBasisPoints(text);
      if (bp === null || bp === 0) {
        ctx.addIssue({ code: "custom", path: [path], message: v.percent });
        return null;
      }
      return bp;
    };
    let depositRule: "fixed" | "percent" | null = null;
    let depositValue: number | null = null;
    if (input.mode === "deposit") {
      if (!input.depositRule) ctx.addIssue({ code: "custom", path: ["depositRule"], message: v.depositRule });
      else {
        depositRule = input.depositRule;
        depositValue = valueOf(input.depositRule, input.depositValue, "depositValue");
      }
    }
    const fee = (rule: "none" | "deposit" | "fixed" | "percent", text: string | undefined, path: string) => {
      if (rule === "none") return { rule, value: null };
      if (input.mode === "on_site") {
        ctx.addIssue({ code: "custom", path: [path.replace("Value", "Rule")], message: v.feeNeedsCard });
        return { rule, value: null };
      }
      if (rule === "deposit") {
        if (input.mode !== "deposit")
          ctx.addIssue({ code: "custom", path: [path.replace("Value", "Rule")], message: v.feeNeedsDeposit });
        return { rule, value: null };
      }
      return { rule, value: valueOf(rule, text, path) };
    };
    const late = fee(input.lateCancelRule, input.lateCancelValue, "lateCancelValue");
    const noShow = fee(input.noShowRule, input.noShowValue, "noShowValue");
    return {
      zoneId: input.zoneId,
      mode: input.mode,
      depositRule,
      depositValue,
      lateCancelRule: late.rule,
      lateCancelValue: late.value,
      noShowRule: noShow.rule,
      noShowValue: noShow.value,
    };
  });

export type ZonePaymentSettingInput = z.infer<typeof ZonePaymentSettingSchema>;

/** A royalty rate: the network's (required) or a franchisee's (blank = the network's). */
export const RoyaltySchema = z
  .object({
    franchiseeId: z.preprocess(blank, z.uuid(v.request).optional()),
    rate: typed,
  })
  .transform((input, ctx) => {
    if (input.rate === undefined) {
      if (!input.franchiseeId) ctx.addIssue({ code: "custom", path: ["rate"], message: v.royalty });
      return { franchiseeId: input.franchiseeId ?? null, basisPoints: null };
    }
    const bp = parsePercentToBasisPoints(input.rate);
    if (bp === null) ctx.addIssue({ code: "custom", path: ["rate"], message: v.royalty });
    return { franchiseeId: input.franchiseeId ?? null, basisPoints: bp };
  });

/** A refund of all or part of a card payment, with its reason; `key` makes a double submit count once. */
export const RefundSchema = z.object({
  paymentId: z.uuid(v.request),
  key: z.uuid(v.request),
  amount: refuseNul(
    z.string({ error: v.refundAmount }).trim().min(1, v.refundAmount).max(20, v.refundAmount),
  ).transform((text, ctx) => {
    const cents = parsePriceToCents(text);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", message: v.refundAmount });
      return z.NEVER;
    }
    return cents;
  }),
  reason: refuseNul(z.string({ error: v.reason }).trim().min(3, v.reason).max(500, v.reason)),
});

export type RefundInput = z.infer<typeof RefundSchema>;

/** A booking paid on site, in one tap: how, and the tip given, if any. */
export const OnSitePaymentSchema = z.object({
  appointmentId: z.uuid(v.request),
  method: z.enum(["cash", "on_site_card"], { error: v.request }),
  tip: z.preprocess(
    blank,
    refuseNul(z.string().trim().max(20, v.tip))
      .transform((text, ctx) => {
        const cents = parsePriceToCents(text);
        if (cents === null) {
          ctx.addIssue({ code: "custom", message: v.tip });
          return z.NEVER;
        }
        return cents;
      })
      .optional(),
  ),
});

export type OnSitePaymentInput = z.infer<typeof OnSitePaymentSchema>;
