import { requireCents } from "./amounts";

/**
 * Tips after the wash (issue 31; Quebec's 2025 rule on tip suggestions): the suggested
 * percentages are computed on the amount before taxes, shown neutrally (none is preselected or
 * highlighted), and "Autre montant" and "Aucun pourboire" are offered the same way. The tip has
 * no taxes and no royalty: it goes to the franchisee in full.
 */

export const TIP_PERCENTS = [10, 15, 20] as const;
/** A custom tip above this is refused as a likely typo (the customer can call us). */
export const TIP_MAX_CENTS = 100_000;

export type TipChoice =
  | { kind: "percent"; percent: (typeof TIP_PERCENTS)[number]; cents: number }
  | { kind: "custom" }
  | { kind: "none" };

/** The tip's amount for a percentage of the pre-tax amount, half up to the cent. */
export function tipForPercent(preTaxCents: number, percent: number): number {
  requireCents("preTaxCents", preTaxCents);
  return Math.floor((2 * preTaxCents * percent + 100) / 200);
}

/** The choices in the order shown: the percentages, then "Autre montant", then "Aucun pourboire". */
export function tipChoices(preTaxCents: number): TipChoice[] {
  return [
    ...TIP_PERCENTS.map((percent) => ({
      kind: "percent" as const,
      percent,
      cents: tipForPercent(preTaxCents, percent),
    })),
    { kind: "custom" },
    { kind: "none" },
  ];
}

export type TipAnswer = {
  choice: `${(typeof TIP_PERCENTS)[number]}` | "custom" | "none";
  customCents?: number;
};

/** The tip a customer chose, in cents, or the reason it is refused. */
export function chosenTip(
  answer: TipAnswer,
  preTaxCents: number,
): { ok: true; cents: number } | { ok: false; code: "TIP_AMOUNT_REQUIRED" | "TIP_TOO_LARGE" } {
  if (answer.choice === "none") return { ok: true, cents: 0 };
  if (answer.choice !== "custom")
    return { ok: true, cents: tipForPercent(preTaxCents, Number(answer.choice)) };
  if (answer.customCents === undefined) return { ok: false, code: "TIP_AMOUNT_REQUIRED" };
  const cents = requireCents("customCents", answer.customCents);
  if (cents > TIP_MAX_CENTS) return { ok: false, code: "TIP_TOO_LARGE" };
  return { ok: true, cents };
}
