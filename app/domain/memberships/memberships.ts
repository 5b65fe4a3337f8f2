import { z } from "~/lib/zod-fr";
import { shareOf } from "~/domain/payments/amounts";
import { royaltyCents } from "~/domain/payments/royalty";
import { taxesOn } from "~/domain/booking/pricing";

/**
 * Memberships (issue 34, item 3; ADR 095): a period's charge, the periods themselves, what a
 * member's booking costs, and when a refused renewal is tried again. Integer cents only.
 */

/** A calendar month later, the day kept or the month's last day (31 January -> 28/29 February). */
export function addMonth(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** A period's lines: the price per vehicle x vehicles, TPS and TVQ as on a wash, the royalty. */
export function periodCharge(input: {
  unitPriceCents: number;
  vehicles: number;
  royaltyBasisPoints: number;
}) {
  const subtotalCents = input.unitPriceCents * input.vehicles;
  const { tpsCents, tvqCents } = taxesOn(subtotalCents);
  return {
    subtotalCents,
    tpsCents,
    tvqCents,
    amountCents: subtotalCents + tpsCents + tvqCents,
    applicationFeeCents: royaltyCents(subtotalCents, input.royaltyBasisPoints),
  };
}

/** Tries of one period's charge: now, then 1 day and 3 days after a refusal; then cancelled. */
export const RENEWAL_MAX_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [24 * 3600_000, 3 * 24 * 3600_000];

/** When the next try of a refused renewal runs, or null when it was the last one. */
export function nextRenewalAttempt(attemptsMade: number, now: Date): Date | null {
  if (attemptsMade >= RENEWAL_MAX_ATTEMPTS) return null;
  const delay = RETRY_DELAYS_MS[attemptsMade - 1] ?? RETRY_DELAYS_MS.at(-1)!;
  return new Date(now.getTime() + delay);
}

/**
 * What a membership takes off a booking: its included washes cover up to `left` cars of the
 * plan's service (each at its own price, the dearest first), and the extras get the plan's
 * discount. Nothing when the booking is of another service: only the extras' discount.
 */
export function memberDiscount(input: {
  sameService: boolean;
  /** Each car's price (by size class), in booking order. */
  carPricesCents: readonly number[];
  upsellsCents: number;
  /** Included washes left in the period. */
  left: number;
  extrasDiscountBasisPoints: number;
}): { washes: number; servicesCents: number; extrasCents: number; discountCents: number } {
  const washes = input.sameService ? Math.max(0, Math.min(input.left, input.carPricesCents.length)) : 0;
  const servicesCents = [...input.carPricesCents]
    .sort((a, b) => b - a)
    .slice(0, washes)
    .reduce((sum, cents) => sum + cents, 0);
  const extrasCents = shareOf(input.upsellsCents, input.extrasDiscountBasisPoints);
  return { washes, servicesCents, extrasCents, discountCents: servicesCents + extrasCents };
}

/** Is a booking's local day inside the paid period [start, end)? */
export function inPeriod(day: string, start: string | null, end: string | null): boolean {
  return start !== null && end !== null && day >= start && day < end;
}

// The admin's plan form and the customer's subscription form: one schema each, for the form and
// the server action.

/** A French amount as typed ('39,99', '39.99 $'), to a number of dollars. */
const typedNumber = (value: unknown) =>
  typeof value === "string" ? value.replace(/[\s$%\u00a0]/g, "").replace(",", ".") : value;

const money = z
  .preprocess(
    typedNumber,
    z.coerce
      .number({ message: "Entrez un montant." })
      .min(0.5, "Au moins 0,50 $.")
      .max(1000, "Au plus 1 000 $."),
  )
  .transform((dollars) => Math.round(dollars * 100));

export const MembershipPlanFormSchema = z.object({
  id: z.string().uuid().optional(),
  name: z.string().trim().min(2, "Entrez un nom (2 caractères au moins).").max(80, "80 caractères au plus."),
  description: z
    .string()
    .trim()
    .max(300, "300 caractères au plus.")
    .optional()
    .transform((text) => text || null),
  monthlyPrice: money,
  serviceId: z.string().uuid("Choisissez le lavage inclus."),
  includedWashes: z.coerce
    .number()
    .int("Un nombre entier.")
    .min(0, "Entre 0 et 10.")
    .max(10, "Entre 0 et 10."),
  extrasDiscountPercent: z
    .preprocess(
      typedNumber,
      z.coerce
        .number({ message: "Entrez un pourcentage." })
        .min(0, "Entre 0 et 100 %.")
        .max(100, "Entre 0 et 100 %."),
    )
    .transform((percent) => Math.round(percent * 100)),
  isActive: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type MembershipPlanForm = z.output<typeof MembershipPlanFormSchema>;

export const SubscribeFormSchema = z.object({
  planId: z.string().uuid("Choisissez un forfait."),
  zone: z.string().trim().min(1, "Choisissez votre secteur."),
  vehicles: z.coerce.number().int().min(1, "De 1 à 3 véhicules.").max(3, "De 1 à 3 véhicules."),
  requestKey: z.string().min(16).max(64),
});
export type SubscribeForm = z.output<typeof SubscribeFormSchema>;
