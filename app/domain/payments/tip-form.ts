import { z } from "~/lib/zod-fr";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { formatMoney } from "~/lib/format";
import { STRIPE_MINIMUM_CENTS } from "./terms";
import { TIP_MAX_CENTS, TIP_PERCENTS, type TipAnswer } from "./tips";

const t = afterWashMessages.tip;

/** '12,50', '12.50', '12' or '12,50 $' in cents, or null when it is not an amount in dollars. */
export function dollarsToCents(text: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0$]/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/**
 * The tip page's form (ADR 079), the same schema on the page and on the server: one of the
 * choices, none preselected, and with "Autre montant" an amount in dollars between Stripe's
 * minimum and the tips' maximum.
 */
export const TipFormSchema = z
  .object({
    choice: z.enum(["custom", "none", ...TIP_PERCENTS.map(String)], {
      error: t.chooseOne,
    }),
    amount: z.string().trim().max(20).optional().default(""),
  })
  .superRefine((form, ctx) => {
    if (form.choice !== "custom") return;
    if (form.amount === "")
      return ctx.addIssue({ code: "custom", path: ["amount"], message: t.amountRequired });
    const cents = dollarsToCents(form.amount);
    if (cents === null) return ctx.addIssue({ code: "custom", path: ["amount"], message: t.amountInvalid });
    if (cents < STRIPE_MINIMUM_CENTS)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: t.amountTooSmall(formatMoney(STRIPE_MINIMUM_CENTS)),
      });
    if (cents > TIP_MAX_CENTS)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: t.amountTooLarge(formatMoney(TIP_MAX_CENTS)),
      });
  })
  .transform((form): TipAnswer =>
    form.choice === "custom"
      ? { choice: "custom", customCents: dollarsToCents(form.amount)! }
      : { choice: form.choice as TipAnswer["choice"] },
  );
