import { and, eq, inArray } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, payments } from "#db/schema";
import { chosenTip, tipChoices, type TipAnswer, type TipChoice } from "~/domain/payments/tips";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { balanceDue } from "./balance-link.server";
import { isTipTokenValid } from "./tip-link.server";

export interface TipPage {
  bookingId: string;
  startAt: Date;
  /** The amount before taxes, which the suggested percentages are computed on. */
  preTaxCents: number;
  choices: TipChoice[];
  /** The tip already left (pending or paid), or the last one refused. */
  tip: { status: "pending" | "succeeded" | "failed"; cents: number } | null;
  /** « Aucun pourboire » was chosen: the page offers nothing more. */
  declined: boolean;
  /** A balance the card kept refused, still to pay (cents taxes included), or null. */
  balanceDueCents: number | null;
}

/** A completed wash whose card was kept at booking, opened by its signed link; null otherwise. */
async function tippable(db: Db, bookingId: string, token: string) {
  if (!(await isTipTokenValid(db, bookingId, token))) return null;
  const [row] = await db
    .select({ appointment: appointments, plan: appointmentPaymentPlans })
    .from(appointments)
    .innerJoin(appointmentPaymentPlans, eq(appointmentPaymentPlans.appointmentId, appointments.id))
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, "completed")));
  if (!row?.plan.stripeCustomerId || !row.plan.stripePaymentMethodId) return null;
  return { ...row.appointment, tipDeclined: row.plan.tipDeclinedAt !== null };
}

async function lastTip(db: Db, appointmentId: string): Promise<TipPage["tip"]> {
  const rows = await db
    .select({ status: payments.status, cents: payments.tipCents })
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.kind, "tip"),
        inArray(payments.status, ["pending", "succeeded", "failed"]),
      ),
    )
    .orderBy(payments.createdAt);
  const live = rows.find((r) => r.status !== "failed");
  const last = live ?? rows.at(-1);
  return last ? { status: last.status as "pending" | "succeeded" | "failed", cents: last.cents } : null;
}

/** The tip page of a booking (ADR 079), or null for a wrong link or a wash that takes no tip online. */
export async function loadTipPage(db: Db, bookingId: string, token: string): Promise<TipPage | null> {
  const appointment = await tippable(db, bookingId, token);
  if (!appointment) return null;
  return {
    bookingId,
    startAt: appointment.startAt,
    preTaxCents: appointment.priceCents,
    choices: tipChoices(appointment.priceCents),
    tip: await lastTip(db, appointment.id),
    declined: appointment.tipDeclined,
    balanceDueCents: (await balanceDue(db, appointment.id))?.payment.amountCents ?? null,
  };
}

export type TipOutcome =
  | { status: "charged"; cents: number }
  | { status: "none" }
  | { status: "already"; cents: number }
  /** « Aucun pourboire » was chosen before: nothing is charged. */
  | { status: "declined" };

/**
 * The customer's choice on the tip page (ADR 079). A tip is a ledger row of its own (kind tip, no
 * tax, no royalty: all of it to the franchisee) charged to the card kept by the `payments.charge`
 * job under the row's key. Once per booking: the plan row is locked while the choice is written,
 * so a second submit or a second tab finds the first tip ('already'); the key is unique anyway. A
 * refused tip may be tried again (a new row and key). "Aucun pourboire" charges nothing and is
 * recorded on the plan (`tip_declined_at`, under the same lock), once: no tip is taken after it.
 */
export async function leaveTip(
  db: Db,
  input: { bookingId: string; token: string; answer: TipAnswer; now: Date },
): Promise<TipOutcome> {
  const appointment = await tippable(db, input.bookingId, input.token);
  if (!appointment) throw new AppError("NOT_FOUND");
  const tip = chosenTip(input.answer, appointment.priceCents);
  if (!tip.ok) throw new AppError("VALIDATION", tip.code);
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ tipDeclinedAt: appointmentPaymentPlans.tipDeclinedAt })
      .from(appointmentPaymentPlans)
      .where(eq(appointmentPaymentPlans.appointmentId, appointment.id))
      .for("update");
    if (plan?.tipDeclinedAt) return { status: "declined" };
    const tips = await tx
      .select({ status: payments.status, cents: payments.tipCents })
      .from(payments)
      .where(and(eq(payments.appointmentId, appointment.id), eq(payments.kind, "tip")));
    const live = tips.find((row) => row.status === "pending" || row.status === "succeeded");
    if (live) return { status: "already", cents: live.cents };
    if (tip.cents === 0) {
      await tx
        .update(appointmentPaymentPlans)
        .set({ tipDeclinedAt: input.now })
        .where(eq(appointmentPaymentPlans.appointmentId, appointment.id));
      return { status: "none" };
    }
    const [row] = await tx
      .insert(payments)
      .values({
        appointmentId: appointment.id,
        franchiseeId: appointment.franchiseeId,
        kind: "tip",
        amountCents: tip.cents,
        subtotalCents: 0,
        tipCents: tip.cents,
        applicationFeeCents: 0,
        idempotencyKey: `booking:${appointment.id}:tip:${tips.length + 1}`,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning({ id: payments.id });
    if (!row) return { status: "already", cents: tip.cents };
    await enqueue(tx, "payments.charge", { paymentId: row.id });
    return { status: "charged", cents: tip.cents };
  });
}
